/**
 * The articles a rendered page links outside its shell's parts: its own site's article pages and
 * other sites' through the site jump (src/lib/site-jump.ts). The shell's parts are left out: they
 * reach every page by composition when served, and a link there would tie every page to one article.
 */
import { LANGS } from '../../lib/lang.ts';
import { SITE_JUMP_PREFIX } from '../../lib/site-jump.ts';
import { findRegions } from '../static/shell-compose.ts';

const ARTICLE_HREF = new RegExp(`href="(?:${SITE_JUMP_PREFIX}[^"/]+)?/(?:${LANGS.join('|')})/article/(\\d+)/`, 'g');

/** The ids of the articles the page links, its own (`self`) left out. */
export function linkedArticles(html: string, self: number | null = null): Set<number> {
  const regions = findRegions(html);
  const inShell = (at: number) =>
    regions !== null &&
    ((at >= regions.top[0] && at < regions.top[1]) || (at >= regions.bottom[0] && at < regions.bottom[1]));
  const ids = new Set<number>();
  for (const match of html.matchAll(ARTICLE_HREF)) {
    const id = Number(match[1]);
    if (Number.isSafeInteger(id) && id !== self && !inShell(match.index)) ids.add(id);
  }
  return ids;
}

/** The language-free route of a page path ('/zh/article/12/' → 'article/12/'), and its article when it is one. */
export function routeOf(path: string): { route: string; article: number | null } {
  const route = path.replace(/^\/[^/]+\//, '');
  const article = /^article\/(\d+)\/$/.exec(route)?.[1];
  return { route, article: article === undefined ? null : Number(article) };
}

/** The written pages' links by route (a route's languages together), leaving out the paths `skip` names. */
export function linksByRoute(
  links: readonly (readonly [string, readonly number[]])[],
  skip: (path: string) => boolean = () => false,
): Map<string, Set<number>> {
  const byRoute = new Map<string, Set<number>>();
  for (const [path, ids] of links) {
    if (skip(path)) continue;
    const { route } = routeOf(path);
    const held = byRoute.get(route) ?? new Set<number>();
    for (const id of ids) held.add(id);
    byRoute.set(route, held);
  }
  return byRoute;
}
