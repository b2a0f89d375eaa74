/** A RIFF/WAVE file of 8-bit mono PCM (samples in -1…1): small, and a tone needs no more. */
export function wav(samples: Float32Array, sampleRate: number): Uint8Array {
  const data = samples.length;
  const out = new Uint8Array(44 + data);
  const view = new DataView(out.buffer);
  const ascii = (at: number, value: string) => {
    for (let i = 0; i < value.length; i++) out[at + i] = value.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + data, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate, true); // bytes per second
  view.setUint16(32, 1, true); // bytes per frame
  view.setUint16(34, 8, true);
  ascii(36, 'data');
  view.setUint32(40, data, true);
  // 8-bit PCM is unsigned, silence at 128
  samples.forEach((sample, i) => {
    out[44 + i] = 128 + Math.round(Math.max(-1, Math.min(1, sample)) * 127);
  });
  return out;
}
