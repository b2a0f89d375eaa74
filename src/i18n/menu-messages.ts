/**
 * A menu refusal's or warning's message in the editor's language, its values filled in. The
 * wording over a language's menus texts imports no dictionary, so the console's editor words its
 * checks before saving with the texts it gets as props.
 */
import type { Lang } from '../lib/lang.ts';
import type { MenuLinkRef, MenuRefusal, MenuWarning } from '../lib/menu-rules.ts';
import { format } from './format.ts';
import { dictionary } from './index.ts';
import { countText } from './plural.ts';
import type { menus } from './zh/menus.ts';

type MenuTexts = typeof menus;

function linkRefText(ref: MenuLinkRef, t: MenuTexts, lang: Lang): string {
  switch (ref.kind) {
    case 'child':
      return format(t.linkedChild, { name: ref.name, id: ref.id });
    case 'menuLink':
      return format(t.linkedMenuLink, { name: ref.name, id: ref.id });
    case 'customButton':
      return format(t.linkedCustomButton, { name: ref.name });
    case 'footer':
      return t.linkedFooter;
    case 'modules':
      return countText(lang, t.linkedModules, ref.count);
    case 'news':
      return countText(lang, t.linkedNews, ref.count);
    case 'albums':
      return countText(lang, t.linkedAlbums, ref.count);
    case 'boards':
      return countText(lang, t.linkedBoards, ref.count);
  }
}

export function menuRefusalMessage(refusal: MenuRefusal, lang: Lang): string {
  return menuRefusalText(refusal, dictionary(lang).menus, lang);
}

export function menuRefusalText(refusal: MenuRefusal, t: MenuTexts, lang: Lang): string {
  switch (refusal.rule) {
    case 'nameTooLong':
      return format(refusal.lang === 'en' ? t.nameTooLongEn : t.nameTooLongZh, { max: refusal.max });
    case 'linked':
      return format(t.linked, { by: refusal.by.map((ref) => linkRefText(ref, t, lang)).join(t.listSeparator) });
    case 'linkTooLong':
    case 'tooDeep':
    case 'contentTooLong':
      return format(t[refusal.rule], { max: refusal.max });
    case 'channelMissing':
    case 'parentMissing':
      return format(t[refusal.rule], { id: refusal.id });
    case 'orderIncomplete':
      return format(t.orderIncomplete, { parentId: refusal.parentId });
    case 'field':
      return format(t.field, { field: refusal.field });
    default:
      return t[refusal.rule];
  }
}

export function menuWarningMessage(warning: MenuWarning, lang: Lang): string {
  return menuWarningText(warning, dictionary(lang).menus);
}

export function menuWarningText(warning: MenuWarning, t: MenuTexts): string {
  return warning.lang === 'en' ? t.hiddenInEn : t.hiddenInZh;
}
