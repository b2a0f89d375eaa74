/**
 * A real QR code as a small SVG (the `qrcode` library makes the module matrix; we draw it): one
 * path of unit squares on a white field with the standard four-module quiet zone. Results are
 * remembered, since the footer draws the same few URLs on every page.
 */
import QRCode from 'qrcode';

const QUIET = 4;
const drawn = new Map<string, string>();
const REMEMBERED = 64;

export function qrSvg(payload: string, label: string): string {
  const key = `${label}\n${payload}`;
  const known = drawn.get(key);
  if (known) return known;
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const size = modules.size + 2 * QUIET;
  let path = '';
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) path += `M${col + QUIET} ${row + QUIET}h1v1h-1z`;
    }
  }
  const escaped = label.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="96" height="96" role="img" aria-label="${escaped}" shape-rendering="crispEdges">` +
    `<rect width="${size}" height="${size}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`;
  if (drawn.size >= REMEMBERED) drawn.clear();
  drawn.set(key, svg);
  return svg;
}
