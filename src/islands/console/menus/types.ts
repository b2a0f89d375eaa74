import type { Dictionary } from '../../../i18n/index.ts';
import type { Lang } from '../../../lib/lang.ts';
import type { HeaderLayout, MenuRow } from '../../../lib/menu-preview.ts';

/** the editor's own texts and the menu rules' messages, in the console's language */
export type MenuEditorTexts = { editor: Dictionary['menuEditor']; rules: Dictionary['menus'] };
export type MenuEditorProps = { lang: Lang; texts: MenuEditorTexts; sld: string };
export type ChannelList = { channels: MenuRow[]; header: HeaderLayout };

/** An item's name for the editor: the console's language first, then the other, then its id. */
export function rowName(row: Pick<MenuRow, 'id' | 'name' | 'enName'>, lang: Lang): string {
  const zh = (row.name ?? '').trim();
  const en = (row.enName ?? '').trim();
  return (lang === 'en' ? en || zh : zh || en) || `#${row.id}`;
}

/** The items under a parent in menu order (the order the header uses). */
export function siblingsOf(rows: readonly MenuRow[], parentId: number): MenuRow[] {
  return rows.filter((row) => row.parentId === parentId).sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
}
