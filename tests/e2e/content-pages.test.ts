/**
 * Content pages through the real server: a year's issues
 * (/{lang}/issue/{year}/), checked against the seeded periods; pictures, tables, videos and audios
 * on pages of their own, linked from albums.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordChanges } from '../../src/server/store/changes.ts';
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
      .prepare(
        'SELECT p.year, p.issue FROM periods p JOIN publications j ON j.id = p.publication_id WHERE p.site_id = 1 AND p.year = (SELECT MAX(year) - 1 FROM periods WHERE site_id = 1) ORDER BY p.issue',
      )
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

describe('resource pages', () => {
  const first = (sql: string) => portal.db.prepare(sql).get() as Record<string, unknown>;

  it('show a picture, a table, a video and an audio with both captions, the article and native controls', async () => {
    const picture = first(
      "SELECT f.id, f.caption, f.en_caption, f.article_id FROM figures f WHERE f.site_id = 1 AND f.kind = 'picture' ORDER BY f.id LIMIT 1",
    );
    const table = first(
      "SELECT f.id, f.caption, f.en_caption, f.article_id FROM figures f WHERE f.site_id = 1 AND f.kind = 'table' ORDER BY f.id LIMIT 1",
    );
    const video = first(
      "SELECT id, title AS caption, en_title AS en_caption, article_id FROM media WHERE site_id = 1 AND kind = 'video' ORDER BY id LIMIT 1",
    );
    const audio = first(
      "SELECT id, title AS caption, en_title AS en_caption, article_id FROM media WHERE site_id = 1 AND kind = 'audio' ORDER BY id LIMIT 1",
    );
    for (const lang of ['zh', 'en']) {
      for (const [kind, row] of [
        ['picture', picture],
        ['table', table],
        ['video', video],
        ['audio', audio],
      ] as const) {
        const page = await portal.request('jmst', `/${lang}/${kind}/${String(row['id'])}/`);
        expect(page.status, `${kind} ${lang}`).toBe(200);
        const text = mainText(page.body);
        expect(text).toContain(String(row['caption']));
        expect(text).toContain(String(row['en_caption']));
        expect(row['article_id'], kind).toEqual(expect.any(Number));
        expect(hrefs(page.body), `${kind} ${lang}`).toContain(`/${lang}/article/${String(row['article_id'])}/`);
      }
      expect((await portal.request('jmst', `/${lang}/picture/${String(picture['id'])}/`)).body).toMatch(
        /<img [^>]*src="\/rc-pub\/front\/files\/get\?id=\d+"/,
      );
      expect((await portal.request('jmst', `/${lang}/table/${String(table['id'])}/`)).body).toContain('<table');
      expect((await portal.request('jmst', `/${lang}/video/${String(video['id'])}/`)).body).toMatch(
        /<video [^>]*controls/,
      );
      expect((await portal.request('jmst', `/${lang}/audio/${String(audio['id'])}/`)).body).toMatch(
        /<audio [^>]*controls/,
      );
      // the article lists the video and the audio that belong to it
      for (const row of [video, audio]) {
        const kind = row === video ? 'video' : 'audio';
        expect(hrefs((await portal.request('jmst', `/${lang}/article/${String(row['article_id'])}/`)).body)).toContain(
          `/${lang}/${kind}/${String(row['id'])}/`,
        );
      }
    }
    // a video of the site's own (no article) links to none
    const own = first(
      "SELECT id FROM media WHERE site_id = 1 AND kind = 'video' AND article_id IS NULL ORDER BY id LIMIT 1",
    );
    const ownPage = await portal.request('jmst', `/en/video/${String(own['id'])}/`);
    expect(ownPage.status).toBe(200);
    expect(hrefs(ownPage.body).filter((href) => /^\/en\/article\/\d+\/$/.test(href))).toEqual([]);
  });

  it("a picture's drawn label has its caption's number", async () => {
    const pictures = portal.db
      .prepare("SELECT id, en_caption FROM figures WHERE kind = 'picture' AND site_id = 1 ORDER BY id LIMIT 8")
      .all() as { id: number; en_caption: string }[];
    expect(pictures.length).toBeGreaterThan(1);
    for (const picture of pictures) {
      const number = /Fig\. (\d+)/.exec(picture.en_caption)?.[1];
      const page = await portal.request('jmst', `/en/picture/${picture.id}/`);
      const body = page.body.slice(page.body.indexOf('class="resource__body"'));
      const src = /<img [^>]*src="(\/rc-pub\/front\/files\/get\?id=\d+)"/.exec(body)?.[1] ?? '';
      const drawn = (await portal.request('jmst', src)).body;
      expect(
        [...drawn.matchAll(/Fig\. (\d+)/g)].map((match) => match[1]),
        `picture ${picture.id}`,
      ).toEqual([number]);
    }
  });

  it("answers 404 for an unknown id, a wrong kind and another site's resource; albums link to the pages", async () => {
    const picture = first("SELECT id FROM figures WHERE site_id = 1 AND kind = 'picture' ORDER BY id LIMIT 1");
    const foreign = first("SELECT id FROM figures WHERE site_id <> 1 AND kind = 'picture' ORDER BY id LIMIT 1");
    expect((await portal.request('jmst', '/en/picture/999999999/')).status).toBe(404);
    expect((await portal.request('jmst', `/en/table/${String(picture['id'])}/`)).status).toBe(404);
    expect((await portal.request('jmst', `/en/picture/${String(foreign['id'])}/`)).status).toBe(404);
    const album = first(
      "SELECT i.album_id FROM album_items i JOIN albums a ON a.id = i.album_id WHERE a.site_id = 1 AND i.resource_type = 'video' LIMIT 1",
    );
    const page = await portal.request('jmst', `/en/collections/${String(album['album_id'])}/`);
    expect(hrefs(page.body).some((href) => /^\/en\/video\/\d+\/$/.test(href))).toBe(true);
  });
});

describe('header config', () => {
  it('draws the navigation background where hasNavBg is on, and uses logoUrl or no logo as configured', async () => {
    const cpg = await portal.request('cpg', '/en/home/');
    const bg = portal.db.prepare('SELECT nav_bg_id FROM header_configs WHERE site_id = 2 AND has_nav_bg = 1').get() as {
      nav_bg_id: number;
    };
    expect(cpg.body).toMatch(
      new RegExp(
        `<nav class="header-nav[^"]*"[^>]*style="background: url\\('/rc-pub/front/files/get\\?id=${bg.nav_bg_id}'\\)`,
      ),
    );
    expect((await portal.request('jmst', '/en/home/')).body).not.toMatch(/<nav class="header-nav[^"]*"[^>]*style=/);

    const logo = portal.db.prepare("SELECT id FROM files WHERE site_id = 1 AND name = 'jmst-logo.svg'").get() as {
      id: number;
    };
    // edited as the console does, with the change recorded: on-demand pages keep the shell until then
    portal.db.prepare('UPDATE header_configs SET logo_id = ? WHERE site_id = 6').run(logo.id);
    await recordChanges(portal.db, [{ siteId: 6, kind: 'settings', action: 'updated', ids: [] }], 'test');
    expect((await portal.request('hxyj', '/en/home/?t=1')).body).toMatch(
      new RegExp(`<img class="logo-pc" src="/rc-pub/front/files/get\\?id=${logo.id}"`),
    );
    portal.db.prepare('UPDATE header_configs SET has_logo = 0 WHERE site_id = 6').run();
    await recordChanges(portal.db, [{ siteId: 6, kind: 'settings', action: 'updated', ids: [] }], 'test');
    const noLogo = await portal.request('hxyj', '/en/home/?t=2');
    expect(noLogo.body).not.toContain('class="logo-pc"');
    expect(noLogo.body).toContain('class="logo-text"');
  });
});

describe('custom buttons', () => {
  it('show in the page language; one without its English name is left out of the English header', async () => {
    const buttons = (body: string) =>
      [...body.matchAll(/<a class="custom-button"[^>]*>([^<]*)</g)].map((match) => match[1]);
    expect(buttons((await portal.request('gzxb', '/en/home/')).body)).toEqual(['Author guidelines']);
    const stored = JSON.parse(
      String(
        (
          portal.db.prepare('SELECT custom_buttons FROM header_configs WHERE site_id = 5').get() as {
            custom_buttons: string;
          }
        ).custom_buttons,
      ),
    ) as Record<string, unknown>[];
    const chineseOnly = [
      { ...stored[0], enCustomButtonName: null },
      { ...stored[0], customButtonName: '在线投稿', enCustomButtonName: 'Submit online' },
    ];
    portal.db
      .prepare('UPDATE header_configs SET custom_buttons = ? WHERE site_id = 5')
      .run(JSON.stringify(chineseOnly));
    await recordChanges(portal.db, [{ siteId: 5, kind: 'settings', action: 'updated', ids: [] }], 'test');
    expect(buttons((await portal.request('gzxb', '/en/home/?t=buttons')).body)).toEqual(['Submit online']);
    expect(buttons((await portal.request('gzxb', '/zh/home/?t=buttons')).body)).toEqual(['投稿须知', '在线投稿']);
  });
});

describe('album tabs', () => {
  it('an album has the thesis, picture, table and experts tabs, each listing only its kind; experts link to the board', async () => {
    const album = portal.db
      .prepare(
        "SELECT album_id AS id FROM album_items i JOIN albums a ON a.id = i.album_id WHERE a.site_id = 1 AND i.resource_type = 'expert' LIMIT 1",
      )
      .get() as { id: number };
    const count = (type: string) =>
      (
        portal.db
          .prepare('SELECT COUNT(*) AS n FROM album_items WHERE album_id = ? AND resource_type = ?')
          .get(album.id, type) as { n: number }
      ).n;
    const all = await portal.request('jmst', `/en/collections/${album.id}/`);
    for (const tab of ['thesis', 'picture', 'table', 'experts'])
      expect(hrefs(all.body)).toContain(`/en/collections/${album.id}/?tab=${tab}`);
    for (const [tab, type, pattern] of [
      ['thesis', 'article', /^\/en\/article\/\d+\/$/],
      ['picture', 'picture', /^\/en\/picture\/\d+\/$/],
      ['experts', 'expert', /^\/en\/editorial-board\/\d+\/\d+\/$/],
    ] as const) {
      const page = await portal.request('jmst', `/en/collections/${album.id}/?tab=${tab}`);
      expect(page.status).toBe(200);
      const list = page.body.slice(page.body.indexOf('<ul class="album-detail__items"'));
      const items = hrefs(list.slice(0, list.indexOf('</ul>'))).filter((href) =>
        /^\/en\/(article|picture|table|video|audio|editorial-board)\//.test(href),
      );
      expect(items.length, tab).toBe(count(type));
      for (const href of items) expect(href).toMatch(pattern);
    }
    expect((await portal.request('jmst', `/en/collections/${album.id}/?tab=nope`)).status).toBe(404);
  });
});

describe('carousel pictures', () => {
  it('every open site has 1200×400 slide pictures of its own, different per site and slide', async () => {
    const seen = new Set<string>();
    for (const sld of ['jmst', 'cpg', 'scholar', 'emf', 'gzxb', 'hxyj']) {
      const home = await portal.request(sld, '/en/home/');
      const carousel = home.body.slice(home.body.indexOf('<section class="carousel"'));
      const sources = [...carousel.slice(0, carousel.indexOf('</section>')).matchAll(/<img src="([^"]+)"/g)].map(
        (match) => match[1] ?? '',
      );
      expect(sources.length, sld).toBeGreaterThan(1);
      for (const src of sources) {
        const picture = await portal.request(sld, src.replaceAll('&amp;', '&'));
        expect(picture.status).toBe(200);
        expect(picture.body).toMatch(/^<svg [^>]*width="1200" height="400"/);
        expect(seen.has(picture.body), `${sld} ${src}`).toBe(false);
        seen.add(picture.body);
      }
    }
  });
});
