/**
 * Rankings read rollups; these check that the rollups answer what summing the daily
 * rows answers: at once after a count is written, after the windows move on to a later day, and
 * when asked for an earlier day than the one they count from.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentSource } from '../../src/content/source.ts';
import { type RankingPeriod, rankingFromDay, rankingPeriods } from '../../src/lib/ranking.ts';
import { createLocalSource } from '../../src/server/local-source.ts';
import { countArticleDownload, countArticleView } from '../../src/server/store/article-counts.ts';
import { createDemoDb, type DemoDb } from '../fixtures/demo-db.ts';

let demo: DemoDb;
let clock = new Date('2026-11-20T10:00:00Z');
let source: ContentSource;

beforeAll(async () => {
  demo = await createDemoDb({ articles: 120 });
  source = createLocalSource(demo.db, { now: () => clock });
});
afterAll(() => demo.cleanup());

/** The ranking as the daily rows say it, summed here the old way. */
function summed(
  siteId: number,
  by: 'read' | 'download',
  period: RankingPeriod,
  size: number,
): { id: number; count: number }[] {
  const column = by === 'read' ? 'views' : 'downloads';
  const from = rankingFromDay(period, clock);
  const rows = demo.db
    .prepare(
      `SELECT d.article_id AS id, SUM(d.${column}) AS count FROM article_daily_counts d JOIN articles a ON a.id = d.article_id
       WHERE d.site_id = ? AND a.status <> 'draft' AND d.day >= ? GROUP BY d.article_id HAVING SUM(d.${column}) > 0 ORDER BY count DESC, d.article_id LIMIT ?`,
    )
    .all(siteId, from ?? '0000', size);
  return rows.map((row) => ({ id: Number(row['id']), count: Number(row['count']) }));
}

async function ranked(siteId: number, by: 'read' | 'download', period: RankingPeriod, size: number) {
  return (await source.rankArticles(siteId, { by, period, size })).map((row) => ({
    id: row.article.id,
    count: row.count,
  }));
}

async function expectSameAsSums(siteId = 1) {
  for (const period of rankingPeriods) {
    for (const by of ['read', 'download'] as const)
      expect({ period, by, rows: await ranked(siteId, by, period, 20) }).toEqual({
        period,
        by,
        rows: summed(siteId, by, period, 20),
      });
  }
}

describe('ranking rollups', () => {
  it('rank as the summed daily counts do, on every period', async () => {
    expect(summed(1, 'read', 'all', 20).length).toBeGreaterThan(5);
    await expectSameAsSums();
  });

  it('take a view or a download at once', async () => {
    const last = summed(1, 'read', '3m', 50).at(-1);
    const id =
      last?.id ??
      Number(demo.db.prepare("SELECT id FROM articles WHERE site_id = 1 AND status = 'formal' LIMIT 1").get()?.['id']);
    const before = (await ranked(1, 'read', '3m', 50)).find((row) => row.id === id)?.count ?? 0;
    for (let i = 0; i < 40; i++) await countArticleView(demo.db, 1, id, `visitor-${i}`, clock);
    await countArticleDownload(demo.db, 1, id, clock);
    const after = await ranked(1, 'read', '3m', 50);
    expect(after.find((row) => row.id === id)?.count).toBe(before + 40);
    await expectSameAsSums();
  });

  it('drop the days that left a window when the day moves on, and recompute for an earlier day', async () => {
    clock = new Date('2027-03-05T08:00:00Z');
    await expectSameAsSums();
    clock = new Date('2028-01-01T00:00:00Z');
    await expectSameAsSums();
    clock = new Date('2026-06-15T12:00:00Z');
    await expectSameAsSums();
  });
});
