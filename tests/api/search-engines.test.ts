/**
 * The demo seed and search on both engines: the same demo data seeded into SQLite (FTS5) and
 * PostgreSQL (a tsvector with a GIN index), the same rows written, then query by query the same totals, the same hits and the same facet counts.
 * Where an order is defined (date, views, downloads, citations, update time, each newest first)
 * the hits come in the same order, page by page; relevance orders by each engine's own score
 * (BM25 against ts_rank, which weigh terms differently), so there only the set of hits is compared.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '../../src/content/types.ts';
import { parseAdvancedSearch } from '../../src/lib/advanced-search.ts';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { parseSimpleSearch } from '../../src/lib/search-query.ts';
import { createApi } from '../../src/server/api/index.ts';
import { createSiteResolver } from '../../src/server/host.ts';
import { importContent } from '../../src/server/import/index.ts';
import { createLocalSource } from '../../src/server/local-source.ts';
import { advancedSearch, simpleSearch, simpleSearchClusters } from '../../src/server/search/service.ts';
import { seedDemo } from '../../src/server/seed/index.ts';
import { countRows, insertRow } from '../../src/server/store/bulk/insert.ts';
import type { Db } from '../../src/server/store/db.ts';
import { kysely } from '../../src/server/store/kysely.ts';
import { closeStore, openStore } from '../../src/server/store/open-store.ts';
import { type PostgresCluster, startPostgresCluster } from '../fixtures/postgres-cluster.ts';
import { BOOK } from './api-fixture.ts';

const ARTICLES = 240;
const JMST = 1;
const CPG = 2;

let cluster: PostgresCluster;
let dir: string;
let sqlite: Db;
let postgres: Db;
/** an author's name and a keyword of jmst's articles, from the seeded data */
let author: string;
let keyword: string;

const now = new Date();

function checked<T>(answer: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!answer.ok) throw new Error(`rejected: ${JSON.stringify(answer.error)}`);
  return answer.value;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'search-engines-'));
  cluster = await startPostgresCluster();
  sqlite = await openStore(join(dir, 'portal.db'), {});
  postgres = await openStore('', { DATABASE_URL: cluster.url });
  await seedDemo(sqlite, { articles: ARTICLES });
  await seedDemo(postgres, { articles: ARTICLES });
  // the first author and keyword the facets of 材料 list, as a visitor would pick them
  const facets = await simpleSearchClusters(
    sqlite,
    { siteId: JMST, now },
    checked(parseSimpleSearch(new URLSearchParams({ q: '材料' }))),
  );
  author = facets.author[0]?.value ?? '';
  keyword = facets.keyword[0]?.value ?? '';
}, 300_000);

afterAll(async () => {
  if (sqlite) await closeStore(sqlite);
  if (postgres) await closeStore(postgres);
  await cluster?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

type Params = Record<string, string>;

/** Every page of a simple search on one engine. */
async function simplePages(db: Db, params: Params, siteId: number): Promise<SearchResult[]> {
  const pages: SearchResult[] = [];
  for (let page = 1; ; page++) {
    const search = checked(parseSimpleSearch(new URLSearchParams({ ...params, size: '50', page: String(page) })));
    const result = await simpleSearch(db, { siteId, now }, search);
    pages.push(result);
    if (page * 50 >= result.total) return pages;
  }
}

async function advancedPages(db: Db, params: Params): Promise<SearchResult[]> {
  const pages: SearchResult[] = [];
  for (let page = 1; ; page++) {
    const search = checked(parseAdvancedSearch(new URLSearchParams(params)));
    const paging = checked(
      parseSimpleSearch(new URLSearchParams({ ...params, q: 'x', size: '50', page: String(page) })),
    );
    const result = await advancedSearch(
      db,
      { siteId: JMST, now },
      { search, sort: paging.sort, page, size: 50, filters: paging.filters },
    );
    pages.push(result);
    if (page * 50 >= result.total) return pages;
  }
}

const hitKeys = (pages: SearchResult[]) => pages.flatMap((page) => page.content.map((hit) => JSON.stringify(hit)));

/** Same total and hits on both engines; the same order unless the search sorts by relevance. */
function expectSame(params: Params, onSqlite: SearchResult[], onPostgres: SearchResult[]): void {
  const total = onSqlite[0]?.total ?? 0;
  expect(onPostgres[0]?.total, 'total').toBe(total);
  const [a, b] = [hitKeys(onSqlite), hitKeys(onPostgres)];
  expect(a.length).toBe(total);
  if ((params['sort'] ?? 'relevance') === 'relevance') expect(b.sort()).toEqual(a.sort());
  else expect(b).toEqual(a);
}

const SIMPLE: [string, () => Params, number?][] = [
  ['a Chinese word', () => ({ q: '材料' })],
  ['a Chinese word, newest first', () => ({ q: '合金', sort: 'date' })],
  ['a Chinese compound that jieba keeps whole', () => ({ q: '钙钛矿' })],
  ['one Chinese character (a prefix)', () => ({ q: '钢', sort: 'citations' })],
  ['an English word (stemmed)', () => ({ q: 'batteries', sort: 'date' })],
  ['an English word, most viewed first', () => ({ q: 'creep', sort: 'views' })],
  ['a quoted phrase', () => ({ q: '"shape memory alloy"', sort: 'downloads' })],
  ['mixed Chinese and English', () => ({ q: '石墨烯 composite' })],
  ['OR and NOT', () => ({ q: '石墨烯 OR 钙钛矿 NOT 电池', sort: 'date' })],
  ['the title only', () => ({ q: '材料', field: 'title', sort: 'views' })],
  ['the keywords only', () => ({ q: '合金', field: 'keyword', sort: 'updated' })],
  ['the abstract only', () => ({ q: '性能', field: 'abstract', sort: 'date' })],
  ['an author', () => ({ q: author, field: 'author', sort: 'date' })],
  ['a DOI', () => ({ q: '10.13475/j.jmst.2019.09.001', field: 'doi' })],
  ['the last five years', () => ({ q: '材料', year: '5', sort: 'citations' })],
  ['a year of publication', () => ({ q: '材料', pubYear: '2025', sort: 'date' })],
  ['a journal', () => ({ q: '材料', journal: '1', sort: 'downloads' })],
  ['a keyword facet', () => ({ q: '材料', keyword, sort: 'date' })],
  ['an author facet', () => ({ q: '材料', author })],
  ['pictures', () => ({ q: '实验', type: 'picture', sort: 'date' })],
  ['tables', () => ({ q: '参数', type: 'table' })],
  ['news', () => ({ q: '会议', type: 'news', sort: 'date' })],
  ['journals', () => ({ q: '材料', type: 'publication' })],
  ['a group site (its member sites)', () => ({ q: '材料', sort: 'date' }), CPG],
];

const ADVANCED: [string, () => Params][] = [
  ['title AND keyword', () => ({ field1: 'title', text1: '合金', op2: 'AND', field2: 'keyword', text2: '位错' })],
  ['a DOI prefix (fuzzy)', () => ({ field1: 'doi', text1: '10.13475/j.jmst.2019', mode1: '0', sort: 'date' })],
  [
    'title OR abstract NOT keyword, newest first',
    () => ({
      field1: 'title',
      text1: '石墨烯',
      op2: 'OR',
      field2: 'abstract',
      text2: '钙钛矿',
      op3: 'NOT',
      field3: 'keyword',
      text3: '电池',
      sort: 'date',
    }),
  ],
  ['an exact author', () => ({ field1: 'author', text1: author, mode1: '1', sort: 'views' })],
  ['an institution', () => ({ field1: 'institution', text1: '大学', sort: 'date' })],
  [
    'an issue number with a keyword',
    () => ({ field1: 'part', text1: '6', op2: 'AND', field2: 'keyword', text2: '位错' }),
  ],
  [
    'open access in the last ten years',
    () => ({ field1: 'title', text1: '材料', oa: '0', span: '10', sort: 'citations' }),
  ],
];

describe('the demo seed on PostgreSQL', () => {
  it('writes what it writes on SQLite, search index included', async () => {
    for (const table of ['sites', 'articles', 'authors', 'news', 'search_docs', 'search_facets'] as const)
      expect(await countRows(kysely(postgres), table), table).toBe(await countRows(kysely(sqlite), table));
  });

  it('leaves the next site and the next article new ids after the ids it gave them', async () => {
    const site = { sld: 'newsite', name: '新站', en_name: 'New site', type: 'single', created_at: '2026-11-27' };
    // kept (a draft is not searched): SQLite would give a deleted row's id again, PostgreSQL not
    const siteId = await insertRow(kysely(postgres), 'sites', site);
    expect(siteId).toBe(await insertRow(kysely(sqlite), 'sites', site));
    const article = { site_id: JMST, publication_id: 1, title: '新文章', status: 'draft', updated_at: '2026-11-27' };
    const articleId = await insertRow(kysely(postgres), 'articles', article);
    expect(articleId).toBe(await insertRow(kysely(sqlite), 'articles', article));
  });
});

describe('search gives the same answers on SQLite and PostgreSQL', () => {
  it.each(SIMPLE)('simple search: %s', async (_name, params, siteId = JMST) => {
    const query = params();
    const [a, b] = await Promise.all([simplePages(sqlite, query, siteId), simplePages(postgres, query, siteId)]);
    expect(a[0]?.total ?? 0, 'the query finds something').toBeGreaterThan(0);
    expectSame(query, a, b);
  });

  it.each(ADVANCED)('advanced search: %s', async (_name, params) => {
    const query = params();
    const [a, b] = await Promise.all([advancedPages(sqlite, query), advancedPages(postgres, query)]);
    expect(a[0]?.total ?? 0, 'the query finds something').toBeGreaterThan(0);
    expectSame(query, a, b);
  });

  it.each([
    ['材料', JMST],
    ['合金 OR 钙钛矿', JMST],
    ['材料', CPG],
  ] as const)('facets of %s (site %i)', async (q, siteId) => {
    const search = checked(parseSimpleSearch(new URLSearchParams({ q })));
    const [a, b] = await Promise.all([
      simpleSearchClusters(sqlite, { siteId, now }, search),
      simpleSearchClusters(postgres, { siteId, now }, search),
    ]);
    expect(a.journal.length).toBeGreaterThan(0);
    expect(b).toEqual(a);
  });
});

describe('an import on PostgreSQL', () => {
  it('writes and indexes what it writes on SQLite, and its articles are found alike', async () => {
    const file = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/import-good.json'), 'utf8'));
    const at = '2026-03-01T00:00:00.000Z';
    const [a, b] = [await importContent(sqlite, file, at), await importContent(postgres, file, at)];
    expect(b).toEqual(a);
    // the new articles' lists, written together after the articles on either engine, are the same rows
    for (const table of ['authors', 'institutions', 'article_references'] as const) {
      const rows = async (db: Db) =>
        (
          await sql<Record<string, unknown>>`SELECT c.* FROM ${sql.table(table)} c
            JOIN articles x ON x.id = c.article_id WHERE x.site_id = ${a.siteId}
            ORDER BY c.article_id, c.position`.execute(kysely(db))
        ).rows.map(({ id: _id, ...row }) => row);
      const onSqlite = await rows(sqlite);
      expect(onSqlite.length, table).toBeGreaterThan(0);
      expect(await rows(postgres), table).toEqual(onSqlite);
    }
    const onSqlite = await simplePages(sqlite, { q: '超表面 OR laser', sort: 'date' }, a.siteId);
    expect(onSqlite[0]?.total).toBe(2);
    expectSame(
      { sort: 'date' },
      onSqlite,
      await simplePages(postgres, { q: '超表面 OR laser', sort: 'date' }, b.siteId),
    );
  });
});

describe('search on PostgreSQL finds its matches through the GIN index', () => {
  /** auto_explain writes the plan of every statement, functions' own included, to the server's log. */
  async function explainedInLog(run: (db: Db) => Promise<void>): Promise<string> {
    const options = [
      'session_preload_libraries=auto_explain',
      'auto_explain.log_min_duration=0',
      'auto_explain.log_nested_statements=on',
    ];
    const url = `${cluster.url}?options=${encodeURIComponent(options.map((option) => `-c ${option}`).join(' '))}`;
    const from = statSync(cluster.log).size;
    const explained = await openStore('', { DATABASE_URL: url });
    try {
      await run(explained);
    } finally {
      await closeStore(explained);
    }
    return readFileSync(cluster.log, 'utf8').slice(from);
  }

  it('in every search above, however small the table (where a scan would be planned)', async () => {
    const log = await explainedInLog(async (db) => {
      for (const [, params, siteId = JMST] of SIMPLE) await simplePages(db, params(), siteId);
      for (const [, params] of ADVANCED) await advancedPages(db, params());
    });
    // each plan is one entry of the log; those testing a text match are the text index's lookups
    const lookups = log.split(/^\S.* LOG: {2}duration: /m).filter((plan) => plan.includes('@@'));
    expect(lookups.length).toBeGreaterThanOrEqual(SIMPLE.length + ADVANCED.length);
    for (const plan of lookups) {
      expect(plan).toContain('Bitmap Index Scan on search_text_tsv');
      expect(plan).not.toMatch(/Seq Scan on search_text\b/);
    }
  });
});

// last: a download counts, and the comparisons above read the counts
describe('the demo seeded into PostgreSQL', () => {
  it("serves an article's full-text PDF, the bytes the SQLite seed wrote for it", async () => {
    const withPdf = async (db: Db) =>
      kysely(db)
        .selectFrom('articles as a')
        .innerJoin('files as f', 'f.id', 'a.pdf_file_id')
        .select(['a.id', 'f.data'])
        .where('a.site_id', '=', JMST)
        .orderBy('a.id')
        .execute();
    const [onSqlite, onPostgres] = [await withPdf(sqlite), await withPdf(postgres)];
    expect(onSqlite.length).toBeGreaterThan(0);
    expect(onPostgres.map((row) => row.id)).toEqual(onSqlite.map((row) => row.id));
    const article = onSqlite[0]!;
    const source = createLocalSource(postgres);
    const api = createApi({
      db: postgres,
      source,
      siteForHost: createSiteResolver({ source, baseDomain: 'portal.test' }),
      log: (_message, error) => {
        throw error;
      },
      book: BOOK,
      thirdParty: [],
    });
    const response = await api.request(`${apiPaths.articleDownload}?id=${article.id}&attachType=pdf`, {
      headers: { host: 'jmst.localhost:4321' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array(article.data));
  });
});
