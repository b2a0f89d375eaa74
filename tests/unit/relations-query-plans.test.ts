/**
 * An article page's relation lists do bounded work at any archive size: each walk of a relation
 * key is a covering index walk that stops at its LIMIT, and article rows are read only for the few
 * candidates named by id, never once per index entry a walk passes (the lists before walked an
 * author's or institution's index and read each holder's article row to check its site). Plans are
 * judged with a 100,000-article store's planner statistics (tests/fixtures/query-plans.ts).
 */
import type { SQLInputValue } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rankedArticles } from '../../src/server/store/article-counts.ts';
import { articleRelations } from '../../src/server/store/article-relations.ts';
import { all } from '../../src/server/store/sql.ts';
import { visibilityNow } from '../../src/server/store/visibility.ts';
import { createDemoDb, type DemoDb } from '../fixtures/demo-db.ts';
import {
  largeStoreStats,
  overBudget,
  type Recorded,
  recordStatements,
  usePlannerStats,
} from '../fixtures/query-plans.ts';

let demo: DemoDb;
let relations: Recorded[];
let ranking: Recorded[];

const planOf = ({ sql, args }: Recorded) =>
  demo.db
    .prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .all(...(args as SQLInputValue[]))
    .map((row) => String(row['detail']));

/** whether the keys were written yet: once per connection (src/server/store/bulk/relation-keys.ts) */
const ONCE_PER_CONNECTION = /^select "(?:article_id|id)" from "(?:article_relation_keys|articles)" limit \?$/;

// the citing articles are found by the article's DOI; how many there are is its citation count
const citing = (s: Recorded) => /"article_references"/.test(s.sql);

beforeAll(async () => {
  demo = await createDemoDb({ articles: 300 });
  const ids = all(
    demo.db,
    "SELECT id, site_id FROM articles WHERE status = 'formal' AND removed_at IS NULL ORDER BY id DESC LIMIT 20",
  ).map((row) => ({ id: Number(row['id']), site: Number(row['site_id']) }));
  const now = visibilityNow();
  relations = (
    await recordStatements(async () => {
      for (const { id, site } of ids) await articleRelations(demo.db, site, id, now);
    })
  ).filter((s) => !ONCE_PER_CONNECTION.test(s.sql));
  ranking = await recordStatements(async () => {
    await rankedArticles(demo.db, 1, { by: 'cite', period: 'all', size: 10 }, new Date());
  });
  usePlannerStats(demo.db, largeStoreStats());
});
afterAll(() => demo?.cleanup());

describe('relation lists at 100,000 articles', () => {
  it('records the key walks and the read of the listed articles', () => {
    expect(relations.some((s) => /"article_relation_keys"/.test(s.sql))).toBe(true);
    expect(relations.some((s) => /from "articles" as "a"/.test(s.sql))).toBe(true);
  });

  it('stays within the row budget of every page', () => {
    expect(
      overBudget(demo.db, relations, largeStoreStats()).map((f) => `${f.rows}: ${f.step} ${f.sql.slice(0, 120)}`),
    ).toEqual([]);
  });

  it('scans no table', () => {
    for (const statement of relations)
      expect(
        planOf(statement).filter((step) => /^SCAN (?!w\b)/.test(step)),
        statement.sql,
      ).toEqual([]);
  });

  it("reads an article's own keys and walks each key by a covering index, stopping at its limit", () => {
    const walks = relations.filter((s) => /"article_relation_keys"/.test(s.sql));
    for (const statement of walks) {
      const plan = planOf(statement);
      expect(
        plan.filter((step) => step.startsWith('USE TEMP B-TREE')),
        statement.sql,
      ).toEqual([]);
      for (const step of plan.filter((s) => /^SEARCH article_relation_keys/.test(s)))
        expect(step, statement.sql).toMatch(/USING COVERING INDEX/);
    }
  });

  it('reads article rows only by their ids, never one per index entry walked', () => {
    for (const statement of relations.filter((s) => !citing(s))) {
      const plan = planOf(statement);
      if (!plan.some((step) => /^SEARCH a USING INTEGER PRIMARY KEY/.test(step))) continue;
      expect(
        plan.filter((step) => /^SEARCH /.test(step) && !/USING INTEGER PRIMARY KEY \(rowid=\?\)/.test(step)),
        statement.sql,
      ).toEqual([]);
    }
  });
});

describe('the ranking by citations', () => {
  it("walks the shown count's index in order and stops at the ranking's size", () => {
    const plans = ranking.filter((s) => /cited_by/.test(s.sql)).map(planOf);
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) {
      expect(plan.some((step) => /USING INDEX articles_cite_rank/.test(step))).toBe(true);
      expect(plan.filter((step) => step.startsWith('USE TEMP B-TREE'))).toEqual([]);
    }
  });
});
