/**
 * The demo's generated media, read back by their container rules (the e2e test plays them in
 * Chromium): a WebM file whose one VP9 track holds a key frame per 100 ms, and a PCM WAV file.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_CLIP_SECONDS, demoAudio, demoVideo } from '../../src/server/files/demo-media.ts';
import { vp9GreyKeyFrame } from '../../src/server/files/vp9-still.ts';

const ascii = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

/** positions of an EBML element id in a file (enough for these small files) */
function find(bytes: Uint8Array, id: readonly number[]): number[] {
  const found: number[] = [];
  for (let i = 0; i + id.length <= bytes.length; i++) if (id.every((b, j) => bytes[i + j] === b)) found.push(i);
  return found;
}

describe('demo media', () => {
  it('the video is a WebM file with one VP9 track, its duration and a key frame every 100 ms', () => {
    const video = demoVideo();
    expect([...video.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    expect(ascii(video)).toContain('webm');
    expect(ascii(video)).toContain('V_VP9');
    const durationAt = find(video, [0x44, 0x89, 0x88])[0] ?? -1;
    expect(new DataView(video.buffer, video.byteOffset + durationAt + 3, 8).getFloat64(0)).toBe(
      DEMO_CLIP_SECONDS * 1000,
    );
    const frame = vp9GreyKeyFrame();
    // frame marker 2, profile 0, a shown key frame, then the VP9 sync code
    expect(frame[0]).toBe(0x82);
    expect([...frame.subarray(1, 4)]).toEqual([0x49, 0x83, 0x42]);
    const blocks = find(video, [0xa3]).filter((at) => video[at + 2] === 0x81 && video[at + 5] === 0x80);
    expect(blocks).toHaveLength(DEMO_CLIP_SECONDS * 10);
    expect(video.length).toBeLessThan(2_000);
  });

  it('the audio is a mono 8-bit PCM WAV file of the clip length with sound in it', () => {
    const audio = demoAudio();
    const view = new DataView(audio.buffer, audio.byteOffset);
    expect(ascii(audio.subarray(0, 4))).toBe('RIFF');
    expect(ascii(audio.subarray(8, 16))).toBe('WAVEfmt ');
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    const rate = view.getUint32(24, true);
    expect(view.getUint32(40, true) / rate).toBe(DEMO_CLIP_SECONDS);
    const samples = audio.subarray(44);
    expect(Math.max(...samples) - Math.min(...samples)).toBeGreaterThan(40);
    // a deterministic seed: the same bytes every time
    expect(demoAudio()).toEqual(audio);
    expect(demoVideo()).toEqual(demoVideo());
  });
});
