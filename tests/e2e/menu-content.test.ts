/**
 * Every menu item of every open demo site leads somewhere with content: the header
 * menu's links, in both languages, reach a page whose <main> shows more than a bare "no data";
 * and a channel that has nothing says so in a designed empty state, in both languages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictionary } from '../../src/i18n/index.ts';
import { recordChanges } from '../../src/server/store/changes.ts';
import { type HarnessResponse, type Portal, startPortal } from './harness.ts';
import { decodeHtml, hrefs, mainText } from './pages-html.ts';

let portal: Portal;
beforeAll(async () => {
  portal = await startPortal({ articles: 400 });
});
afterAll(() => portal?.close());

const LANGS = ['zh', 'en'] as const;

/** the links of the header menu: the bar's list, or the side menu's where the style has no bar */
function menuHrefs(html: string): string[] {
  const found = new Set<string>();
  for (const start of ['<ul class="menu"', '<ul class="side-menu-list"']) {
    const at = html.indexOf(start);
    if (at < 0) continue;
    const end = html.indexOf('</nav>', at);
    const list = html.slice(at, end > at ? end : undefined);
    for (const href of hrefs(list)) found.add(href);
  }
  return [...found];
}

async function follow(sld: string, path: string): Promise<{ response: HarnessResponse; chain: string[] }> {
  const chain = [path];
  let response = await portal.request(sld, path);
  for (let hops = 0; hops < 4 && response.status >= 300 && response.status < 400 && response.headers.location; hops++) {
    const next = decodeHtml(response.headers.location).replace(/^https?:\/\/[^/]+/, '');
    chain.push(next);
    response = await portal.request(sld, next);
  }
  return { response, chain };
}

describe('menu items lead to content', () => {
  it('every header menu item of every open site, in both languages, leads to a page whose <main> has content', async () => {
    const sites = portal.db
      .prepare("SELECT sld FROM sites WHERE status = 'active' ORDER BY id")
      .all()
      .map((row) => String(row['sld']));
    expect(sites).toHaveLength(6);
    const problems: string[] = [];
    const visited: string[] = [];
    for (const sld of sites) {
      for (const lang of LANGS) {
        await walkMenu(sld, lang, `/${lang}/home/`);
      }
    }
    // pages outside the language prefix carry the legacy family's menu (docs/product-rules.md#menu-targets: /newArticle, /newLink1, /newLeaguage …)
    for (const lang of LANGS) await walkMenu('jmst', lang, `/seniorSearch?lang=${lang}`);
    expect(problems).toEqual([]);
    expect(visited.length).toBeGreaterThan(100);
    for (const page of ['/newArticle?', '/newLink1?', '/newLeaguage?'])
      expect(
        visited.some((href) => href.startsWith(page)),
        page,
      ).toBe(true);

    async function walkMenu(sld: string, lang: (typeof LANGS)[number], homePath: string): Promise<void> {
      const home = await portal.request(sld, homePath);
      expect(home.status).toBe(200);
      const links = menuHrefs(home.body).filter((href) => href.startsWith('/') && !href.startsWith('//'));
      expect(links.length, `${sld} ${lang} menu`).toBeGreaterThan(5);
      const { noData, channelEmpty } = dictionary(lang).pages;
      for (const href of links) {
        const { response, chain } = await follow(sld, href);
        const where = `${sld} ${chain.join(' → ')}`;
        visited.push(href);
        if (response.status !== 200) {
          problems.push(`${where}: ${response.status}`);
          continue;
        }
        const text = mainText(response.body);
        const heading = decodeHtml(
          /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(response.body)?.[1]?.replace(/<[^>]+>/g, '') ?? '',
        ).trim();
        const rest = text.replace(heading, '').replaceAll(noData, '').trim();
        if (text.includes(channelEmpty.title)) problems.push(`${where}: the empty state`);
        else if (rest.length < 10) problems.push(`${where}: only "${text.slice(0, 80)}"`);
        else if (text.includes(noData) && rest.length < 40) problems.push(`${where}: "${text.slice(0, 80)}"`);
      }
    }
  }, 300_000);

  it('conference, pre-publication, alliance and links list their articles, journals and links', async () => {
    const others = portal.db
      .prepare("SELECT sld, domain FROM sites WHERE status = 'active' AND sld <> 'cpg' ORDER BY id")
      .all()
      .map((row) => ({ sld: String(row['sld']), domain: row['domain'] === null ? null : String(row['domain']) }));
    for (const lang of LANGS) {
      const conference = await portal.request('cpg', `/${lang}/conference/`);
      expect(conference.status).toBe(200);
      expect(
        hrefs(conference.body).filter((href) => new RegExp(`^/${lang}/article/\\d+/$`).test(href)).length,
      ).toBeGreaterThanOrEqual(5);
      const pre = await portal.request('cpg', `/${lang}/prePublication/`);
      const preIds = hrefs(pre.body).flatMap((href) => new RegExp(`^/${lang}/article/(\\d+)/$`).exec(href)?.[1] ?? []);
      expect(preIds.length).toBeGreaterThanOrEqual(3);
      // pre-publication: articles not yet in an issue
      for (const id of preIds)
        expect(
          String(portal.db.prepare('SELECT status FROM articles WHERE id = ?').get(Number(id))?.['status']),
        ).toMatch(/^(online-first|just-accepted)$/);
      const alliance = await portal.request('cpg', `/${lang}/newLeaguage/`);
      // each member journal links its about page on its own site, through the portal's site jump
      const jumps = hrefs(alliance.body).filter((href) =>
        new RegExp(`^/_site/[a-z0-9-]+/${lang}/about/\\d+/$`).test(href),
      );
      const memberLinks: string[] = [];
      for (const jump of jumps) {
        const answer = await portal.request('cpg', jump);
        expect(answer.status, jump).toBe(302);
        memberLinks.push(String(answer.headers.location));
      }
      for (const href of memberLinks) expect(href).toMatch(new RegExp(`^https?://[a-z]+\\.[^/]+/${lang}/about/\\d+/$`));
      // every other open site's journals, each on its own site (its sub-domain or its own domain)
      const hostOf = (href: string) => new URL(href).hostname;
      for (const { sld, domain } of others) {
        expect(
          memberLinks.some((href) => hostOf(href).startsWith(`${sld}.`) || hostOf(href) === domain),
          `${lang} alliance names ${sld}`,
        ).toBe(true);
      }
      expect(memberLinks.some((href) => hostOf(href).startsWith('cpg.'))).toBe(false);
      const links = await portal.request('cpg', `/${lang}/newLink/`);
      expect(
        hrefs(links.body).filter(
          (href) => href.startsWith('https://') && /<main[\s\S]*<\/main>/.exec(links.body)?.[0].includes(href),
        ).length,
      ).toBeGreaterThanOrEqual(5);
    }
  });

  it('a channel with nothing to show renders the empty state in both languages', async () => {
    // emf's conference has no papers and its links channel no links
    portal.db
      .prepare(
        "DELETE FROM album_items WHERE album_id IN (SELECT a.id FROM albums a JOIN channels c ON c.id = a.channel_id JOIN sites s ON s.id = a.site_id WHERE s.sld = 'emf' AND c.code = 'conference')",
      )
      .run();
    portal.db
      .prepare(
        "DELETE FROM modules WHERE channel_id IN (SELECT c.id FROM channels c JOIN sites s ON s.id = c.site_id WHERE s.sld = 'emf' AND c.code = 'newLink')",
      )
      .run();
    // recorded as the console records its edits: on-demand pages keep the site's modules until then
    const emf = portal.db.prepare("SELECT id FROM sites WHERE sld = 'emf'").get() as { id: number };
    await recordChanges(portal.db, [{ siteId: emf.id, kind: 'settings', action: 'updated', ids: [] }], 'test');
    for (const lang of LANGS) {
      const t = dictionary(lang).pages;
      for (const [code, what] of [
        ['conference', t.channelEmpty.what.conference],
        ['newLink', t.channelEmpty.what.newLink],
      ] as const) {
        const page = await portal.request('emf', `/${lang}/${code}/`);
        expect(page.status).toBe(200);
        const text = mainText(page.body);
        expect(text, `${lang} ${code}`).toContain(t.channelEmpty.title);
        expect(text).toContain(what);
        expect(text).not.toContain(t.noData);
        const main = /<main[\s\S]*<\/main>/.exec(page.body)?.[0] ?? '';
        expect(hrefs(main)).toContain(`/${lang}/home/`);
      }
    }
  });
});
