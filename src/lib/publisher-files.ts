/**
 * What a publisher's file (an article's PDF, a supplementary file) may be. The type is read from
 * the file's first bytes and must agree with its name: an .exe renamed .pdf is refused, and
 * nothing is served under a type its bytes do not have.
 */

import type { Lang } from './lang.ts';

/** What the bytes show, named for a message (src/i18n words each). */
export type FoundKind =
  | 'pdf'
  | 'zip'
  | 'ole'
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'tiff'
  | 'webp'
  | 'wav'
  | 'mp4'
  | 'webm'
  | 'mp3'
  | 'gzip'
  | 'windowsProgram'
  | 'linuxProgram'
  | 'script'
  | 'text'
  | 'unknown';
type Sniffed = { kind: string; what: FoundKind };

const ascii = (head: Uint8Array, at: number, text: string) =>
  [...text].every((char, i) => head[at + i] === char.charCodeAt(0));
const bytes = (head: Uint8Array, at: number, values: readonly number[]) =>
  values.every((value, i) => head[at + i] === value);

/** Bytes a reader needs to tell the type: the first 512. */
export const SNIFF_BYTES = 512;

/** The kind of content the first bytes show, with words for a message. */
export function sniff(head: Uint8Array): Sniffed {
  if (ascii(head, 0, '%PDF-')) return { kind: 'pdf', what: 'pdf' };
  if (bytes(head, 0, [0x50, 0x4b, 0x03, 0x04]) || bytes(head, 0, [0x50, 0x4b, 0x05, 0x06]))
    return { kind: 'zip', what: 'zip' };
  if (bytes(head, 0, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return { kind: 'ole', what: 'ole' };
  if (bytes(head, 0, [0x89, 0x50, 0x4e, 0x47])) return { kind: 'png', what: 'png' };
  if (bytes(head, 0, [0xff, 0xd8, 0xff])) return { kind: 'jpeg', what: 'jpeg' };
  if (ascii(head, 0, 'GIF8')) return { kind: 'gif', what: 'gif' };
  if (ascii(head, 0, 'II*\0') || ascii(head, 0, 'MM\0*')) return { kind: 'tiff', what: 'tiff' };
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return { kind: 'webp', what: 'webp' };
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return { kind: 'wav', what: 'wav' };
  if (ascii(head, 4, 'ftyp')) return { kind: 'mp4', what: 'mp4' };
  if (bytes(head, 0, [0x1a, 0x45, 0xdf, 0xa3])) return { kind: 'webm', what: 'webm' };
  if (ascii(head, 0, 'ID3') || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0))
    return { kind: 'mp3', what: 'mp3' };
  if (bytes(head, 0, [0x1f, 0x8b])) return { kind: 'gzip', what: 'gzip' };
  if (ascii(head, 0, 'MZ')) return { kind: 'program', what: 'windowsProgram' };
  if (bytes(head, 0, [0x7f, 0x45, 0x4c, 0x46])) return { kind: 'program', what: 'linuxProgram' };
  if (ascii(head, 0, '#!')) return { kind: 'program', what: 'script' };
  // text: no NUL and no control character but tab, line breaks and form feed
  if (head.every((byte) => byte >= 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d || byte === 0x0c))
    return { kind: 'text', what: 'text' };
  return { kind: 'unknown', what: 'unknown' };
}

/** The accepted extensions, the kind their bytes must show and the type they are served as. */
const TYPES: Readonly<Record<string, { kind: string; contentType: string }>> = {
  pdf: { kind: 'pdf', contentType: 'application/pdf' },
  zip: { kind: 'zip', contentType: 'application/zip' },
  docx: { kind: 'zip', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xlsx: { kind: 'zip', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pptx: { kind: 'zip', contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  odt: { kind: 'zip', contentType: 'application/vnd.oasis.opendocument.text' },
  ods: { kind: 'zip', contentType: 'application/vnd.oasis.opendocument.spreadsheet' },
  doc: { kind: 'ole', contentType: 'application/msword' },
  xls: { kind: 'ole', contentType: 'application/vnd.ms-excel' },
  ppt: { kind: 'ole', contentType: 'application/vnd.ms-powerpoint' },
  png: { kind: 'png', contentType: 'image/png' },
  jpg: { kind: 'jpeg', contentType: 'image/jpeg' },
  jpeg: { kind: 'jpeg', contentType: 'image/jpeg' },
  gif: { kind: 'gif', contentType: 'image/gif' },
  tif: { kind: 'tiff', contentType: 'image/tiff' },
  tiff: { kind: 'tiff', contentType: 'image/tiff' },
  webp: { kind: 'webp', contentType: 'image/webp' },
  wav: { kind: 'wav', contentType: 'audio/wav' },
  mp3: { kind: 'mp3', contentType: 'audio/mpeg' },
  mp4: { kind: 'mp4', contentType: 'video/mp4' },
  mov: { kind: 'mp4', contentType: 'video/quicktime' },
  webm: { kind: 'webm', contentType: 'video/webm' },
  gz: { kind: 'gzip', contentType: 'application/gzip' },
  tgz: { kind: 'gzip', contentType: 'application/gzip' },
  csv: { kind: 'text', contentType: 'text/csv; charset=utf-8' },
  tsv: { kind: 'text', contentType: 'text/tab-separated-values; charset=utf-8' },
  txt: { kind: 'text', contentType: 'text/plain; charset=utf-8' },
  md: { kind: 'text', contentType: 'text/plain; charset=utf-8' },
  json: { kind: 'text', contentType: 'application/json' },
  xml: { kind: 'text', contentType: 'application/xml' },
  bib: { kind: 'text', contentType: 'text/plain; charset=utf-8' },
  tex: { kind: 'text', contentType: 'text/plain; charset=utf-8' },
  py: { kind: 'text', contentType: 'text/plain; charset=utf-8' },
  r: { kind: 'text', contentType: 'text/plain; charset=utf-8' },
  m: { kind: 'text', contentType: 'text/plain; charset=utf-8' },
};

/** The extension of a file name, lower case ('' when none). */
export function extensionOf(name: string): string {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** Why a file is refused: a code the import's problems word, with its values. */
export type FileRefusal =
  | { code: 'notPdf' | 'typeDisagrees'; params: { file: string; extension: string; found: FoundKind } }
  | { code: 'typeNotAccepted' | 'noExtension'; params: { file: string; extension: string; accepted: string } };
export type FileVerdict = { ok: true; contentType: string } | { ok: false; problem: FileRefusal };

/** Whether a file named `name` whose content begins with `head` may be an article's PDF (`pdf`) or a supplementary file. */
export function judgeFile(name: string, head: Uint8Array, role: 'pdf' | 'supplementary'): FileVerdict {
  const found = sniff(head);
  const extension = extensionOf(name);
  if (role === 'pdf') {
    return found.kind === 'pdf'
      ? { ok: true, contentType: 'application/pdf' }
      : { ok: false, problem: { code: 'notPdf', params: { file: name, extension, found: found.what } } };
  }
  const type = TYPES[extension];
  if (!type) {
    const accepted = Object.keys(TYPES)
      .map((key) => `.${key}`)
      .join(' ');
    return {
      ok: false,
      problem: { code: extension ? 'typeNotAccepted' : 'noExtension', params: { file: name, extension, accepted } },
    };
  }
  if (found.kind !== type.kind)
    return { ok: false, problem: { code: 'typeDisagrees', params: { file: name, extension, found: found.what } } };
  return { ok: true, contentType: type.contentType };
}

/** A size for people in their language: "812 bytes", "14.2 kB", "3,123.1 MB"; "812字节", "14.2 kB". */
export function fileSizeText(size: number, lang: Lang): string {
  const locale = lang === 'zh' ? 'zh-CN' : 'en';
  const [value, unit, unitDisplay]: [number, string, 'long' | 'short'] =
    size < 1024
      ? [size, 'byte', 'long']
      : size < 1024 * 1024
        ? [size / 1024, 'kilobyte', 'short']
        : [size / 1024 / 1024, 'megabyte', 'short'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay, maximumFractionDigits: 1 }).format(value);
}
