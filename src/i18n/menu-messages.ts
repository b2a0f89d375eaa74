/** A menu refusal's or warning's message in the editor's language, its values filled in. */
import type { Lang } from '../lib/lang.ts';
import type { MenuLinkRef, MenuRefusal, MenuWarning } from '../lib/menu-rules.ts';
import { dictionary, format } from './index.ts';
import { countText } from './plural.ts';

function linkRefText(ref: MenuLinkRef, lang: Lang): string {
  const t = dictionary(lang).menus;
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
  const t = dictionary(lang).menus;
  switch (refusal.rule) {
    case 'nameTooLong':
      return format(refusal.lang === 'en' ? t.nameTooLongEn : t.nameTooLongZh, { max: refusal.max });
    case 'linked':
      return format(t.linked, { by: refusal.by.map((ref) => linkRefText(ref, lang)).join(t.listSeparator) });
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
  const t = dictionary(lang).menus;
  return warning.lang === 'en' ? t.hiddenInEn : t.hiddenInZh;
}
