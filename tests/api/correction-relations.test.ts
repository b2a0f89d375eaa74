/**
 * A correction made in the console rewrites the article's relation keys and its search index row
 * in the write's own transaction: the corrected title's words relate it to the articles sharing
 * them, and a search finds it by its new title, with no import or seed of the site after it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { parseSimpleSearch } from '../../src/lib/search-query.ts';
import { createAdminApi } from '../../src/server/admin/routes.ts';
import { importContent } from '../../src/server/import/index.ts';
import { simpleSearch } from '../../src/server/search/service.ts';
import { articleRelations } from '../../src/server/store/article-relations.ts';
import { createEmptyStore, type EmptyStore } from '../fixtures/empty-store.ts';
import { value } from '../fixtures/rows.ts';

const NOW = '2026-11-01T00:00:00.000Z';
const TOKEN = 'platform-token-for-tests';
const HOST = 'jos.localhost:4321';

let store: EmptyStore;

beforeEach(async () => {
  store = await createEmptyStore();
  await importContent(
    store.db,
    JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/import-good.json'), 'utf8')),
    NOW,
  );
});
afterEach(() => store.close());

it('a console title correction relates the article by its new words and search finds it by its new title', async () => {
  const db = store.db;
  const site = await value(db, "SELECT id FROM sites WHERE sld = 'jos'");
  const idOf = (title: string) => value(db, 'SELECT id FROM articles WHERE title = ?', title);
  const holography = await idOf('超表面全息成像技术研究');
  const pulses = await idOf('Ultrafast laser pulse shaping');
  const related = async () =>
    (await articleRelations(db, site, holography, NOW))?.article.map((article) => article.id) ?? [];
  const found = async (q: string) => {
    const parsed = parseSimpleSearch(new URLSearchParams({ q }));
    if (!parsed.ok) throw new Error(q);
    return (await simpleSearch(db, { siteId: site, now: new Date(NOW) }, parsed.value)).content.map((hit) => hit.id);
  };
  expect(await related()).not.toContain(pulses);
  expect(await found('全息超表面脉冲整形')).not.toContain(pulses);

  const rebuilder = {
    request: async () => ({ ok: true as const, summary: {} }),
    state: () => 'idle',
    last: () => undefined,
  };
  const app = createAdminApi({ db, token: TOKEN, rebuilder, previewSecret: 'preview-secret-for-tests' });
  const response = await app.request(`http://${HOST}/_admin/sites/jos/articles/${pulses}`, {
    method: 'PATCH',
    headers: {
      host: HOST,
      origin: `http://${HOST}`,
      authorization: `Bearer ${TOKEN}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ title: '全息超表面脉冲整形' }),
  });
  expect(response.status).toBe(200);

  // the keyword 超表面 and the title word 全息 of the other article are now words of its title
  expect(await related()).toContain(pulses);
  expect(await found('全息超表面脉冲整形')).toContain(pulses);
});
