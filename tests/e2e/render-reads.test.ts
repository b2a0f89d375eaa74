/**
 * What one on-demand render asks of the content source: a render is one moment of the site, so
 * the site's shell and its site-wide lists are read at most once per render, however many
 * components (the layout, the page, the home modules) need them. Later renders reuse them until
 * the change log moves: an edit recorded there by another connection shows on the next render.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentSource } from '../../src/content/source.ts';
import { createPortalServer, type PortalServer } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createLocalSource } from '../../src/server/local-source.ts';
import { recordChanges } from '../../src/server/store/changes.ts';
import { type Db, openDb } from '../../src/server/store/db.ts';
import { one } from '../../src/server/store/sql.ts';
import { createDemoDb, type DemoDb } from '../fixtures/demo-db.ts';

let demo: DemoDb;
let app: PortalServer;
/** a second connection to the database, as an import or the console in another process writes */
let writer: Db;
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
  writer = openDb(demo.path);
});
afterAll(async () => {
  writer?.close();
  await app?.close();
  await demo?.cleanup();
});

/** A settings change of the site, as a writer records it with its write: kept answers are dropped. */
const siteChanged = () => recordChanges(writer, [{ siteId: 1, kind: 'settings', action: 'updated', ids: [] }], 'test');

describe('an on-demand render', () => {
  it("reads the site's shell once for an article page, whose page and layout both need it", async () => {
    await siteChanged();
    const article = one(demo.db, "SELECT id FROM articles WHERE site_id = 1 AND status = 'formal' ORDER BY id LIMIT 1");
    const page = await callsOf(`/zh/article/${Number(article?.['id'])}/`);
    expect(page.status).toBe(200);
    expect(page.body.includes('<footer')).toBe(true);
    expect(page.calls.get('getSiteShell')).toBe(1);
    expect(page.calls.get('getArticle')).toBe(1);
  });

  it("reads the site's shell and its site-wide lists once for the home page", async () => {
    await siteChanged();
    const page = await callsOf('/zh/home/');
    expect(page.status).toBe(200);
    expect(page.calls.get('getSiteShell')).toBe(1);
    const repeated = [...page.calls].filter(
      ([method, n]) => n > 1 && ['getSiteShell', 'getSearchConfig', 'listPublications', 'getModules'].includes(method),
    );
    expect(repeated).toEqual([]);
  });

  it('keeps the site-wide answers across renders until a change is recorded, then shows the edit', async () => {
    const top = one(demo.db, 'SELECT id, title FROM news WHERE site_id = 1 AND is_top = 1 ORDER BY id LIMIT 1');
    const id = Number(top?.['id']);
    const title = String(top?.['title']);
    expect((await callsOf('/zh/home/')).body.includes(title), title).toBe(true);
    const again = await callsOf('/zh/home/');
    expect(again.body.includes(title)).toBe(true);
    expect(again.calls.get('getSiteShell')).toBeUndefined();
    try {
      // another connection renames the top news and records the change in the same transaction
      writer.exec('BEGIN');
      writer.prepare('UPDATE news SET title = ? WHERE id = ?').run('本刊头条已改名', id);
      await recordChanges(writer, [{ siteId: 1, kind: 'news', action: 'updated', ids: [id] }], 'test');
      writer.exec('COMMIT');
      const after = await callsOf('/zh/home/');
      expect(after.body.includes('本刊头条已改名')).toBe(true);
      expect(after.body.includes(title)).toBe(false);
      expect(after.calls.get('getSiteShell')).toBe(1);
    } finally {
      writer.prepare('UPDATE news SET title = ? WHERE id = ?').run(title, id);
      await siteChanged();
    }
    expect((await callsOf('/zh/home/')).body.includes(title)).toBe(true);
  });

  it("shows today's visit count as of its own render while the shell is kept", async () => {
    const visits = (body: string) =>
      Number(
        (/data-field="today-visits">(.*?)<\/span>/.exec(body)?.[1] ?? '')
          .replace(/<[^>]*>/g, '')
          .split(/[:：]/)
          .pop()
          ?.replace(/\D/g, '') || Number.NaN,
      );
    const before = visits((await callsOf('/zh/home/')).body);
    expect(Number.isFinite(before)).toBe(true);
    // visits record no change: the page must not wait for one to show them
    writer
      .prepare(
        'INSERT INTO visit_counters (site_id, day, count) VALUES (1, ?, 1000) ON CONFLICT (site_id, day) DO UPDATE SET count = count + 1000',
      )
      .run(new Date().toISOString().slice(0, 10));
    const after = await callsOf('/zh/home/');
    expect(after.calls.get('getSiteShell')).toBeUndefined();
    expect(visits(after.body)).toBe(before + 1000);
  });

  it("renders the footer's kept HTML again once another connection's edit of it is recorded", async () => {
    const copyright = (body: string) => /data-field="copyright">([^<]*)</.exec(body)?.[1];
    const before = copyright((await callsOf('/zh/home/')).body);
    expect(before).toBeTruthy();
    expect(copyright((await callsOf('/zh/news/')).body)).toBe(before);
    try {
      writer.prepare('UPDATE footer_configs SET copyright = ? WHERE site_id = 1').run('版权所有 改过了');
      await siteChanged();
      expect(copyright((await callsOf('/zh/home/')).body)).toBe('版权所有 改过了');
    } finally {
      writer.prepare('UPDATE footer_configs SET copyright = ? WHERE site_id = 1').run(before ?? null);
      await siteChanged();
    }
    expect(copyright((await callsOf('/zh/home/')).body)).toBe(before);
  });
});
