/**
 * The content pages issue 20 adds, through the real server: a year's issues
 * (/{lang}/issue/{year}/), checked against the seeded periods.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Portal, startPortal } from './harness.ts';
import { hrefs, mainText } from './pages-html.ts';

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal({ articles: 60 });
});
afterAll(() => portal?.close());

describe('a year of issues', () => {
  it("lists that year's issues of the journal with links to each, in both languages", async () => {
    const periods = portal.db
      .prepare("SELECT p.year, p.issue FROM periods p JOIN publications j ON j.id = p.publication_id WHERE p.site_id = 1 AND p.year = (SELECT MAX(year) - 1 FROM periods WHERE site_id = 1) ORDER BY p.issue")
      .all() as { year: number; issue: number }[];
    expect(periods.length).toBeGreaterThan(0);
    const year = periods[0]?.year ?? 0;
    for (const lang of ['zh', 'en']) {
      const page = await portal.request('jmst', `/${lang}/issue/${year}/`);
      expect(page.status).toBe(200);
      const links = hrefs(page.body);
      for (const period of periods) expect(links).toContain(`/${lang}/issue/${period.year}/${period.issue}/`);
      expect(mainText(page.body)).toContain(String(year));
    }
    expect((await portal.request('jmst', '/en/issue/1800/')).status).toBe(404);
    expect((await portal.request('jmst', '/en/issue/abc/')).status).toBe(404);
  });
});
