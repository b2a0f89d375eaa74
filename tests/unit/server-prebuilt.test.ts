import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, rename, symlink, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Site } from '../../src/content/types.ts';
import { createPrebuiltServer, LINK_TTL_MS } from '../../src/server/static/prebuilt-cache.ts';
import { freshBuildFolder, swapIn } from '../../src/server/static/site-folder.ts';

const site = { id: 1, sld: 'jmst', status: 'active' } as Site;
let sitesDir: string;
let server: Server;
let port: number;

async function publish(html: string): Promise<void> {
  const folder = await freshBuildFolder(sitesDir, 'jmst');
  await mkdir(join(folder, 'zh', 'home'), { recursive: true });
  const file = join(folder, 'zh', 'home', 'index.html');
  await writeFile(file, html);
  await writeFile(`${file}.br`, brotliCompressSync(html));
  await writeFile(`${file}.gz`, gzipSync(html));
  await swapIn(sitesDir, 'jmst', folder);
}

function get(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  sitesDir = mkdtempSync(join(tmpdir(), 'prebuilt-'));
  await publish('<html>v1</html>');
  const serve = createPrebuiltServer({
    sitesDir,
    siteOf: async () => site,
    cacheControl: () => 'public, no-cache',
  });
  server = createServer((req, res) => {
    void serve(req, res).then((handled) => {
      if (!handled) res.writeHead(599).end('app');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server?.close();
  rmSync(sitesDir, { recursive: true, force: true });
});

describe('prebuilt fast path', () => {
  it('serves the page with or without the trailing slash, the br twin when accepted, and 304 on revalidation', async () => {
    const page = await get('/zh/home/');
    expect(page.status).toBe(200);
    expect(page.body.toString()).toBe('<html>v1</html>');
    // no framing by other sites, no full URL in a cross-origin Referer
    expect(page.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect((await get('/zh/home')).body.toString()).toBe('<html>v1</html>');
    const br = await get('/zh/home/', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toBe('Accept-Encoding');
    const again = await get('/zh/home/', { 'if-none-match': String(page.headers['etag']) });
    expect(again.status).toBe(304);
  });

  it('sees a swapped-in build at once', async () => {
    expect((await get('/zh/home/')).body.toString()).toBe('<html>v1</html>');
    await publish('<html>v2</html>');
    expect((await get('/zh/home/')).body.toString()).toBe('<html>v2</html>');
  });

  it('sees a build swapped in by another process within a second', async () => {
    const before = (await get('/zh/home/')).body.toString();
    // what another process's swap looks like from here: the link changes, no in-process swap
    const folder = join(sitesDir, '.builds', 'jmst.other-process');
    await mkdir(join(folder, 'zh', 'home'), { recursive: true });
    await writeFile(join(folder, 'zh', 'home', 'index.html'), '<html>v3</html>');
    await symlink(join('.builds', 'jmst.other-process'), join(sitesDir, '.jmst.next'));
    await rename(join(sitesDir, '.jmst.next'), join(sitesDir, 'jmst'));
    expect([before, '<html>v3</html>']).toContain((await get('/zh/home/')).body.toString());
    // a second's lookup cache, plus room for a loaded machine; a longer cache fails the poll
    await expect
      .poll(async () => (await get('/zh/home/')).body.toString(), { timeout: LINK_TTL_MS + 1000 })
      .toBe('<html>v3</html>');
  });

  it('leaves queries, missing files, the root, API paths and other methods to the app', async () => {
    expect((await get('/zh/home/?page=2')).status).toBe(599);
    expect((await get('/zh/home/?t=123')).status).toBe(200);
    expect((await get('/zh/nothing/')).status).toBe(599);
    expect((await get('/')).status).toBe(599);
    expect((await get('/rc-pub/front/x')).status).toBe(599);
    expect((await get('/.builds/')).status).toBe(599);
  });
});
