/**
 * The demo seed at sizes a unit test should not build: three seeded databases for determinism, and
 * 10,000 articles for the calendar at scale (the rest of the seed's rules: tests/api/seed-demo.test.ts).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ISSUE_ARTICLES_MAX } from '../../src/server/seed/journals.ts';
import type { Db } from '../../src/server/store/db.ts';
import { createDemoDb } from '../fixtures/demo-db.ts';

const rows = (db: Db, sql: string) => db.prepare(sql).all();
const value = (db: Db, sql: string) => Object.values(db.prepare(sql).get() ?? {})[0];

function dumpHash(db: Db): string {
  const hash = createHash('sha256');
  for (const table of [
    'sites',
    'header_configs',
    'footer_configs',
    'channels',
    'modules',
    'articles',
    'authors',
    'article_references',
    'news',
    'media',
    'experts',
    'users',
    'files',
  ]) {
    for (const row of rows(db, `SELECT * FROM ${table} ORDER BY rowid`)) {
      hash.update(
        JSON.stringify(row, (_key, v: unknown) => (v instanceof Uint8Array ? Buffer.from(v).toString('hex') : v)),
      );
    }
  }
  return hash.digest('hex');
}

describe('demo seed at size', () => {
  it('is deterministic: the same seed gives identical rows, another seed different ones', async () => {
    const a = await createDemoDb({ articles: 150, fresh: true });
    const b = await createDemoDb({ articles: 150, fresh: true });
    const c = await createDemoDb({ articles: 150, seed: 2, fresh: true });
    try {
      expect(dumpHash(a.db)).toBe(dumpHash(b.db));
      expect(dumpHash(a.db)).not.toBe(dumpHash(c.db));
    } finally {
      for (const d of [a, b, c]) d.cleanup();
    }
  });

  it('grows the archive, not the issues, at scale: 10,000 articles keep every issue but the big one within a real issue size', async () => {
    const large = await createDemoDb({ articles: 10_000, fresh: true });
    try {
      const sizes = rows(
        large.db,
        "SELECT p.site_id, p.year, p.issue, COUNT(a.id) AS n FROM periods p LEFT JOIN articles a ON a.period_id = p.id AND a.status = 'formal' GROUP BY p.id ORDER BY n DESC LIMIT 2",
      );
      // the 300+ article issue stays; the next largest is a real issue's size (the demo's calendar from 2019 put 31 in each of jmst's)
      expect([sizes[0]?.['site_id'], sizes[0]?.['year'], sizes[0]?.['issue']]).toEqual([1, 2025, 6]);
      expect(Number(sizes[1]?.['n'])).toBeLessThanOrEqual(ISSUE_ARTICLES_MAX);
      expect(
        value(
          large.db,
          "SELECT MIN(substr(published_date, 1, 4)) FROM articles WHERE status = 'formal' AND site_id = 1",
        ),
      ).toBe('2016');
      expect(value(large.db, 'SELECT COUNT(*) FROM articles')).toBe(10_000);
    } finally {
      large.cleanup();
    }
  }, 300_000);
});
