/**
 * The upload rules the personal centre checks before sending (src/lib/upload-rules.ts) and the
 * server's reading of a picture's dimensions from its header (src/server/files/image-size.ts).
 */
import { describe, expect, it } from 'vitest';
import { ALBUM_COVER_MAX_BYTES, AVATAR_MAX_BYTES } from '../../src/lib/constants.ts';
import { uploadProblem } from '../../src/lib/upload-rules.ts';
import { imageSize } from '../../src/server/files/image-size.ts';

describe('what the browser checks before sending', () => {
  it("takes SPEC's types by declared type, or by name when the browser declares none", () => {
    expect(uploadProblem('avatar', { name: 'IMG_1.jpg', type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(uploadProblem('avatar', { name: 'scan.bmp', type: 'image/x-ms-bmp', size: 1000 })).toBeNull();
    expect(uploadProblem('avatar', { name: 'photo.JPEG', type: '', size: 1000 })).toBeNull();
    expect(uploadProblem('avatar', { name: 'IMG_2.heic', type: 'image/heic', size: 1000 })).toBe('avatarType');
    expect(uploadProblem('cover', { name: 'cover.bmp', type: 'image/bmp', size: 1000 })).toBe('coverType');
    expect(uploadProblem('cover', { name: 'cover', type: '', size: 1000 })).toBe('coverType');
  });

  it('refuses a profile photo of 5M or more and a cover over 3M', () => {
    expect(uploadProblem('avatar', { name: 'a.png', type: 'image/png', size: AVATAR_MAX_BYTES })).toBeNull();
    expect(uploadProblem('avatar', { name: 'a.png', type: 'image/png', size: 5 * 1024 * 1024 })).toBe('avatarTooLarge');
    expect(uploadProblem('avatar', { name: 'a.jpg', type: 'image/jpeg', size: 6 * 1024 * 1024 })).toBe(
      'avatarTooLarge',
    );
    expect(uploadProblem('cover', { name: 'c.png', type: 'image/png', size: ALBUM_COVER_MAX_BYTES })).toBeNull();
    expect(uploadProblem('cover', { name: 'c.jpg', type: 'image/jpeg', size: 4 * 1024 * 1024 })).toBe('coverTooLarge');
  });
});

const bytes = (...parts: number[][]) => Uint8Array.from(parts.flat());
const u16 = (value: number) => [value >> 8, value & 0xff];

describe('dimensions from the header', () => {
  it('reads a progressive JPEG after APP segments and fill bytes', () => {
    const app1 = [0xff, 0xe1, ...u16(8), 0x45, 0x78, 0x69, 0x66, 0, 0];
    const sof2 = [0xff, 0xff, 0xc2, ...u16(17), 8, ...u16(3000), ...u16(4000), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
    expect(imageSize(bytes([0xff, 0xd8], app1, sof2), 'jpg')).toEqual({ width: 4000, height: 3000 });
  });

  it('does not take a huffman table (C4) for a frame, and gives up at the scan or a cut header', () => {
    const dht = [0xff, 0xc4, ...u16(4), 0, 0];
    expect(imageSize(bytes([0xff, 0xd8], dht, [0xff, 0xda, 0, 2]), 'jpg')).toBeNull();
    expect(imageSize(bytes([0xff, 0xd8], [0xff, 0xc0, 0, 17, 8]), 'jpg')).toBeNull();
  });

  it('reads BMP info and core headers, a top-down height as positive', () => {
    const info = new Uint8Array(54);
    const view = new DataView(info.buffer);
    info.set([0x42, 0x4d]);
    view.setUint32(14, 40, true);
    view.setInt32(18, 640, true);
    view.setInt32(22, -480, true);
    expect(imageSize(info, 'bmp')).toEqual({ width: 640, height: 480 });
    const core = new Uint8Array(26);
    const coreView = new DataView(core.buffer);
    core.set([0x42, 0x4d]);
    coreView.setUint32(14, 12, true);
    coreView.setUint16(18, 320, true);
    coreView.setUint16(20, 200, true);
    expect(imageSize(core, 'bmp')).toEqual({ width: 320, height: 200 });
  });

  it('answers null for a PNG without its IHDR or of zero width', () => {
    const png = Uint8Array.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 0, 0, 0, 0, 1,
    ]);
    expect(imageSize(png, 'png')).toBeNull();
    expect(imageSize(png.subarray(0, 20), 'png')).toBeNull();
  });
});
