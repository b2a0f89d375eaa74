/** The album tabs (docs/product-rules.md#albums: thesis, picture, table, experts) and 'all', which lists every item. */
import type { AlbumDetail } from '../../content/types.ts';

export const ALBUM_TABS = ['all', 'thesis', 'picture', 'table', 'experts'] as const;
export type AlbumTab = (typeof ALBUM_TABS)[number];

const TAB_TYPES: Record<Exclude<AlbumTab, 'all'>, AlbumDetail['items'][number]['resourceType']> = {
  thesis: 'article',
  picture: 'picture',
  table: 'table',
  experts: 'expert',
};

export function isAlbumTab(value: unknown): value is AlbumTab {
  return (ALBUM_TABS as readonly unknown[]).includes(value);
}

export function albumTabItems(items: AlbumDetail['items'], tab: AlbumTab): AlbumDetail['items'] {
  return tab === 'all' ? items : items.filter((item) => item.resourceType === TAB_TYPES[tab]);
}
