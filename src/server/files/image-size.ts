/**
 * Width and height of a PNG, JPEG or BMP from its header bytes, without decoding it: a picture of a
 * few hundred kilobytes can declare 40000×40000 pixels, which every browser that shows it must
 * allocate. Null when the header is cut short or names no size.
 */
import type { ImageType } from './image-type.ts';

export type ImageSize = { width: number; height: number };

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

function pngSize(bytes: Uint8Array): ImageSize | null {
  // the IHDR chunk comes first: length, 'IHDR', width, height (big-endian)
  if (bytes.length < 24 || String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return null;
  const data = view(bytes);
  return { width: data.getUint32(16), height: data.getUint32(20) };
}

/** start-of-frame markers (C0-CF except DHT C4, JPG C8 and DAC CC) carry the frame's size */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegSize(bytes: Uint8Array): ImageSize | null {
  const data = view(bytes);
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    // markers without a length: TEM, RST0-7
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    // scan data or the end before any frame header
    if (marker === 0xda || marker === 0xd9) return null;
    const length = data.getUint16(offset + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (offset + 9 > bytes.length) return null;
      return { width: data.getUint16(offset + 7), height: data.getUint16(offset + 5) };
    }
    offset += 2 + length;
  }
  return null;
}

function bmpSize(bytes: Uint8Array): ImageSize | null {
  if (bytes.length < 26) return null;
  const data = view(bytes);
  // OS/2 BITMAPCOREHEADER (12 bytes) has 16-bit sizes; the others 32-bit, the height negative when top-down
  if (data.getUint32(14, true) === 12) return { width: data.getUint16(18, true), height: data.getUint16(20, true) };
  return { width: Math.abs(data.getInt32(18, true)), height: Math.abs(data.getInt32(22, true)) };
}

export function imageSize(bytes: Uint8Array, type: ImageType): ImageSize | null {
  const size = type === 'png' ? pngSize(bytes) : type === 'jpg' ? jpegSize(bytes) : bmpSize(bytes);
  return size && size.width > 0 && size.height > 0 ? size : null;
}
