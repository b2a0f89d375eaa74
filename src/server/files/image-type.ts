/** The type of an uploaded image from its first bytes, whatever its name or declared type says. */
import type { ImageType } from '../../lib/upload-rules.ts';

export { IMAGE_CONTENT_TYPES, type ImageType } from '../../lib/upload-rules.ts';

export function sniffImage(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (
    bytes.length >= 8 &&
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, index) => bytes[index] === byte)
  )
    return 'png';
  if (bytes.length >= 26 && bytes[0] === 0x42 && bytes[1] === 0x4d) return 'bmp';
  return null;
}
