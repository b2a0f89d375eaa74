/**
 * The queries that render pages, search result pages, OAI-PMH and feeds are served by an
 * index at 100,000 articles. The pages are rendered for real over a small demo store, every
 * SELECT they run is recorded, and each plan is judged with the planner statistics of a
 * 100,000-article store: no step may read more than ROW_BUDGET rows (a covering index's count
 * COVERING_BUDGET entries) unless it walks an index in order and stops at a LIMIT. Summing a
 * site's daily counts (the old rankings) or planning an article's monthly counts on the site's
 * (site_id, day) index fails here.
 */
import type { SQLInputValue } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPortalServer, type PortalServer } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createLocalSource } from '../../src/server/local-source.ts';
import { one } from '../../src/server/store/sql.ts';
import { createDemoDb, type DemoDb } from '../fixtures/demo-db.ts';
import {
  largeStoreStats,
  overBudget,
  type Recorded,
  recordStatements,
  usePlannerStats,
} from '../fixtures/query-plans.ts';

/** Read once per connection, before its first search (the segmenter's domain words), not per render. */
// (written by Kysely on both engines, so its names are quoted)
const ONCE_PER_CONNECTION = [/^select "keywords" from "(articles|sites)" where "keywords" is not null$/i];
/**
 * A site's facet values, read into memory once per site and version of its search index
 * (src/server/store/search-facet-values.ts), and the first publish time to come of its items, which
 * ends the searches kept in memory (src/server/store/search/match-set.ts; read again only once that time has come).
 */
const ONCE_PER_INDEX_VERSION = [
  /^select "id", "kind", "publish_at", "year", "publication_id", "column_id" from "search_docs" where/,
  /^select "f"\."doc_id", "f"\."facet", "f"\."value", "f"\."en_value" from "search_docs" as "d"/,
  /^select min\("publish_at"\) as "next" from "search_docs" where "site_id" in/,
];

let demo: DemoDb;
let app: PortalServer;
let statements: Recorded[];

const get = async (path: string) => {
  const response = await app.request(path, { headers: { host: 'jmst.localhost:4321', 'accept-encoding': 'identity' } });
  await response.arrayBuffer();
  return response.status;
};

function pages(): string[] {
  const article = Number(
    one(demo.db, "SELECT id FROM articles WHERE site_id = 1 AND status = 'formal' ORDER BY id DESC LIMIT 1")?.['id'],
  );
  const period = one(
    demo.db,
    'SELECT year, issue FROM periods WHERE site_id = 1 ORDER BY year DESC, issue DESC LIMIT 1',
  );
  const year = Number(period?.['year']);
  const issue = Number(period?.['issue']);
  const search = (text: string) =>
    `/article?type=article&index=-1&searchType=singleSearch&searchText=${encodeURIComponent(text)}&lang=zh`;
  return [
    '/zh/home/',
    '/en/home/',
    `/zh/article/${article}/`,
    `/en/article/${article}/`,
    '/zh/ranking/',
    '/zh/ranking/?type=download&period=all',
    '/zh/ranking/?type=cite&period=3y',
    '/zh/ranking/?type=read&period=3m&journal=1',
    '/zh/issue/',
    `/zh/issue/${year}/`,
    `/zh/issue/${year}/${issue}/`,
    '/zh/news/',
    '/zh/onlineFirst/',
    '/zh/justAccepted/',
    search('材料'),
    search('alloy'),
    '/oai?verb=Identify',
    '/oai?verb=ListRecords&metadataPrefix=oai_dc',
    '/oai?verb=ListIdentifiers&metadataPrefix=oai_dc&from=2020-01-01',
    `/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:jmst.localhost:article/${article}`,
    '/oai?verb=ListSets',
    '/rc-pub/front/rss?feed=latest&lang=zh',
    '/rc-pub/front/rss?feed=current&lang=zh',
    '/rc-pub/front/rss?feed=online-first&lang=en',
    '/rc-pub/front/atom?feed=latest&lang=zh',
  ];
}

beforeAll(async () => {
  demo = await createDemoDb({ articles: 300 });
  const config = { ...loadConfig({}), databasePath: demo.path, sitesDir: '/nonexistent-sites' };
  app = createPortalServer({ db: demo.db, source: createLocalSource(demo.db), config });
  const paths = pages();
  const statuses: Record<string, number> = {};
  statements = await recordStatements(async () => {
    for (const path of paths) statuses[path] = await get(path);
  });
  expect(Object.entries(statuses).filter(([, status]) => status !== 200)).toEqual([]);
});
afterAll(async () => {
  await app?.close();
  await demo?.cleanup();
});

describe('query plans at 100,000 articles', () => {
  it('records the render path (rankings and monthly counts among it)', () => {
    expect(statements.length).toBeGreaterThan(30);
    expect(statements.some((s) => /article_daily_counts|article_period_counts/.test(s.sql))).toBe(true);
  });

  const findings = (only: RegExp = /./) =>
    overBudget(
      demo.db,
      statements.filter(
        (s) =>
          only.test(s.sql) &&
          ![...ONCE_PER_CONNECTION, ...ONCE_PER_INDEX_VERSION].some((once) => once.test(s.sql.trim())),
      ),
      largeStoreStats(),
    ).map((f) => `${f.rows} rows: ${f.step}\n    ${f.sql.slice(0, 300)}`);

  it('reads every page, result page, OAI-PMH answer and feed through an index', () => {
    usePlannerStats(demo.db, largeStoreStats());
    expect(findings()).toEqual([]);
  });

  it("reads a site's facet values, once per version of its index, by the site's own index or a range of its ids", () => {
    usePlannerStats(demo.db, largeStoreStats());
    const loads = statements.filter((s) => ONCE_PER_INDEX_VERSION.some((once) => once.test(s.sql.trim())));
    expect(loads).toHaveLength(ONCE_PER_INDEX_VERSION.length);
    for (const { sql, args } of loads) {
      const plan = demo.db
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .all(...(args as SQLInputValue[]))
        .map((row) => String(row['detail']));
      expect(
        plan.filter((step) => step.startsWith('SCAN')),
        sql,
      ).toEqual([]);
      // by the site's index, or by a bounded range of its ids (the facet values are read a few thousand items at a time)
      expect(
        plan.some((step) => /site_id=\?|doc_id>\? AND doc_id<\?/.test(step)),
        sql,
      ).toBe(true);
    }
  });

  // every table of contents lists the journal's issues with their counts: 1,506 issues of jmst at
  // 100,000 articles, so a count that reads article rows per issue grows with the archive
  it("counts each issue's visible articles within an index, reading no article row", () => {
    usePlannerStats(demo.db, largeStoreStats());
    const counts = statements.filter((s) => /as "article_count"/.test(s.sql));
    expect(counts.length).toBeGreaterThan(0);
    for (const { sql, args } of counts) {
      const steps = demo.db
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .all(...(args as SQLInputValue[]))
        .map((row) => String(row['detail']))
        .filter((step) => /^(SEARCH|SCAN) a\b/.test(step));
      expect(steps.length, sql).toBeGreaterThan(0);
      for (const step of steps) expect(step, sql).toMatch(/USING COVERING INDEX/);
    }
  });

  // a harvester resumes deep in the list: the page skips every record before its cursor (40,000 at
  // jmst), so the walk must read index entries only, never an article row per skipped record
  it("walks OAI-PMH's list pages within one index, reading no article row", () => {
    usePlannerStats(demo.db, largeStoreStats());
    const walks = statements.filter((s) =>
      /^select "id", "publication_id", "updated_at", "removed_at" from "articles"/.test(s.sql),
    );
    expect(walks.length).toBeGreaterThan(0);
    for (const { sql, args } of walks) {
      const steps = demo.db
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .all(...(args as SQLInputValue[]))
        .map((row) => String(row['detail']));
      expect(steps, sql).toEqual([expect.stringMatching(/^SEARCH articles USING COVERING INDEX/)]);
    }
  });

  // Stores gather statistics after a seed and at every open (PRAGMA optimize), so other queries
  // may lean on them; the counts are read by their own keys whatever the planner knows.
  it("reads an article's counts and the rankings by their own keys before the planner has statistics", () => {
    usePlannerStats(demo.db, []);
    expect(findings(/article_daily_counts|article_period_counts/)).toEqual([]);
  });
});
