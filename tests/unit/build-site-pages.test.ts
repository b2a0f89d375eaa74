import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentSource } from '../../src/content/source.ts';
import type { Site } from '../../src/content/types.ts';
import { listedRoutes, listSiteRoutes } from '../../src/server/build/site-pages.ts';
import { createLocalSource } from '../../src/server/local-source.ts';
import { createDemoDb, type DemoDb } from '../fixtures/demo-db.ts';

let demo: DemoDb;
let source: ContentSource;
let jmst: Site;
const now = new Date('2026-11-23T00:00:00Z');

beforeAll(async () => {
  demo = await createDemoDb({ articles: 400 });
  source = createLocalSource(demo.db);
  const site = await source.findSiteBySld('jmst');
  if (!site) throw new Error('demo site jmst missing');
  jmst = site;
});
afterAll(() => demo?.cleanup());

describe('the pages a build prerenders', () => {
  it('lists the fixed pages, every issue, recent articles, news, albums, boards and menu pages', async () => {
    const routes = (await listSiteRoutes(source, jmst, { recentYears: 3, now })).map((page) => page.route);
    for (const route of ['home/', 'issue/', 'onlineFirst/', 'justAccepted/', 'news/']) expect(routes).toContain(route);
    expect(routes.some((route) => /^issue\/\d{4}\/\d+\/$/.test(route))).toBe(true);
    expect(routes.some((route) => /^article\/\d+\/$/.test(route))).toBe(true);
    expect(routes.some((route) => /^newsDetails\/\d+\/$/.test(route))).toBe(true);
    expect(routes.some((route) => /^editorial-board\/\d+\/1\/$/.test(route))).toBe(true);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('leaves out channels that are parts of other pages (hidden menu codes), which would be empty pages', async () => {
    const routes = (await listSiteRoutes(source, jmst, { recentYears: 3, now })).map((page) => page.route);
    for (const hidden of ['carousel/', 'situation/', 'quick/', 'rank/', 'reader/', 'introduce/'])
      expect(routes).not.toContain(hidden);
  });

  it('prebuilds articles of recent years only; older ones are left to on-demand rendering', async () => {
    const recent = (await listSiteRoutes(source, jmst, { recentYears: 1, now })).filter((page) =>
      page.route.startsWith('article/'),
    );
    const more = (await listSiteRoutes(source, jmst, { recentYears: 10, now })).filter((page) =>
      page.route.startsWith('article/'),
    );
    expect(recent.length).toBeGreaterThan(0);
    expect(more.length).toBeGreaterThan(recent.length);
  });

  it('tells of each article, issue, year and news item whether it is listed, as listing the whole site does', async () => {
    const options = { recentYears: 1, now };
    const listed = new Set((await listSiteRoutes(source, jmst, options)).map((page) => page.route));
    const articleIds = (
      demo.db.prepare('SELECT id FROM articles WHERE site_id = ?').all(jmst.id) as { id: number }[]
    ).map((row) => row.id);
    const newsIds = (demo.db.prepare('SELECT id FROM news WHERE site_id = ?').all(jmst.id) as { id: number }[]).map(
      (row) => row.id,
    );
    const periods = demo.db.prepare('SELECT year, issue FROM periods').all() as { year: number; issue: number }[];
    const asked = [
      ...new Set([
        ...articleIds.map((id) => `article/${id}/`),
        ...newsIds.map((id) => `newsDetails/${id}/`),
        ...periods.flatMap((period) => [`issue/${period.year}/`, `issue/${period.year}/${period.issue}/`]),
        'article/999999/',
      ]),
    ];
    const found = await listedRoutes(source, jmst, asked, options);
    expect([...found].sort()).toEqual(asked.filter((route) => listed.has(route)).sort());
    // both answers occur: some articles are listed, older ones are not
    expect(found.size).toBeGreaterThan(10);
    expect(articleIds.some((id) => !found.has(`article/${id}/`))).toBe(true);
  });
});
