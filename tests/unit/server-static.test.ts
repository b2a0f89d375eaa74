import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ifRangeHolds, parseRange, preferredEncodings } from '../../src/server/static/conditional.ts';
import { fileForPath, prebuiltFileFor, queryNeedsRender } from '../../src/server/static/paths.ts';
import { serveFile } from '../../src/server/static/serve-file.ts';

let dir: string;
const html = '<!DOCTYPE html><html><body>' + '学术期刊 '.repeat(400) + '</body></html>';
const asset = 'console.log("0123456789");\n'.repeat(20);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'serve-file-'));
  writeFileSync(join(dir, 'index.html'), html);
  writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(html));
  writeFileSync(join(dir, 'index.html.gz'), gzipSync(html));
  writeFileSync(join(dir, 'app.js'), asset);
  writeFileSync(join(dir, 'empty.txt'), '');
  writeFileSync(join(dir, 'only-gz.css'), 'body{}'.repeat(100));
  writeFileSync(join(dir, 'only-gz.css.gz'), gzipSync('body{}'.repeat(100)));
  const past = new Date('2026-01-02T03:04:05Z');
  utimesSync(join(dir, 'app.js'), past, past);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const get = (headers: Record<string, string> = {}, method = 'GET') =>
  new Request('http://jmst.localhost/x', { method, headers });
const page = (request: Request) => serveFile(request, join(dir, 'index.html'), { cacheControl: 'public, no-cache' });
const script = (request: Request) =>
  serveFile(request, join(dir, 'app.js'), { cacheControl: 'public, max-age=31536000, immutable', ranges: true });

describe('validators and 304', () => {
  it('answers 200 with ETag, Last-Modified and the cache policy', async () => {
    const response = await page(get());
    expect(response?.status).toBe(200);
    expect(response?.headers.get('etag')).toMatch(/^"[0-9a-f-]+"$/);
    expect(response?.headers.get('last-modified')).toBeTruthy();
    expect(response?.headers.get('cache-control')).toBe('public, no-cache');
    expect(await response?.text()).toBe(html);
  });

  it('answers 304 when If-None-Match names the current ETag, and 200 when it does not', async () => {
    const etag = (await page(get()))?.headers.get('etag') ?? '';
    const revalidated = await page(get({ 'if-none-match': etag }));
    expect(revalidated?.status).toBe(304);
    expect(revalidated?.body).toBeNull();
    expect(revalidated?.headers.get('etag')).toBe(etag);
    expect((await page(get({ 'if-none-match': '"something-else"' })))?.status).toBe(200);
  });

  it('answers 304 for If-Modified-Since at or after the file time, 200 before it', async () => {
    expect((await script(get({ 'if-modified-since': 'Fri, 02 Jan 2026 03:04:05 GMT' })))?.status).toBe(304);
    expect((await script(get({ 'if-modified-since': 'Fri, 02 Jan 2026 03:04:04 GMT' })))?.status).toBe(200);
  });

  it('HEAD sends the headers and length without a body', async () => {
    const response = await script(get({}, 'HEAD'));
    expect(response?.status).toBe(200);
    expect(response?.headers.get('content-length')).toBe(String(Buffer.byteLength(asset)));
    expect(response?.body).toBeNull();
  });

  it('returns null for a missing file or a folder', async () => {
    expect(await serveFile(get(), join(dir, 'missing.html'), { cacheControl: 'x' })).toBeNull();
    expect(await serveFile(get(), dir, { cacheControl: 'x' })).toBeNull();
  });
});

describe('precompressed variants', () => {
  it('serves .br to a client accepting br, with Vary and a distinct ETag', async () => {
    const identity = await page(get());
    const response = await page(get({ 'accept-encoding': 'gzip, deflate, br' }));
    expect(response?.headers.get('content-encoding')).toBe('br');
    expect(response?.headers.get('vary')).toBe('Accept-Encoding');
    expect(response?.headers.get('etag')).not.toBe(identity?.headers.get('etag'));
    const bytes = Buffer.from(await (response as Response).arrayBuffer());
    expect(bytes.length).toBeLessThan(Buffer.byteLength(html));
  });

  it('serves .gz when br is not accepted, and identity when neither is', async () => {
    expect((await page(get({ 'accept-encoding': 'gzip' })))?.headers.get('content-encoding')).toBe('gzip');
    expect((await page(get({ 'accept-encoding': 'br;q=0, gzip' })))?.headers.get('content-encoding')).toBe('gzip');
    expect((await page(get({ 'accept-encoding': 'identity' })))?.headers.get('content-encoding')).toBeNull();
  });

  it('falls back to .gz when a file has no .br twin', async () => {
    const response = await serveFile(get({ 'accept-encoding': 'br, gzip' }), join(dir, 'only-gz.css'), {
      cacheControl: 'x',
    });
    expect(response?.headers.get('content-encoding')).toBe('gzip');
  });

  it("parses Accept-Encoding with q-values and *, the client's preference first, else br", () => {
    expect(preferredEncodings('gzip;q=0.5, br;q=0')).toEqual(['gzip']);
    expect(preferredEncodings('br;q=0, gzip')).toEqual(['gzip']);
    expect(preferredEncodings('gzip, deflate, br')).toEqual(['br', 'gzip']);
    expect(preferredEncodings('gzip;q=1, br;q=0.1')).toEqual(['gzip', 'br']);
    expect(preferredEncodings('*')).toEqual(['br', 'gzip']);
    expect(preferredEncodings('identity')).toEqual([]);
    expect(preferredEncodings(null)).toEqual([]);
  });

  it('sends the gzip twin to a client that prefers gzip to br', async () => {
    const response = await page(get({ 'accept-encoding': 'gzip;q=1, br;q=0.1' }));
    expect(response?.headers.get('content-encoding')).toBe('gzip');
  });
});

describe('ranges', () => {
  it('answers 206 with the requested bytes', async () => {
    const response = await script(get({ range: 'bytes=0-9' }));
    expect(response?.status).toBe(206);
    expect(response?.headers.get('content-range')).toBe(`bytes 0-9/${Buffer.byteLength(asset)}`);
    expect(await response?.text()).toBe(asset.slice(0, 10));
  });

  it('supports suffix and open ranges', async () => {
    expect(await (await script(get({ range: 'bytes=-5' })))?.text()).toBe(asset.slice(-5));
    expect(await (await script(get({ range: `bytes=${asset.length - 3}-` })))?.text()).toBe(asset.slice(-3));
  });

  it('answers 416 for a range past the end', async () => {
    const response = await script(get({ range: 'bytes=999999-' }));
    expect(response?.status).toBe(416);
    expect(response?.headers.get('content-range')).toBe(`bytes */${Buffer.byteLength(asset)}`);
  });

  it('sends the whole file when If-Range names an old version', async () => {
    const response = await script(get({ range: 'bytes=0-9', 'if-range': '"old"' }));
    expect(response?.status).toBe(200);
    expect(await response?.text()).toBe(asset);
  });

  it('ignores multi-range, malformed and invalid (last before first) headers', () => {
    expect(parseRange('bytes=0-1,4-5', 10)).toBeNull();
    expect(parseRange('items=0-1', 10)).toBeNull();
    expect(parseRange('bytes=5-2', 10)).toBeNull();
    expect(parseRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('bytes=8-20', 10)).toEqual({ start: 8, end: 9 });
    expect(parseRange('bytes=10-', 10)).toBe('unsatisfiable');
  });

  it('sends an empty file whole for a suffix range, and 416 for any other', async () => {
    const empty = (range: string) =>
      serveFile(get({ range }), join(dir, 'empty.txt'), { cacheControl: 'x', ranges: true });
    const suffix = await empty('bytes=-5');
    expect(suffix?.status).toBe(200);
    expect(await suffix?.text()).toBe('');
    const first = await empty('bytes=0-0');
    expect(first?.status).toBe(416);
    expect(first?.headers.get('content-range')).toBe('bytes */0');
  });

  it('applies If-Range with a date only when it is exactly the Last-Modified date', () => {
    const mtimeMs = Date.parse('2026-01-02T03:04:05Z') + 300;
    expect(ifRangeHolds('Fri, 02 Jan 2026 03:04:05 GMT', '"e"', mtimeMs)).toBe(true);
    expect(ifRangeHolds('Sat, 03 Jan 2026 03:04:05 GMT', '"e"', mtimeMs)).toBe(false);
    expect(ifRangeHolds('"e"', '"e"', mtimeMs)).toBe(true);
    expect(ifRangeHolds('W/"e"', '"e"', mtimeMs)).toBe(false);
  });
});

describe('URL paths to files', () => {
  it('maps directory URLs to index.html and refuses escapes and hidden entries', () => {
    expect(fileForPath('/s', '/zh/home/')).toBe('/s/zh/home/index.html');
    expect(fileForPath('/s', '/')).toBe('/s/index.html');
    expect(fileForPath('/s', '/robots.txt')).toBe('/s/robots.txt');
    expect(fileForPath('/s', '/../etc/passwd')).toBeNull();
    expect(fileForPath('/s', '/%2e%2e/etc/passwd')).toBeNull();
    expect(fileForPath('/s', '/.builds/jmst.1/index.html')).toBeNull();
    expect(fileForPath('/s', '/a%00b')).toBeNull();
  });

  it('takes a path without an extension as a page, with or without its trailing slash', () => {
    expect(prebuiltFileFor('/s', '/zh/home')).toBe('/s/zh/home/index.html');
    expect(prebuiltFileFor('/s', '/zh/home/')).toBe('/s/zh/home/index.html');
    expect(prebuiltFileFor('/s', '/sitemap.xml')).toBe('/s/sitemap.xml');
    expect(prebuiltFileFor('/s', '/sitemap-2.xml')).toBe('/s/sitemap-2.xml');
    expect(prebuiltFileFor('/s', '/en/article/doi/10.13475/j.jmst.2025.06.003')).toBe(
      '/s/en/article/doi/10.13475/j.jmst.2025.06.003/index.html',
    );
    expect(prebuiltFileFor('/s', '/../x')).toBeNull();
    // no URL of their own: twins, the not-found page, double slashes
    for (const path of ['/zh/home/index.html.br', '/sitemap.xml.gz', '/404.html', '/en//article/1/'])
      expect(prebuiltFileFor('/s', path), path).toBeNull();
  });

  it('renders on demand when the query may change the page', () => {
    expect(queryNeedsRender(new URLSearchParams('t=123&utm_source=x'))).toBe(false);
    expect(queryNeedsRender(new URLSearchParams('page=2'))).toBe(true);
  });
});
