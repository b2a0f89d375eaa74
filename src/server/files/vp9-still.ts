/**
 * One VP9 key frame (profile 0, 4:2:0, 8-bit) that decodes to a flat mid-grey picture: every block
 * is DC-predicted with no residual, so the encoder needs no coefficient tables, only the few
 * default probabilities of the symbols it writes. Enough for a demo clip that any VP9 decoder
 * (Chromium's libvpx among them) plays.
 */
import { BoolWriter } from './bool-writer.ts';

/** default probabilities (VP9 bitstream specification, section 10.5) of the symbols written */
const KF_PARTITION_64_NEITHER_SPLIT = 174;
const SKIP_CONTEXT_0 = 192;
const KF_Y_MODE_DC_DC = 137;
const KF_UV_MODE_DC = 144;
const DIFF_UPDATE = 252;
const SKIP_CONTEXTS = 3;
const SUPERBLOCK = 64;

class BitWriter {
  private readonly bits: number[] = [];
  put(value: number, count: number): void {
    for (let bit = count - 1; bit >= 0; bit--) this.bits.push((value >> bit) & 1);
  }
  bytes(): Uint8Array {
    const out = new Uint8Array(Math.ceil(this.bits.length / 8));
    this.bits.forEach((bit, i) => {
      if (bit) out[i >> 3] = (out[i >> 3] ?? 0) | (0x80 >> (i & 7));
    });
    return out;
  }
}

function compressedHeader(): Uint8Array {
  const header = new BoolWriter();
  header.literal(0, 2); // tx_mode ONLY_4X4
  header.literal(0, 1); // no coefficient probability updates for 4x4
  for (let i = 0; i < SKIP_CONTEXTS; i++) header.write(false, DIFF_UPDATE);
  return header.finish();
}

/** The one 64x64 superblock: not split, skipped, DC prediction for luma and chroma. */
function tileData(): Uint8Array {
  const tile = new BoolWriter();
  tile.write(false, KF_PARTITION_64_NEITHER_SPLIT);
  tile.write(true, SKIP_CONTEXT_0);
  tile.write(false, KF_Y_MODE_DC_DC);
  tile.write(false, KF_UV_MODE_DC);
  return tile.finish();
}

/** A 64×64 key frame: one superblock, so no neighbour contexts arise. */
export function vp9GreyKeyFrame(): Uint8Array {
  const width = SUPERBLOCK;
  const height = SUPERBLOCK;
  const compressed = compressedHeader();
  const bits = new BitWriter();
  bits.put(2, 2); // frame marker
  bits.put(0, 2); // profile 0
  bits.put(0, 1); // show_existing_frame
  bits.put(0, 1); // key frame
  bits.put(1, 1); // show_frame
  bits.put(0, 1); // error_resilient_mode
  bits.put(0x498342, 24); // sync code
  bits.put(2, 3); // colour space BT.601
  bits.put(0, 1); // studio range
  bits.put(width - 1, 16);
  bits.put(height - 1, 16);
  bits.put(0, 1); // render size = frame size
  bits.put(0, 1); // refresh_frame_context
  bits.put(1, 1); // frame_parallel_decoding_mode
  bits.put(0, 2); // frame_context_idx
  bits.put(0, 6); // loop filter level
  bits.put(0, 3); // sharpness
  bits.put(0, 1); // no mode/ref deltas
  bits.put(60, 8); // base_q_idx (non-zero: not lossless)
  bits.put(0, 3); // no delta_q for y dc, uv dc, uv ac
  bits.put(0, 1); // no segmentation
  bits.put(0, 1); // one tile row (one tile column is implied at this width)
  bits.put(compressed.length, 16);
  const uncompressed = bits.bytes();
  const tile = tileData();
  const frame = new Uint8Array(uncompressed.length + compressed.length + tile.length);
  frame.set(uncompressed, 0);
  frame.set(compressed, uncompressed.length);
  frame.set(tile, uncompressed.length + compressed.length);
  return frame;
}
