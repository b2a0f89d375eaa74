/**
 * The ranking (GET /rc-pub/front/ranking): answers for every period and kind, its order and its
 * numbers follow the stored counts per day, a period leaves out older days, a journal's ranking
 * holds only that journal's articles, and no site sees another's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { RANKING_KINDS } from '../../src/lib/constants.ts';
import { rankingFromDay, rankingPeriods } from '../../src/lib/ranking.ts';
import { rows, run, value } from '../fixtures/rows.ts';
import { type ApiFixture, createApiFixture } from './api-fixture.ts';

type Ranked = { count: number; article: { id: number; siteId: number; publicationId: number } };

let api: ApiFixture;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  api = await createApiFixture();
});
afterAll(() => api.cleanup());

async function ranking(query: string, sld = 'jmst'): Promise<Ranked[]> {
  const answer = await api.json(`${apiPaths.ranking}?${query}`, { sld });
  expect(answer.status, answer.message).toBe(0);
  return answer.data as Ranked[];
}

/** The expected counts, computed from the stored rows with plain SQL. */
async function storedSums(
  siteId: number,
  column: 'views' | 'downloads',
  fromDay: string | null,
): Promise<Map<number, number>> {
  const sums = await rows(
    api.demo.db,
    `SELECT d.article_id AS id, SUM(d.${column}) AS n FROM article_daily_counts d JOIN articles a ON a.id = d.article_id
     WHERE d.site_id = ? AND a.status <> 'draft' AND d.day >= ? GROUP BY d.article_id`,
    siteId,
    fromDay ?? '0000-00-00',
  );
  return new Map(sums.map((sum) => [Number(sum['id']), Number(sum['n'])]));
}

describe('ranking', () => {
  it('answers for every period and kind, ordered by the stored counts', async () => {
    for (const period of rankingPeriods) {
      const fromDay = rankingFromDay(period, new Date());
      for (const type of RANKING_KINDS) {
        const data = await ranking(`siteId=1&type=${type}&period=${period}&size=20`);
        // the demo's newest articles are not cited yet: a short period may rank none by citations
        if (type !== 'cite' || period === 'all') expect(data.length, `${type} ${period}`).toBeGreaterThan(0);
        expect(data.length).toBeLessThanOrEqual(20);
        const counts = data.map((entry) => entry.count);
        expect(counts).toEqual([...counts].sort((a, b) => b - a));
        for (const entry of data) expect(entry.article.siteId).toBe(1);
        if (type === 'cite') continue;
        const sums = await storedSums(1, type === 'read' ? 'views' : 'downloads', fromDay);
        for (const entry of data) expect(entry.count).toBe(sums.get(entry.article.id));
        // nothing left out ranks above the last one shown
        const highest = [...sums.values()].sort((a, b) => b - a);
        expect(counts).toEqual(highest.slice(0, counts.length));
      }
    }
  });

  it('follows new counts: a day with many views puts an article first; days before the period do not count', async () => {
    const db = api.demo.db;
    const articles = (
      await rows(db, "SELECT id FROM articles WHERE site_id = 1 AND status = 'formal' ORDER BY id DESC LIMIT 2")
    ).map((article) => Number(article['id']));
    const [recent = 0, old = 0] = articles;
    await run(
      db,
      'INSERT INTO article_daily_counts (article_id, site_id, day, views, downloads) VALUES (?, 1, ?, 1000000, 0) ON CONFLICT (article_id, day) DO UPDATE SET views = article_daily_counts.views + 1000000',
      recent,
      today,
    );
    await run(
      db,
      "INSERT INTO article_daily_counts (article_id, site_id, day, views, downloads) VALUES (?, 1, '2019-01-02', 5000000, 0)",
      old,
    );
    // rows written behind the count writer's back: the site's ranking rollups are recomputed from them
    await run(db, 'DELETE FROM article_period_count_days WHERE site_id = 1');

    const threeMonths = await ranking('siteId=1&type=read&period=3m');
    expect(threeMonths[0]?.article.id).toBe(recent);
    expect(threeMonths.some((entry) => entry.article.id === old && entry.count >= 5000000)).toBe(false);
    const threeYears = await ranking('siteId=1&type=read&period=3y');
    expect(threeYears[0]?.article.id).toBe(recent);
    const ever = await ranking('siteId=1&type=read&period=all');
    expect(ever[0]?.article.id).toBe(old);
    expect(ever[1]?.article.id).toBe(recent);
  });

  it("ranks one journal's articles, and never another site's", async () => {
    const journal = await value(
      api.demo.db,
      'SELECT publication_id AS id FROM articles WHERE site_id = 2 GROUP BY publication_id ORDER BY COUNT(*) DESC LIMIT 1',
    );
    const group = await ranking(`siteId=2&type=download&period=all&publicationId=${journal}`, 'cpg');
    expect(group.length).toBeGreaterThan(0);
    for (const entry of group) expect(entry.article.publicationId).toBe(journal);
    const foreign = await api.json(`${apiPaths.ranking}?siteId=2&type=read&period=all`, { sld: 'jmst' });
    expect(foreign.status).not.toBe(0);
  });

  it('refuses an unknown period in the request language', async () => {
    const bad = await api.json(`${apiPaths.ranking}?siteId=1&period=5y`, { headers: { language: 'en' } });
    expect(bad.status).toBe(400);
    expect(bad.message).toMatch(/[a-z]/i);
  });
});
