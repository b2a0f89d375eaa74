/**
 * The boolean (arithmetic) encoder of VP8 and VP9: each bit is coded against an 8-bit probability
 * that it is 0. Starts with the 0 marker bit VP9 decoders check, and ends with the 32 zero bits
 * that flush the last byte and satisfy the padding check.
 */
export class BoolWriter {
  private low = 0;
  private range = 255;
  private count = -24;
  private readonly bytes: number[] = [];

  constructor() {
    this.write(false, 128);
  }

  write(bit: boolean, probability: number): void {
    const split = 1 + (((this.range - 1) * probability) >> 8);
    if (bit) {
      this.low = (this.low + split) % 2 ** 32;
      this.range -= split;
    } else {
      this.range = split;
    }
    let shift = Math.clz32(this.range) - 24;
    this.range <<= shift;
    this.count += shift;
    if (this.count >= 0) {
      const offset = shift - this.count;
      // low may carry into the bytes already written
      if (Math.floor(this.low * 2 ** (offset - 1)) % 2 ** 32 >= 2 ** 31) this.carry();
      this.bytes.push(Math.floor(this.low / 2 ** (24 - offset)) & 0xff);
      this.low = (this.low * 2 ** offset) % 2 ** 24;
      shift = this.count;
      this.count -= 8;
    }
    this.low = (this.low * 2 ** shift) % 2 ** 32;
  }

  /** n bits, most significant first, each at probability one half (the spec's L(n)) */
  literal(value: number, bits: number): void {
    for (let bit = bits - 1; bit >= 0; bit--) this.write(((value >> bit) & 1) === 1, 128);
  }

  finish(): Uint8Array {
    for (let i = 0; i < 32; i++) this.write(false, 128);
    // a last byte 110xxxxx could be read as a superframe index marker
    if (((this.bytes.at(-1) ?? 0) & 0xe0) === 0xc0) this.bytes.push(0);
    return Uint8Array.from(this.bytes);
  }

  private carry(): void {
    let i = this.bytes.length - 1;
    while (i >= 0 && this.bytes[i] === 0xff) {
      this.bytes[i] = 0;
      i--;
    }
    if (i >= 0) this.bytes[i] = (this.bytes[i] ?? 0) + 1;
  }
}
