/** docs/product-rules.md#menu-filter: which channels appear in the header menu, in which language. */
import type { Channel, CustomButton } from '../content/types.ts';
import { CUSTOM_BUTTONS_MAX } from './constants.ts';
import type { Lang } from './lang.ts';

/** codes of channels that are page parts, never menu items */
export const HIDDEN_MENU_CODES: ReadonlySet<string> = new Set([
  'situation',
  'reader',
  'contact',
  'carousel',
  'quick',
  'selnews',
  'rank',
  'selmag',
  'selarticle',
  'priority',
  'column',
  'introduce',
  'subaboutus',
  'subcontact',
  'first',
  'selPicture',
]);

/** channels whose children are never shown as a submenu */
export const CHILDLESS_PARENT_CODES: ReadonlySet<string> = new Set(['index', 'science']);

export type MenuEntry = Omit<Channel, 'children'> & {
  /** the name in the current language */
  label: string;
  /** position among its shown siblings */
  index: number;
  /** position of the parent among the shown top-level items; null on top-level items */
  parentIndex: number | null;
  children: MenuEntry[];
};

export type MenuFilterResult = {
  items: MenuEntry[];
  /** enabled, not hidden channels lacking a Chinese or an English name (logged in development) */
  missingLanguage: Channel[];
};

function nameIn(channel: Channel, lang: Lang): string {
  return ((lang === 'en' ? channel.enName : channel.name) ?? '').trim();
}

function isShown(channel: Channel, lang: Lang): boolean {
  return channel.enable === '1' && !HIDDEN_MENU_CODES.has(channel.code) && nameIn(channel, lang) !== '';
}

function collectMissing(channels: Channel[], into: Channel[]): void {
  for (const channel of channels) {
    if (channel.enable !== '1' || HIDDEN_MENU_CODES.has(channel.code)) continue;
    if (!(channel.name ?? '').trim() || !(channel.enName ?? '').trim()) into.push(channel);
    if (!CHILDLESS_PARENT_CODES.has(channel.code)) collectMissing(channel.children, into);
  }
}

const bySortOrder = (a: Channel, b: Channel) => a.sortOrder - b.sortOrder;

/** The menu tree for a language: enabled, named in that language, not hidden; home/science lose their children. */
export function filterMenu(channels: Channel[], lang: Lang): MenuFilterResult {
  const missingLanguage: Channel[] = [];
  collectMissing(channels, missingLanguage);
  const top = channels.filter((c) => isShown(c, lang)).sort(bySortOrder);
  const items = top.map((channel, index): MenuEntry => {
    const kids = CHILDLESS_PARENT_CODES.has(channel.code)
      ? []
      : channel.children.filter((c) => isShown(c, lang)).sort(bySortOrder);
    return {
      ...channel,
      label: nameIn(channel, lang),
      index,
      parentIndex: null,
      children: kids.map((child, position) => ({
        ...child,
        label: nameIn(child, lang),
        index: position,
        parentIndex: index,
        children: [],
      })),
    };
  });
  return { items, missingLanguage };
}

/** filterMenu's tree as plain channels: what the channel list API answers with filter=true. */
export function filteredChannels(channels: Channel[], lang: Lang): Channel[] {
  const plain = ({
    label: _label,
    index: _index,
    parentIndex: _parentIndex,
    children,
    ...channel
  }: MenuEntry): Channel => ({
    ...channel,
    children: children.map(plain),
  });
  return filterMenu(channels, lang).items.map(plain);
}

export type ShownButton = { label: string; href: string };

/**
 * The header's custom buttons in a language (docs/product-rules.md#custom-buttons): switched on
 * (customButtonStatus 1), named in that language (enCustomButtonName for English; a button
 * without one is left out there, as a menu item without its language's name is), at most
 * CUSTOM_BUTTONS_MAX.
 */
export function visibleCustomButtons(buttons: readonly CustomButton[], lang: Lang): ShownButton[] {
  return buttons
    .filter((button) => button.customButtonStatus === 1)
    .map((button) => ({
      label: ((lang === 'en' ? button.enCustomButtonName : button.customButtonName) ?? '').trim(),
      href: button.customButtonLinkValue,
    }))
    .filter((button) => button.label !== '')
    .slice(0, CUSTOM_BUTTONS_MAX);
}
