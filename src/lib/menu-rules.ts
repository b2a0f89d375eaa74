/**
 * docs/product-rules.md#menu-guard-rails: what an editor may do to a site's menu. Pure checks over
 * plain rows, so the admin API, `npm run menu` and the console's editor judge a change alike.
 * A refusal or warning is a code with its values; src/i18n/menu-messages.ts words it.
 */
import { WHOLE_NUMBER } from './id.ts';
import type { Lang } from './lang.ts';
import { canonical, legacy } from './routes.ts';

export const MENU_NAME_MAX = 100;
export const MENU_EN_NAME_MAX = 200;
export const MENU_LINK_MAX = 2000;
/** the header shows top-level items and one level below them, nothing deeper */
export const MENU_DEPTH_MAX = 2;
/** the home channel: the home page and its modules hang on it */
export const HOME_CODE = 'index';
/** an item's own page body (item and about pages), per language */
export const MENU_CONTENT_MAX = 100_000;
/** codes whose link value is the address the item opens */
const LINK_CODES: ReadonlySet<string> = new Set(['jump']);
/** codes whose own page shows the channel's content (item pages and about pages) */
const CONTENT_CODES: ReadonlySet<string> = new Set(['item', 'newItem', 'aboutus', 'periodIntroduce']);

export type MenuRefusal =
  | { rule: 'homeDisable' | 'homeDelete' | 'homeMove' | 'parentCycle' | 'linkInvalid' | 'nameMissing' }
  | { rule: 'nameTooLong'; lang: Lang; max: number }
  | { rule: 'linkTooLong' | 'tooDeep' | 'contentTooLong'; max: number }
  | { rule: 'channelMissing' | 'parentMissing'; id: number }
  | { rule: 'orderIncomplete'; parentId: number }
  | { rule: 'linked'; by: MenuLinkRef[] }
  | { rule: 'field'; field: string };

/** what links to a channel or is filed under it: menu items, a header button, the footer, its page's parts */
export type MenuLinkRef =
  | { kind: 'child' | 'menuLink'; id: number; name: string }
  | { kind: 'customButton'; name: string }
  | { kind: 'footer' }
  | { kind: 'modules' | 'news' | 'albums' | 'boards'; count: number };

/** A saved item that some visitors will not see, said with the saved item rather than silently. */
export type MenuWarning = { rule: 'hiddenIn'; lang: Lang };

export type MenuNode = { id: number; parentId: number; code: string };

export const isHomeChannel = (channel: Pick<MenuNode, 'code'>): boolean => channel.code === HOME_CODE;

/** Whether an editor writes the body of this channel's own page. */
export const hasOwnContent = (channel: Pick<MenuNode, 'code'>): boolean => CONTENT_CODES.has(channel.code);

/** Whether the link value is the address the item opens (else it is optional and may hold an id). */
export const isLinkCode = (code: string): boolean => LINK_CODES.has(code);

/** An address a menu item may open: http(s) with a host, a path of this site, or mailto:. */
export function isSafeMenuLink(value: string): boolean {
  const link = value.trim();
  if (link !== value || link === '' || /[\s\\]/.test(link)) return false;
  if (link.startsWith('/')) return !link.startsWith('//');
  if (/^mailto:[^/]/i.test(link)) return true;
  if (!/^https?:\/\//i.test(link)) return false;
  try {
    return new URL(link).hostname !== '';
  } catch {
    return false;
  }
}

/**
 * The link value of a jump item is an address; other codes keep an id there (the journal an
 * about item introduces), so a whole number is allowed for them, and nothing script-like anywhere.
 */
export function linkValueRefusal(code: string, value: string | null | undefined): MenuRefusal | null {
  if (value === null || value === undefined || value === '') return null;
  if (value.length > MENU_LINK_MAX) return { rule: 'linkTooLong', max: MENU_LINK_MAX };
  if (isSafeMenuLink(value)) return null;
  if (!LINK_CODES.has(code) && WHOLE_NUMBER.test(value)) return null;
  return { rule: 'linkInvalid' };
}

/**
 * The names an item will have: one language may be left empty (the item is then hidden there, a
 * warning), not both; each within its limit.
 */
export function nameRefusal(name: string | null | undefined, enName: string | null | undefined): MenuRefusal | null {
  const zh = (name ?? '').trim();
  const en = (enName ?? '').trim();
  if (zh === '' && en === '') return { rule: 'nameMissing' };
  if (zh.length > MENU_NAME_MAX) return { rule: 'nameTooLong', lang: 'zh', max: MENU_NAME_MAX };
  if (en.length > MENU_EN_NAME_MAX) return { rule: 'nameTooLong', lang: 'en', max: MENU_EN_NAME_MAX };
  return null;
}

/** docs/product-rules.md#menu-filter drops an enabled item without a name in a language: say so. */
export function menuWarnings(item: {
  name: string | null;
  enName: string | null;
  enable: string;
  code: string;
}): MenuWarning[] {
  if (item.enable !== '1') return [];
  const warnings: MenuWarning[] = [];
  if (!(item.name ?? '').trim()) warnings.push({ rule: 'hiddenIn', lang: 'zh' });
  if (!(item.enName ?? '').trim()) warnings.push({ rule: 'hiddenIn', lang: 'en' });
  return warnings;
}

/** The home channel stays enabled, in place and present. */
export function homeRefusal(
  channel: Pick<MenuNode, 'code'>,
  change: { enable?: boolean | undefined; parentId?: number | undefined; delete?: boolean },
): MenuRefusal | null {
  if (!isHomeChannel(channel)) return null;
  if (change.delete) return { rule: 'homeDelete' };
  if (change.enable === false) return { rule: 'homeDisable' };
  if (change.parentId !== undefined && change.parentId !== 0) return { rule: 'homeMove' };
  return null;
}

function depthOf(byId: ReadonlyMap<number, MenuNode>, id: number): number {
  let depth = 0;
  for (let node = byId.get(id); node; node = node.parentId === 0 ? undefined : byId.get(node.parentId)) depth += 1;
  return depth;
}

function subtreeHeight(nodes: readonly MenuNode[], id: number): number {
  const kids = nodes.filter((node) => node.parentId === id);
  return 1 + Math.max(0, ...kids.map((kid) => subtreeHeight(nodes, kid.id)));
}

/**
 * Placing `movingId` (absent for a new item) under `parentId` among a site's nodes: the parent
 * exists, is not the item or below it, and the item with its children stays within the depth the
 * menus show.
 */
export function parentRefusal(nodes: readonly MenuNode[], parentId: number, movingId?: number): MenuRefusal | null {
  if (parentId === 0) return null;
  const byId = new Map(nodes.map((node) => [node.id, node]));
  if (!byId.has(parentId)) return { rule: 'parentMissing', id: parentId };
  for (let node = byId.get(parentId); node; node = node.parentId === 0 ? undefined : byId.get(node.parentId))
    if (node.id === movingId) return { rule: 'parentCycle' };
  const height = movingId === undefined ? 1 : subtreeHeight(nodes, movingId);
  if (depthOf(byId, parentId) + height > MENU_DEPTH_MAX) return { rule: 'tooDeep', max: MENU_DEPTH_MAX };
  return null;
}

/** The site paths that open a channel's own page, in both languages and both URL families. */
export function channelPaths(channel: MenuNode & { route: string | null; siteId: number }): string[] {
  const langs: Lang[] = ['zh', 'en'];
  return langs.flatMap((lang) => [
    canonical.info(lang, channel.id),
    legacy.info(channel.siteId, channel.id, lang),
    canonical.channel(lang, channel.route ?? channel.code),
    ...(channel.code === 'periodIntroduce' ? [canonical.about(lang, channel.id)] : []),
  ]);
}

/** Whether a link (absolute or a site path, any query or hash) opens one of these paths. */
export function linksToPaths(link: string | null | undefined, paths: readonly string[]): boolean {
  if (!link) return false;
  let path: string;
  try {
    path = new URL(link.trim(), 'http://site.invalid').pathname;
  } catch {
    return false;
  }
  const slashed = path.endsWith('/') ? path : `${path}/`;
  return paths.some((candidate) => candidate === slashed || candidate === path);
}
