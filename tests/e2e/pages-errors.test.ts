/**
 * When rendering fails: a page whose data call throws gets the generic error page (status 500,
 * message, link home) and the server log the cause; when even the shell cannot load, the minimal
 * fallback page still answers.
 * Renders through the built app with a ContentSource that fails on purpose.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ContentSource } from '../../src/content/source.ts';
import type { Site } from '../../src/content/types.ts';
import { loadRenderer, type RenderPage } from '../../src/server/build/renderer.ts';
import { createLocalSource } from '../../src/server/local-source.ts';
import { createDemoDb, type DemoDb } from '../fixtures/demo-db.ts';

let demo: DemoDb;
let render: RenderPage;
let source: ContentSource;
let site: Site;

beforeAll(async () => {
  demo = await createDemoDb({ articles: 60 });
  source = createLocalSource(demo.db);
  render = await loadRenderer(process.env['ASTRO_OUT_DIR'] ?? './dist');
  const found = await source.findSiteBySld('jmst');
  if (!found) throw new Error('jmst is not seeded');
  site = found;
});
afterAll(() => demo?.cleanup());

/** the real source, except the named calls throw */
function failing(names: (keyof ContentSource)[]): ContentSource {
  return new Proxy(source, {
    get(target, name, receiver) {
      if (names.includes(name as keyof ContentSource))
        return async () => Promise.reject(new Error(`${String(name)} is down`));
      return Reflect.get(target, name, receiver);
    },
  });
}

async function page(path: string, locals: { source: ContentSource; site: Site }, headers: Record<string, string> = {}) {
  const response = await render(new Request(`https://jmst.journals.example.org${path}`, { headers }), locals);
  if (!response) throw new Error(`no route for ${path}`);
  return { status: response.status, body: await response.text() };
}

describe('error pages when rendering fails', () => {
  it('a failing data call shows the generic error page with its status, in the page language', async () => {
    const result = await page('/en/article/1/', { source: failing(['getArticle']), site });
    expect(result.status).toBe(500);
    expect(result.body).toContain('Error 500');
    expect(result.body).toContain('Please understand the inconvenience caused by system maintenance.');
    expect(result.body).toContain('href="/en/home/"');
    expect(result.body).toContain('<html lang="en"');
  });

  it('the cause of a failed render reaches the server log, not the visitor', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const result = await page('/zh/article/1/', { source: failing(['getArticle']), site });
      expect(result.status).toBe(500);
      expect(result.body).not.toContain('getArticle is down');
      const lines = logged.mock.calls.map((call) => call.map(String).join(' '));
      expect(lines.some((line) => line.includes('/zh/article/1/') && line.includes('getArticle is down'))).toBe(true);
    } finally {
      logged.mockRestore();
    }
  });

  it('when the shell itself cannot load, the 404 and error pages fall back to a minimal page with a link home', async () => {
    const broken = failing(['getSiteShell']);
    const notFound = await page('/zh/no/such/page/', { source: broken, site });
    expect(notFound.status).toBe(404);
    expect(notFound.body).toContain('此页面不存在');
    expect(notFound.body).toContain('href="/zh/home/"');
    const error = await page('/zh/article/1/', { source: failing(['getSiteShell', 'getArticle']), site });
    expect(error.status).toBe(500);
    expect(error.body).toContain('错误 500');
    expect(error.body).toContain('href="/zh/home/"');
  });
});
