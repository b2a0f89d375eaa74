/**
 * What one on-demand render asks of the content source: a render is one moment of the site, so
 * the site's shell and its site-wide lists are read once per render, however many components
 * (the layout, the page, the home modules) need them; the next render reads them again and shows
 * an edit at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentSource } from '../../src/content/source.ts';
import { createPortalServer, type PortalServer } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createLocalSource } from '../../src/server/local-source.ts';
import { one } from '../../src/server/store/sql.ts';
import { createDemoDb, type DemoDb } from '../fixtures/demo-db.ts';

let demo: DemoDb;
let app: PortalServer;
const calls = new Map<string, number>();

/** The local source, counting the calls of each method. */
function countingSource(source: ContentSource): ContentSource {
  return new Proxy(source, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.set(String(prop), (calls.get(String(prop)) ?? 0) + 1);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

/** The calls one on-demand render of `path` made (a query string: no prebuilt file answers it). */
async function callsOf(path: string): Promise<{ status: number; body: string; calls: Map<string, number> }> {
  calls.clear();
  const response = await app.request(`${path}?fresh=1`, {
    headers: { host: 'jmst.localhost:4321', 'accept-encoding': 'identity' },
  });
  const body = await response.text();
  return { status: response.status, body, calls: new Map(calls) };
}

beforeAll(async () => {
  demo = await createDemoDb({ articles: 60 });
  const config = { ...loadConfig({}), databasePath: demo.path, sitesDir: '/nonexistent-sites' };
  app = createPortalServer({ db: demo.db, source: countingSource(createLocalSource(demo.db)), config });
});
afterAll(async () => {
  await app?.close();
  demo?.cleanup();
});

describe('an on-demand render', () => {
  it("reads the site's shell once for an article page, whose page and layout both need it", async () => {
    const article = one(demo.db, "SELECT id FROM articles WHERE site_id = 1 AND status = 'formal' ORDER BY id LIMIT 1");
    const page = await callsOf(`/zh/article/${Number(article?.['id'])}/`);
    expect(page.status).toBe(200);
    expect(page.body.includes('<footer')).toBe(true);
    expect(page.calls.get('getSiteShell')).toBe(1);
    expect(page.calls.get('getArticle')).toBe(1);
  });

  it("reads the site's shell and its site-wide lists once for the home page", async () => {
    const page = await callsOf('/zh/home/');
    expect(page.status).toBe(200);
    expect(page.calls.get('getSiteShell')).toBe(1);
    const repeated = [...page.calls].filter(
      ([method, n]) => n > 1 && ['getSiteShell', 'getSearchConfig', 'listPublications', 'getModules'].includes(method),
    );
    expect(repeated).toEqual([]);
  });

  it('shows an edit of the shell on the next render', async () => {
    const top = one(demo.db, 'SELECT id, title FROM news WHERE site_id = 1 AND is_top = 1 ORDER BY id LIMIT 1');
    const title = String(top?.['title']);
    expect((await callsOf('/zh/home/')).body.includes(title), title).toBe(true);
    demo.db.prepare('UPDATE news SET title = ? WHERE id = ?').run('本刊头条已改名', Number(top?.['id']));
    try {
      const after = await callsOf('/zh/home/');
      expect(after.body.includes('本刊头条已改名')).toBe(true);
      expect(after.calls.get('getSiteShell')).toBe(1);
    } finally {
      demo.db.prepare('UPDATE news SET title = ? WHERE id = ?').run(title, Number(top?.['id']));
    }
  });
});
