/**
 * Every legacy URL family answers 301 from the real app to its canonical URL (one sample per row
 * of legacyRoutes, so a new row without a sample fails here), with the language from the URL,
 * else the cookie, else zh; any other language is not a legacy URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legacyRoutes } from '../../src/lib/routes.ts';
import { createPortalServer, type PortalServer } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createLocalSource } from '../../src/server/local-source.ts';
import { createDemoDb } from '../fixtures/demo-db.ts';

let demo: Awaited<ReturnType<typeof createDemoDb>>;
let app: PortalServer;
let period: { id: number; year: number; issue: number };

beforeAll(async () => {
  demo = await createDemoDb({ articles: 50 });
  const row = demo.db
    .prepare('SELECT id, year, issue FROM periods WHERE site_id = 1 ORDER BY year DESC, issue DESC LIMIT 1')
    .get();
  period = { id: Number(row?.['id']), year: Number(row?.['year']), issue: Number(row?.['issue']) };
  const config = { ...loadConfig({}), databasePath: demo.path, sitesDir: '/nonexistent-sites' };
  // Redirects never render; a page that is not a redirect gets this stand-in 404.
  const render = async () =>
    new Response('rendered on demand', { status: 404, headers: { 'content-type': 'text/plain' } });
  app = createPortalServer({ db: demo.db, source: createLocalSource(demo.db), config, render });
});
afterAll(async () => {
  await app?.close();
  demo?.cleanup();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  app.request(path, { headers: { host: 'jmst.localhost:4321', ...headers } });

/** [row name, legacy path, canonical target] */
const samples = (): [string, string, string][] => [
  ['homeNav', '/homeNav/jmst/en/', '/en/home/'],
  ['siteHome', '/jmst/home/en', '/en/home/'],
  ['articleDoi', '/article/doi/1/10.13475/j.jmst.2024.03.012/en', '/en/article/doi/10.13475/j.jmst.2024.03.012/'],
  ['articleId', '/article/id/1/12/en', '/en/article/12/'],
  ['thesis', '/thesis/1/12/pc/en', '/en/article/12/'],
  ['langArticleSite', '/en/article/1/12', '/en/article/12/'],
  ['langThesis', '/zh/thesis/1/12', '/zh/article/12/'],
  ['albumDetail', '/newAlbumDetail/1/5/en', '/en/collections/5/'],
  ['albumList', '/newAlbumList/1/9/zh', '/zh/collectionList/9/'],
  ['item', '/newItemPage/1/3/en', '/en/info/3/'],
  ['periodIntroduce', '/newPeriodIntroduce/1/2/en', '/en/about/2/'],
  ['newsDetails', '/newsDetails/1/44/en', '/en/newsDetails/44/'],
  ['newsInfo', '/newsInfo/1/8/channel/0/0/en', '/en/newsInfo/8/0/'],
  ['editorial', '/newEditorial/1/6/31/en', '/en/editorial-board/6/31/'],
  ['academic', `/newAcademic/1/4/backissue/${period.id}/0/en`, `/en/issue/${period.year}/${period.issue}/`],
];

describe('legacy redirects', () => {
  it('has a sample for every row of the route table', () => {
    expect(
      samples()
        .map(([name]) => name)
        .sort(),
    ).toEqual(legacyRoutes.map((route) => route.name).sort());
  });

  it('answers every legacy family with 301 to its canonical URL', async () => {
    for (const [name, from, to] of samples()) {
      const response = await get(from);
      expect(response.status, `${name}: ${from}`).toBe(301);
      expect(response.headers.get('location'), `${name}: ${from}`).toBe(to);
    }
  });

  it('takes the language from the URL, else the language cookie, else zh', async () => {
    expect((await get('/article/id/1/12', { cookie: 'language=en' })).headers.get('location')).toBe('/en/article/12/');
    expect((await get('/article/id/1/12/zh', { cookie: 'language=en' })).headers.get('location')).toBe(
      '/zh/article/12/',
    );
    expect((await get('/article/id/1/12')).headers.get('location')).toBe('/zh/article/12/');
    expect((await get('/article/id/1/12', { cookie: 'language=fr' })).headers.get('location')).toBe('/zh/article/12/');
  });

  it('reads a trailing zh or en as the language when the optional segments before it are left out', async () => {
    const cases: [string, string][] = [
      ['/newEditorial/1/6/en', '/en/editorial-board/6/'],
      ['/newsInfo/1/8/en', '/en/newsInfo/8/0/'],
      ['/newAcademic/1/4/en', '/en/issue/'],
      ['/homeNav/en', '/en/home/'],
      ['/article/id/1/12/en', '/en/article/12/'],
    ];
    for (const [from, to] of cases)
      expect((await get(from, { cookie: 'language=zh' })).headers.get('location'), from).toBe(to);
  });

  it('keeps caches from reusing a redirect whose language came from the cookie', async () => {
    const byCookie = await get('/article/id/1/12', { cookie: 'language=en' });
    expect(byCookie.headers.get('cache-control')).toBe('private, no-cache');
    expect(byCookie.headers.get('vary')).toContain('Cookie');
    const byUrl = await get('/article/id/1/12/en', { cookie: 'language=zh' });
    expect(byUrl.headers.get('cache-control')).toBeNull();
    expect(byUrl.headers.get('vary')).toBeNull();
  });

  it('takes ?lang= when the path has no language, before the cookie', async () => {
    expect((await get('/article/id/1/12?lang=en', { cookie: 'language=zh' })).headers.get('location')).toBe(
      '/en/article/12/',
    );
    expect((await get('/homeNav/jmst?lang=en')).headers.get('location')).toBe('/en/home/');
    expect((await get('/article/id/1/12/zh?lang=en')).headers.get('location')).toBe('/zh/article/12/');
    expect((await get('/article/id/1/12?lang=fr', { cookie: 'language=en' })).headers.get('location')).toBe(
      '/en/article/12/',
    );
  });

  it('does not redirect a language other than zh or en', async () => {
    for (const path of ['/article/id/1/12/fr', '/homeNav/jmst/de/', '/newsDetails/1/44/ja', '/newEditorial/1/6/fr']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toBe('rendered on demand');
    }
  });

  it('sends / to the home page in the cookie language', async () => {
    const root = await get('/', { cookie: 'language=en' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/en/home/');
    expect((await get('/')).headers.get('location')).toBe('/zh/home/');
  });

  it('finds a back issue only on the visited site', async () => {
    const other = demo.db.prepare('SELECT id FROM periods WHERE site_id <> 1 LIMIT 1').get();
    if (!other) return;
    const response = await get(`/newAcademic/1/4/backissue/${Number(other['id'])}/0/en`);
    expect(response.status).toBe(404);
  });
});
