/**
 * The demo's playable media, drawn in code at seed time (nothing to download, no codec library):
 * a short VP9 WebM clip and a WAV tone. Small, deterministic, and playable by Chromium as shipped
 * by Debian (no proprietary codecs).
 */
import { vp9GreyKeyFrame } from './vp9-still.ts';
import { wav } from './wav.ts';
import { webm } from './webm.ts';

export const DEMO_CLIP_SECONDS = 3;
const FRAME_MS = 100;
const SAMPLE_RATE = 8000;

export function demoVideo(): Uint8Array {
  const frame = vp9GreyKeyFrame();
  const frames = Array.from({ length: (DEMO_CLIP_SECONDS * 1000) / FRAME_MS }, () => frame);
  return webm({ codec: 'V_VP9', width: 64, height: 64, frameMs: FRAME_MS, frames });
}

/** A soft two-note chime, faded in and out so it starts and ends without a click. */
export function demoAudio(pitch = 440): Uint8Array {
  const count = DEMO_CLIP_SECONDS * SAMPLE_RATE;
  const samples = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    const t = i / SAMPLE_RATE;
    const envelope = Math.min(1, t / 0.05, (DEMO_CLIP_SECONDS - t) / 0.3);
    const note = t < DEMO_CLIP_SECONDS / 2 ? pitch : pitch * 1.25;
    samples[i] = 0.3 * envelope * Math.sin(2 * Math.PI * note * t);
  }
  return wav(samples, SAMPLE_RATE);
}
