/**
 * The shell composer: a prebuilt page with an older shell, given the templates of a newer one,
 * becomes byte for byte what rendering it with the newer shell gives (its language link, current
 * menu item, island numbers and ids kept), and the fast path serves it with new ETags.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { link, mkdir, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { shorthash } from 'astro/runtime/server/shorthash.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Site } from '../../src/content/types.ts';
import { pathInLanguage } from '../../src/lib/lang.ts';
import { closeMark, openMark, SHELL_BOTTOM, SHELL_HEAD, SHELL_TOP } from '../../src/lib/shell-marks.ts';
import { uidFor, uidTail } from '../../src/server/static/island-uid.ts';
import { createPrebuiltServer } from '../../src/server/static/prebuilt-cache.ts';
import { composePage, type ShellTemplates, templateOf } from '../../src/server/static/shell-compose.ts';
import { SHELL_TEMPLATES_FILE } from '../../src/server/static/shell-regions.ts';
import { freshBuildFolder, swapIn } from '../../src/server/static/site-folder.ts';

const escapeAttribute = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');

/** An island as Astro writes it, with Astro's own uid. */
function island(name: string, prefix: number, props: string, html: string): string {
  const uid = shorthash(`<!--default:/src/islands/${name}.tsx-->\n${uidTail(html, props)}`);
  return `<astro-island uid="${uid}" prefix="r${prefix}" component-url="/_astro/${name}.js" component-export="default" renderer-url="/_astro/client.js" props="${escapeAttribute(props)}" ssr client="idle" opts="{}" await-children>${html}<!--astro:end--></astro-island>`;
}

type Shell = { menu: string; footer: string; colour: string };
type PageOptions = { path: string; detail?: boolean; bodyIslands?: number };

/** What a render of `path` with `shell` gives: the menu marks the current page; islands are numbered body first. */
function render(shell: Shell, { path, detail = false, bodyIslands = 0 }: PageOptions): string {
  const lang = path.startsWith('/en/') ? 'en' : 'zh';
  const other = lang === 'zh' ? 'en' : 'zh';
  const link = (href: string, label: string) =>
    `<a href="${href}"${href === path ? ' aria-current="page"' : ''}>${label}</a>`;
  const menu = `<ul class="menu"><li>${link(`/${lang}/home/`, shell.menu)}</li><li>${link(`/${lang}/issue/`, 'Issues')}<ul class="submenu"><li>${link(`/${lang}/newsDetails/1/`, 'News')}</li></ul></li></ul>`;
  const switchHref = pathInLanguage(path, other);
  const top = [
    `<div class="top-news"><a href="/${lang}/newsDetails/1/">News</a></div>`,
    `<header class="${detail ? 'site-header' : 'site-header has-ceiling'}">`,
    menu,
    island(
      'LanguageToggle',
      bodyIslands + 1,
      JSON.stringify({ href: [0, switchHref] }),
      `<a class="lang-switch" href="${switchHref}">${other}</a>`,
    ),
    island('SideMenu', bodyIslands + 2, '{}', `<astro-slot>${menu}</astro-slot>`),
    '</header>',
  ].join('');
  const body = Array.from({ length: bodyIslands }, (_, i) => island('Body', i + 1, `{"n":${i}}`, `<p>${i}</p>`)).join(
    '',
  );
  const bottom = `<footer>${shell.footer}</footer>${island('BackToTop', bodyIslands + 3, '{}', '<button>top</button>')}`;
  return [
    `<html><head><title>${path}</title>`,
    openMark(SHELL_HEAD),
    `<style>:root { --theme-primary: ${shell.colour} }</style>`,
    closeMark(SHELL_HEAD),
    '</head><body>',
    openMark(SHELL_TOP, { path, at: path, detail, composable: true }),
    top,
    closeMark(SHELL_TOP),
    `<main>${body}</main>`,
    openMark(SHELL_BOTTOM),
    bottom,
    closeMark(SHELL_BOTTOM),
    island('Toaster', 0, '{}', ''),
    '</body></html>',
  ].join('');
}

function templates(shell: Shell, version: string): ShellTemplates {
  const variant = (lang: string, kind: 'page' | 'detail') => {
    const template = templateOf(render(shell, { path: `/${lang}/shell-template/${kind}/`, detail: kind === 'detail' }));
    if (!template) throw new Error('no template');
    return template;
  };
  return {
    version,
    pages: {
      zh: { page: variant('zh', 'page'), detail: variant('zh', 'detail') },
      en: { page: variant('en', 'page'), detail: variant('en', 'detail') },
    },
  };
}

const oldShell: Shell = { menu: 'Home', footer: 'Address: Beijing', colour: '#0b5394' };
const newShell: Shell = { menu: 'Front page & more', footer: 'Address: Shanghai', colour: '#a61b1b' };

describe('island ids', () => {
  it('works out the uid Astro gives an island whose html or props changed', () => {
    const head = '<!--default:/src/islands/SideMenu.tsx-->\n';
    const before = uidTail('<ul><li><a href="/zh/home/">Home</a></li></ul>', '{}');
    const after = uidTail('<ul><li><a href="/zh/home/" aria-current="page">Home</a></li></ul>', '{"a":[0,1]}');
    expect(uidFor(shorthash(head + before), before, after)).toBe(shorthash(head + after));
    expect(uidFor(shorthash(head + after), after, before)).toBe(shorthash(head + before));
  });
});

describe('composing a page with a newer shell', () => {
  it('gives what rendering it with that shell gives, for several pages, variants and languages', () => {
    const next = templates(newShell, 'v2');
    for (const options of [
      { path: '/zh/home/' },
      { path: '/en/issue/' },
      { path: '/zh/article/12/', detail: true, bodyIslands: 3 },
      { path: '/en/article/12/', detail: true, bodyIslands: 2 },
      { path: '/zh/news/2/', bodyIslands: 1 },
      { path: '/zh/newsDetails/1/', detail: true, bodyIslands: 1 },
    ]) {
      const old = render(oldShell, options);
      const composed = composePage(old, next);
      expect(composed, options.path).toBe(render(newShell, options));
      expect(composed, options.path).not.toBe(old);
    }
  });

  it("puts the theme's colours into the head; a page written before the head was marked is refused", () => {
    const next = templates({ ...oldShell, colour: '#1d6b3a' }, 'v3');
    const options = { path: '/zh/article/12/', detail: true, bodyIslands: 1 };
    const composed = composePage(render(oldShell, options), next);
    expect(composed).toContain('--theme-primary: #1d6b3a');
    expect(composed).not.toContain('#0b5394');
    const unmarkedHead = render(oldShell, options).replace(/<!--shell-head-->.*<!--\/shell-head-->/, '<style></style>');
    expect(composePage(unmarkedHead, next)).toBeNull();
    // templates written before the head was marked leave the page's head as it is
    const detail = next.pages.zh?.detail;
    if (!detail) throw new Error('a detail template');
    const { head: _head, ...headless } = detail;
    const older: ShellTemplates = { ...next, pages: { zh: { page: headless, detail: headless } } };
    expect(composePage(render(oldShell, options), older)).toContain('#0b5394');
  });

  it('keeps a page that already has the shell as it is', () => {
    const page = render(newShell, { path: '/zh/article/3/', detail: true, bodyIslands: 2 });
    expect(composePage(page, templates(newShell, 'v2'))).toBe(page);
  });

  it('refuses pages whose values would need escaping, pages without marks, and a different island layout', () => {
    const next = templates(newShell, 'v2');
    const quoted = render(oldShell, { path: '/zh/a"b/' });
    expect(composePage(quoted, next)).toBeNull();
    expect(composePage(render(oldShell, { path: '/zh/a&amp;b/' }), next)).toBeNull();
    expect(composePage('<html><body>no shell here</body></html>', next)).toBeNull();
    const noBackToTop = render(oldShell, { path: '/zh/home/' }).replace(
      /<footer>.*<!--\/shell-bottom-->/,
      '<footer></footer><!--/shell-bottom-->',
    );
    expect(composePage(noBackToTop, next)).toBeNull();
  });

  it('writes the record so that no path can end its comment early', () => {
    const mark = openMark(SHELL_TOP, { path: '/zh/-->x/', at: '/zh/-->x/', detail: false, composable: true });
    expect(mark.slice(4, -3)).not.toContain('-->');
    expect(mark).toContain('\\u003e');
  });
});

describe('serving composed pages', () => {
  let sitesDir: string;
  let server: Server;
  let port: number;
  const site = { id: 1, sld: 'jmst', status: 'active' } as Site;
  const path = '/zh/article/12/';
  const options = { path, detail: true, bodyIslands: 2 };
  let previous: string | null = null;

  /** A new version of the site: the page hard-linked from the last one, with the given templates. */
  async function publish(shell: ShellTemplates | null): Promise<void> {
    const folder = await freshBuildFolder(sitesDir, 'jmst');
    await mkdir(join(folder, 'zh', 'article', '12'), { recursive: true });
    const file = join(folder, 'zh', 'article', '12', 'index.html');
    if (previous) await link(previous, file);
    else await writeFile(file, render(oldShell, options));
    previous = file;
    if (shell) await writeFile(join(folder, SHELL_TEMPLATES_FILE), JSON.stringify(shell));
    await swapIn(sitesDir, 'jmst', folder);
  }

  const get = (headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    });

  beforeAll(async () => {
    sitesDir = mkdtempSync(join(tmpdir(), 'composed-'));
    await publish(null);
    const serve = createPrebuiltServer({ sitesDir, siteOf: async () => site, cacheControl: () => 'no-cache' });
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

  it('serves the new shell in every encoding under a new ETag once a version has it, and 304 for that ETag', async () => {
    const before = await get();
    expect(before.body.toString()).toBe(render(oldShell, options));

    await publish(templates(newShell, 'v2'));
    const plain = await get();
    expect(plain.body.toString()).toBe(render(newShell, options));
    expect(plain.headers['etag']).not.toBe(before.headers['etag']);
    const br = await get({ 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(render(newShell, options));
    const gz = await get({ 'accept-encoding': 'gzip' });
    expect(gunzipSync(gz.body).toString()).toBe(render(newShell, options));
    expect((await get({ 'if-none-match': String(before.headers['etag']) })).status).toBe(200);
    expect((await get({ 'if-none-match': String(plain.headers['etag']) })).status).toBe(304);

    // another shell version: the cached composition of the last one is not served again
    const third: Shell = { menu: 'Start', footer: 'Address: Wuhan', colour: '#5b2c83' };
    await publish(templates(third, 'v3'));
    const again = await get();
    expect(again.body.toString()).toBe(render(third, options));
    expect(again.headers['etag']).not.toBe(plain.headers['etag']);
  });
});
