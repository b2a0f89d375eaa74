/**
 * The kinds of resource a member keeps (docs/product-rules.md#personal-centre), one list each, shared by the API's
 * schemas, the store and the personal centre's tabs.
 */

/** what a member may collect (frontMembers collect) and has in the browsing history */
export const COLLECT_TYPES = ['article', 'publication', 'picture', 'table', 'video', 'audio', 'news'] as const;
export type CollectType = (typeof COLLECT_TYPES)[number];

/** the favourites' tabs: the types whose pages carry the collect button */
export const COLLECT_TABS = ['article', 'picture', 'table', 'video', 'audio'] as const satisfies readonly CollectType[];

/** docs/product-rules.md#albums: thesis, picture, table, experts (editorial-board experts) */
export const ALBUM_TABS = ['article', 'picture', 'table', 'expert'] as const;

/** what an album may hold: the tabs' types and the other album item types (publication, audio, video) */
export const ALBUM_ITEM_TYPES = ['article', 'picture', 'table', 'expert', 'publication', 'video', 'audio'] as const;
export type AlbumItemType = (typeof ALBUM_ITEM_TYPES)[number];

/** every kind a member's rows may name */
export type MemberResourceType = CollectType | AlbumItemType;
