/**
 * The articles a rendered page links outside its shell's parts: its own site's article pages and
 * other sites' through the site jump (src/lib/site-jump.ts). The shell's parts are left out: they
 * reach every page by composition when served, and a link there would tie every page to one article.
 */
import { LANGS } from '../../lib/lang.ts';
import { closeMark, SHELL_BOTTOM, SHELL_TOP } from '../../lib/shell-marks.ts';
import { SITE_JUMP_PREFIX } from '../../lib/site-jump.ts';

const ARTICLE = Buffer.from('/article/');
/** what comes before '/article/' in a link: the attribute, the site jump if any, the language */
const LINK_BEFORE = new RegExp(`href="(?:${SITE_JUMP_PREFIX}[^"/]+)?/(?:${LANGS.join('|')})$`);
const ID_AFTER = /^\/article\/(\d+)\//;
/** enough bytes before a match for 'href="/_site/{sld}/{lang}' */
const LOOK_BACK = 96;

/** Where the shell's parts of the page are (byte offsets), none when it has no marks. */
function shellSpans(bytes: Buffer): [number, number][] {
  const spans: [number, number][] = [];
  for (const name of [SHELL_TOP, SHELL_BOTTOM]) {
    const open = bytes.indexOf(`<!--${name}`);
    const close = open < 0 ? -1 : bytes.indexOf(closeMark(name), open);
    if (close >= 0) spans.push([open, close]);
  }
  return spans;
}

/**
 * The ids of the articles the page links, its own (`self`) left out. Read from the bytes as
 * written: only the few places that name '/article/' are looked at, nothing is decoded whole.
 */
export function linkedArticles(page: string | Uint8Array, self: number | null = null): Set<number> {
  const bytes =
    typeof page === 'string' ? Buffer.from(page) : Buffer.from(page.buffer, page.byteOffset, page.byteLength);
  const shell = shellSpans(bytes);
  const ids = new Set<number>();
  for (let at = bytes.indexOf(ARTICLE); at >= 0; at = bytes.indexOf(ARTICLE, at + 1)) {
    if (shell.some(([open, close]) => at > open && at < close)) continue;
    if (!LINK_BEFORE.test(bytes.toString('latin1', Math.max(0, at - LOOK_BACK), at))) continue;
    const id = Number(ID_AFTER.exec(bytes.toString('latin1', at, at + 32))?.[1]);
    if (Number.isSafeInteger(id) && id !== self) ids.add(id);
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
