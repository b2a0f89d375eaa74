/**
 * A minimal WebM (Matroska/EBML) file holding one video track of whole frames, each a key frame in
 * a SimpleBlock of one cluster: what Chromium needs to play and seek a short clip.
 */
type Element = Uint8Array;

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** EBML variable-size integer of an element's data size */
function size(value: number): Uint8Array {
  for (let length = 1; length <= 8; length++) {
    if (value < 2 ** (7 * length) - 1) {
      const out = new Uint8Array(length);
      let rest = value;
      for (let i = length - 1; i >= 0; i--) {
        out[i] = rest % 256;
        rest = Math.floor(rest / 256);
      }
      out[0] = (out[0] ?? 0) | (0x80 >> (length - 1));
      return out;
    }
  }
  throw new RangeError(`element too large: ${value}`);
}

function idBytes(id: number): Uint8Array {
  const out: number[] = [];
  for (let rest = id; rest > 0; rest = Math.floor(rest / 256)) out.unshift(rest % 256);
  return Uint8Array.from(out);
}

function element(id: number, data: Uint8Array): Element {
  return concat([idBytes(id), size(data.length), data]);
}

const master = (id: number, children: readonly Element[]): Element => element(id, concat(children));

function uint(id: number, value: number): Element {
  const out: number[] = [];
  for (let rest = value; rest > 0; rest = Math.floor(rest / 256)) out.unshift(rest % 256);
  return element(id, Uint8Array.from(out.length ? out : [0]));
}

const text = (id: number, value: string): Element => element(id, new TextEncoder().encode(value));

function float(id: number, value: number): Element {
  const data = new Uint8Array(8);
  new DataView(data.buffer).setFloat64(0, value);
  return element(id, data);
}

function simpleBlock(frame: Uint8Array, timecodeMs: number): Element {
  // track 1, timecode relative to the cluster (signed 16-bit), flags: key frame
  const head = new Uint8Array([0x81, (timecodeMs >> 8) & 0xff, timecodeMs & 0xff, 0x80]);
  return element(0xa3, concat([head, frame]));
}

export type WebmVideo = {
  codec: 'V_VP8' | 'V_VP9';
  width: number;
  height: number;
  frameMs: number;
  frames: readonly Uint8Array[];
};

export function webm(video: WebmVideo): Uint8Array {
  const header = master(0x1a45dfa3, [
    uint(0x4286, 1),
    uint(0x42f7, 1),
    uint(0x42f2, 4),
    uint(0x42f3, 8),
    text(0x4282, 'webm'),
    uint(0x4287, 2),
    uint(0x4285, 2),
  ]);
  const info = master(0x1549a966, [
    uint(0x2ad7b1, 1_000_000),
    text(0x4d80, 'journal-portal'),
    text(0x5741, 'journal-portal'),
    float(0x4489, video.frames.length * video.frameMs),
  ]);
  const tracks = master(0x1654ae6b, [
    master(0xae, [
      uint(0xd7, 1),
      uint(0x73c5, 1),
      uint(0x83, 1),
      uint(0x9c, 0),
      uint(0x23e383, video.frameMs * 1_000_000),
      text(0x86, video.codec),
      master(0xe0, [uint(0xb0, video.width), uint(0xba, video.height)]),
    ]),
  ]);
  const cluster = master(0x1f43b675, [
    uint(0xe7, 0),
    ...video.frames.map((frame, i) => simpleBlock(frame, i * video.frameMs)),
  ]);
  // one cue: the cluster starts right after Info, Tracks and the Cues themselves
  const cues = (clusterAt: number) =>
    master(0x1c53bb6b, [master(0xbb, [uint(0xb3, 0), master(0xb7, [uint(0xf7, 1), uint(0xf1, clusterAt)])])]);
  const before = info.length + tracks.length;
  let cueElement = cues(before);
  cueElement = cues(before + cueElement.length);
  return concat([header, master(0x18538067, [info, tracks, cueElement, cluster])]);
}
