/**
 * Upstream mode is one mode: a second portal pointed at the first (RC_PUB_ORIGIN) with an empty
 * database of its own shows the same home, issue TOC, article and news pages for two sites, and
 * answers rc-pub calls with the first's answers. Both render on demand; the second reads
 * everything through the first's /rc-pub/ API.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRcPubSource } from '../../src/content/rcpub-source.ts';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { loadConfig } from '../../src/server/config.ts';
import { listen, type RunningPortal } from '../../src/server/process.ts';
import { openDb } from '../../src/server/store/db.ts';
import { type Portal, requestVia, startPortal, TEST_REBUILD_TOKEN } from './harness.ts';

type Row = Record<string, unknown>;

let first: Portal;
let second: RunningPortal;
let secondDir: string;

beforeAll(async () => {
  first = await startPortal({ articles: 200 });
  secondDir = mkdtempSync(join(tmpdir(), 'portal-upstream-'));
  const databasePath = join(secondDir, 'empty.db');
  const rcPubOrigin = `http://127.0.0.1:${first.port}`;
  const config = {
    ...loadConfig(process.env),
    port: 0,
    host: '127.0.0.1',
    databasePath,
    rcPubOrigin,
    rebuildToken: TEST_REBUILD_TOKEN,
    sitesDir: join(secondDir, 'sites'),
  };
  second = await listen({ config, db: openDb(databasePath), source: createRcPubSource(rcPubOrigin) });
});

afterAll(async () => {
  await second?.close();
  await first?.close();
  if (secondDir) rmSync(secondDir, { recursive: true, force: true });
});

const one = (sql: string, ...args: (string | number)[]): Row => {
  const found = first.db.prepare(sql).get(...args) as Row | undefined;
  if (!found) throw new Error(`no row for ${sql}`);
  return found;
};

/** Pages of a site worth comparing: home, the TOC and an article of its newest issue, news list and item. */
function pagesOf(siteId: number, lang: 'zh' | 'en'): string[] {
  const article = one(
    `SELECT a.id, p.year, p.issue FROM articles a JOIN periods p ON p.id = a.period_id
     WHERE a.site_id = ? AND a.status = 'formal' ORDER BY p.year DESC, p.issue DESC, a.id LIMIT 1`,
    siteId,
  );
  const news = one('SELECT id FROM news WHERE site_id = ? ORDER BY id LIMIT 1', siteId);
  return [
    `/${lang}/home/`,
    `/${lang}/issue/${String(article['year'])}/${String(article['issue'])}/`,
    `/${lang}/article/${String(article['id'])}/`,
    `/${lang}/news/`,
    `/${lang}/newsDetails/${String(news['id'])}/`,
  ];
}

describe.each([
  { sld: 'jmst', id: 1 },
  { sld: 'cpg', id: 2 },
])('a portal whose upstream is another portal: $sld', ({ sld, id }) => {
  it.each(['zh', 'en'] as const)('shows the same pages as the upstream (%s)', async (lang) => {
    for (const path of pagesOf(id, lang)) {
      // the second first: a page view the first counts shows in the footer of the next page of both
      const mirrored = await requestVia(second.port, `${sld}.localhost:${second.port}`, path);
      const original = await first.request(sld, path);
      expect(original.status, path).toBe(200);
      expect({ path, status: mirrored.status, body: mirrored.body }).toEqual({
        path,
        status: original.status,
        body: original.body,
      });
    }
  });

  it('passes rc-pub calls to the upstream with the site of the Host and the language', async () => {
    const path = `${apiPaths.channelList}?filter=true`;
    const headers = { language: 'en' };
    const mirrored = await requestVia(second.port, `${sld}.localhost:${second.port}`, path, { headers });
    const original = await first.request(sld, path, { headers });
    expect(mirrored.status).toBe(200);
    expect(JSON.parse(mirrored.body)).toEqual(JSON.parse(original.body));
  });
});
