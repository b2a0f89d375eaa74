/**
 * Every feed /rssList offers, on every open demo site in both languages, against the page it
 * stands for (its channel link): a page that lists articles or news has a feed with those items.
 */
import { parseAtomFeed, parseRssFeed } from 'feedsmith';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '../../src/lib/lang.ts';
import { SITE_SPECS } from '../../src/server/seed/site-data.ts';
import { type Portal, startPortal } from './harness.ts';
import { decodeHtml } from './pages-html.ts';

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal({ articles: 160 });
});
afterAll(async () => {
  await portal?.close();
});

const ITEM_PATH = /^\/(?:zh|en)\/(?:article|newsDetails)\/\d+\/$/;

/** the article and news pages a page's <main> links, in order, each once */
function itemPaths(html: string): string[] {
  const main = /<main[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1] ?? '';
  const paths = [...main.matchAll(/\shref="([^"]*)"/g)]
    .map((match) => decodeHtml(match[1] ?? ''))
    .filter((href) => ITEM_PATH.test(href));
  return [...new Set(paths)];
}

const openSites = SITE_SPECS.filter((site) => site.status === 'active');

describe('the feeds of /rssList against their pages', () => {
  it.each(openSites.flatMap((site) => (['zh', 'en'] as Lang[]).map((lang) => ({ sld: site.sld, lang }))))(
    '$sld $lang: every feed has the items its page lists',
    async ({ sld, lang }) => {
      const list = await portal.request(sld, `/${lang}/rssList/`);
      expect(list.status).toBe(200);
      const feeds = [...list.body.matchAll(/<a href="([^"]*)" type="application\/rss\+xml"/g)].map((match) =>
        decodeHtml(match[1] ?? ''),
      );
      expect(feeds.length).toBeGreaterThanOrEqual(4);
      expect(feeds.some((href) => href.includes('channelId='))).toBe(true);
      let checked = 0;
      for (const href of feeds) {
        const response = await portal.request(sld, href);
        expect(response.status, href).toBe(200);
        const feed = parseRssFeed(response.body);
        const items = (feed.items ?? [])
          .map((item) => new URL(item.link ?? '').pathname)
          .filter((path) => ITEM_PATH.test(path));
        // the same feed in Atom, as /rssList offers it beside the RSS one
        const atomHref = href.replace(/\/rss\?/, '/atom?');
        expect(list.body).toContain(atomHref.replace(/&/g, '&amp;'));
        const atom = parseAtomFeed((await portal.request(sld, atomHref)).body);
        const entries = (atom.entries ?? [])
          .map((entry) => new URL(entry.links?.[0]?.href ?? '').pathname)
          .filter((path) => ITEM_PATH.test(path));
        expect(entries, atomHref).toEqual(items);
        const pageUrl = new URL(feed.link ?? '');
        const page = await portal.request(sld, `${pageUrl.pathname}${pageUrl.search}`);
        expect(page.status, feed.link).toBe(200);
        const listed = itemPaths(page.body);
        if (pageUrl.pathname === `/${lang}/home/`) {
          // the home page mixes modules (most read, news, …): the site's latest feed only has to be full
          expect(items.length, href).toBeGreaterThan(0);
          continue;
        }
        // the first page of the list against the feed's newest items (an empty page, an empty feed)
        expect(items.slice(0, listed.length), `${href} against ${feed.link}`).toEqual(listed);
        if (listed.length === 0) expect(items, href).toEqual([]);
        else checked += 1;
      }
      expect(checked).toBeGreaterThanOrEqual(2);
    },
  );
});
