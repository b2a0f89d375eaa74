/**
 * The PDF beside the abstract page (/{lang}/article/{id}/{name}.pdf) through the real request
 * path: the same PDF as the API's download, counted, in a logged-in member's download history,
 * and the old URL still answering; unknown or another site's articles get the 404 page.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_COOKIE } from '../../src/lib/constants.ts';
import { articlePdfPath } from '../../src/lib/routes.ts';
import { highwireTags } from '../../src/lib/scholarly-meta.ts';
import { createPortalServer, type PortalServer } from '../../src/server/app.ts';
import { hashToken } from '../../src/server/auth/session.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createLocalSource } from '../../src/server/local-source.ts';
import { createDemoDb } from '../fixtures/demo-db.ts';

let demo: Awaited<ReturnType<typeof createDemoDb>>;
let app: PortalServer;
let id: number;
let otherSiteId: number;

const NOT_FOUND_PAGE = 'the 404 page';

beforeAll(async () => {
  demo = await createDemoDb({ articles: 40 });
  const first = (sql: string) => Number(demo.db.prepare(sql).get()?.['id']);
  id = first("SELECT id FROM articles WHERE site_id = 1 AND status = 'formal' ORDER BY id LIMIT 1");
  otherSiteId = first("SELECT id FROM articles WHERE site_id <> 1 AND status = 'formal' ORDER BY id LIMIT 1");
  const config = { ...loadConfig({}), databasePath: demo.path, sitesDir: '/nonexistent-sites' };
  // pages are not what this test is about: every page is a stand-in 404
  const render = async () =>
    new Response(NOT_FOUND_PAGE, { status: 404, headers: { 'content-type': 'text/html; charset=utf-8' } });
  app = createPortalServer({ db: demo.db, source: createLocalSource(demo.db), config, render });
});
afterAll(async () => {
  await app?.close();
  demo?.cleanup();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  app.request(path, { headers: { host: 'jmst.localhost:4321', ...headers } });
const downloads = (articleId: number) =>
  Number(demo.db.prepare('SELECT downloads FROM articles WHERE id = ?').get(articleId)?.['downloads']);

/** robots.txt as Google reads it: the longest matching Allow or Disallow rule wins, Allow on a tie. */
function allowedByRobots(robots: string, path: string): boolean {
  let best: { length: number; allow: boolean } = { length: -1, allow: true };
  for (const line of robots.split('\n')) {
    const match = /^(Allow|Disallow):\s*(\S*)/i.exec(line.trim());
    if (!match?.[2] || !path.startsWith(match[2])) continue;
    const allow = match[1]?.toLowerCase() === 'allow';
    if (match[2].length > best.length || (match[2].length === best.length && allow))
      best = { length: match[2].length, allow };
  }
  return best.allow;
}

function memberCookie(): { cookie: string; userId: number } {
  const token = randomBytes(24).toString('base64url');
  const userId = Number(demo.db.prepare("SELECT id FROM users WHERE site_id = 1 AND user_name = 'demo'").get()?.['id']);
  const now = Date.now();
  demo.db
    .prepare('INSERT INTO sessions (token_hash, user_id, site_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)')
    .run(hashToken(token), userId, 1, new Date(now).toISOString(), new Date(now + 3_600_000).toISOString());
  return { cookie: `${TOKEN_COOKIE}=${token}`, userId };
}

describe('the PDF beside the abstract page', () => {
  it('is the article’s PDF in both languages, the same bytes as the old URL, and every download counts', async () => {
    const before = downloads(id);
    const zh = await get(articlePdfPath('zh', id));
    expect(zh.status).toBe(200);
    expect(zh.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await zh.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const en = await get(articlePdfPath('en', id));
    expect(new Uint8Array(await en.arrayBuffer())).toEqual(bytes);
    const old = await get(`/rc-pub/front/front-article/download?id=${id}&attachType=pdf`);
    expect(old.status).toBe(200);
    expect(new Uint8Array(await old.arrayBuffer())).toEqual(bytes);
    expect(downloads(id)).toBe(before + 3);
  });

  it('is where citation_pdf_url points, a path robots.txt lets Google Scholar fetch (it keeps crawlers out of /rc-pub/)', async () => {
    const article = await createLocalSource(demo.db).getArticle(1, id);
    if (!article) throw new Error('no article');
    const [pdfUrl] = highwireTags(article, 'http://jmst.localhost:4321', 'zh').filter(
      (tag) => tag.name === 'citation_pdf_url',
    );
    const path = new URL(pdfUrl?.content ?? '').pathname;
    expect(path).toBe(articlePdfPath('zh', id));
    const robots = await (await get('/robots.txt')).text();
    expect(allowedByRobots(robots, path)).toBe(true);
    expect(allowedByRobots(robots, `/rc-pub/front/front-article/download?id=${id}&attachType=pdf`)).toBe(false);
    expect((await get(path)).headers.get('content-type')).toBe('application/pdf');
  });

  it('answers HEAD (a crawler checking citation_pdf_url) without counting a download', async () => {
    const before = downloads(id);
    const head = await app.request(articlePdfPath('en', id), {
      method: 'HEAD',
      headers: { host: 'jmst.localhost:4321' },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/pdf');
    expect(downloads(id)).toBe(before);
  });

  it('goes into a logged-in member’s download history', async () => {
    const { cookie, userId } = memberCookie();
    expect((await get(articlePdfPath('zh', id), { cookie })).status).toBe(200);
    const kept = demo.db
      .prepare('SELECT COUNT(*) AS n FROM member_downloads WHERE user_id = ? AND article_id = ?')
      .get(userId, id);
    expect(Number(kept?.['n'])).toBe(1);
  });

  it('is the 404 page for an unknown article, another site’s article or a path that is no article', async () => {
    for (const path of [
      articlePdfPath('zh', 99999999),
      articlePdfPath('en', otherSiteId),
      `/zh/article/${id}/`,
      '/fr/article/1/article-1.pdf',
      '/zh/article/abc/x.pdf',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toBe(NOT_FOUND_PAGE);
    }
  });
});
