/**
 * The footer's QR code is a real one: taken from the served page, drawn to pixels and decoded with
 * jsQR, it reads the site's own home URL (the page's canonical address) on every open site.
 */
import jsQRModule from 'jsqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Portal, startPortal } from './harness.ts';

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal({ articles: 30 });
});
afterAll(() => portal?.close());

const SCALE = 4;
// jsqr is CommonJS typed as an ES default export: under Node's interop the default is the module
type Decode = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
const jsQR: Decode = (jsQRModule as unknown as { default?: Decode }).default ?? (jsQRModule as unknown as Decode);

/** Draws the footer QR's SVG (a viewBox and one path of unit squares, as src/lib/qr-svg.ts writes it) to RGBA pixels. */
function rasterize(svg: string): { data: Uint8ClampedArray; width: number; height: number } {
  const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]);
  const path = /<path fill="#000" d="([^"]+)"/.exec(svg)?.[1] ?? '';
  const width = size * SCALE;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y] of path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < SCALE; dy++) {
      for (let dx = 0; dx < SCALE; dx++) {
        const at = ((Number(y) * SCALE + dy) * width + Number(x) * SCALE + dx) * 4;
        data[at] = data[at + 1] = data[at + 2] = 0;
      }
    }
  }
  return { data, width, height: width };
}

describe('footer QR code', () => {
  it("decodes to the site's home URL in both languages", async () => {
    for (const sld of ['jmst', 'cpg', 'scholar', 'emf', 'gzxb', 'hxyj']) {
      for (const lang of ['zh', 'en']) {
        const page = await portal.request(sld, `/${lang}/home/`);
        expect(page.status).toBe(200);
        const figure = page.body.slice(page.body.indexOf('<figure class="footer-qr"'));
        const svg = figure.slice(figure.indexOf('<svg'), figure.indexOf('</svg>') + 6);
        expect(svg.startsWith('<svg'), `${sld} ${lang}`).toBe(true);
        const { data, width, height } = rasterize(svg);
        const code = jsQR(data, width, height);
        const canonical = /<link rel="canonical" href="([^"]+)"/.exec(page.body)?.[1];
        expect(canonical).toMatch(new RegExp(`/${lang}/home/$`));
        expect(code?.data, `${sld} ${lang}`).toBe(canonical);
      }
    }
  });
});
