/** The channel (menu) tree and single channel lookups. Only enabled ('1') channels leave the store. */
import type { Channel, ChannelInfo } from '../../content/types.ts';
import { compiledQuery, param, type RowOf } from './compiled.ts';
import type { Db } from './db.ts';
import { fileUrl } from './files.ts';

const CHANNEL_COLUMNS = [
  'id',
  'site_id',
  'parent_id',
  'code',
  'name',
  'en_name',
  'enable',
  'link_value',
  'link_type',
  'banner_id',
  'route',
  'news_data_type',
  'style_id',
  'sort_order',
] as const;

const INFO_COLUMNS = [
  'id',
  'parent_id',
  'site_id',
  'code',
  'name',
  'en_name',
  'link_value',
  'banner_id',
  'news_data_type',
  'content',
  'en_content',
] as const;

const TREE = compiledQuery<{ siteId: number }>()((q) =>
  q
    .selectFrom('channels')
    .select(CHANNEL_COLUMNS)
    .where('site_id', '=', param<number>('siteId'))
    .where('enable', '=', '1')
    .orderBy('parent_id')
    .orderBy('sort_order')
    .orderBy('id'),
);
const INFO = compiledQuery<{ id: number; siteId: number }>()((q) =>
  q
    .selectFrom('channels')
    .select(INFO_COLUMNS)
    .where('id', '=', param<number>('id'))
    .where('site_id', '=', param<number>('siteId'))
    .where('enable', '=', '1'),
);
/** by code first, by route only when no code matches */
const BY_CODE = compiledQuery<{ siteId: number; code: string }>()((q) =>
  q
    .selectFrom('channels')
    .select(INFO_COLUMNS)
    .where('site_id', '=', param<number>('siteId'))
    .where('enable', '=', '1')
    .where((eb) => eb.or([eb('code', '=', param<string>('code')), eb('route', '=', param<string>('code'))]))
    .orderBy((eb) => eb.case().when('code', '=', param<string>('code')).then(0).else(1).end())
    .orderBy('parent_id')
    .orderBy('sort_order')
    .orderBy('id')
    .limit(1),
);

type ChannelRow = RowOf<typeof TREE>;

function toChannel(row: ChannelRow): Channel {
  const bannerId = row.banner_id;
  return {
    id: row.id,
    parentId: row.parent_id,
    code: row.code,
    name: row.name,
    enName: row.en_name,
    enable: row.enable,
    linkValue: row.link_value,
    linkType: row.link_type,
    bannerId,
    bannerUrl: fileUrl(bannerId),
    route: row.route,
    newsDataType: row.news_data_type,
    siteId: row.site_id,
    styleId: row.style_id,
    sortOrder: row.sort_order,
    children: [],
  };
}

/**
 * Enabled channels nested under their parents, siblings in sort order (as rc-pub's filter=true).
 * A child of a disabled parent is dropped with it. The language and hidden-code filter of docs/product-rules.md#menu-filter
 * section 5 is the pages' job.
 */
export async function getChannelTree(db: Db, siteId: number): Promise<Channel[]> {
  const rows = await TREE.all(db, { siteId });
  const byId = new Map<number, Channel>();
  for (const row of rows) {
    const channel = toChannel(row);
    byId.set(channel.id, channel);
  }
  const roots: Channel[] = [];
  for (const channel of byId.values()) {
    if (channel.parentId === 0) roots.push(channel);
    else byId.get(channel.parentId)?.children.push(channel);
  }
  // Rows were read in sort order, so siblings are already sorted; re-sort roots and children only
  // because parent_id ordering interleaves levels.
  const bySort = (a: Channel, b: Channel) => a.sortOrder - b.sortOrder || a.id - b.id;
  roots.sort(bySort);
  for (const channel of byId.values()) channel.children.sort(bySort);
  return roots;
}

type InfoRow = RowOf<typeof INFO>;

function toChannelInfo(row: InfoRow): ChannelInfo {
  const bannerId = row.banner_id;
  return {
    id: row.id,
    parentId: row.parent_id,
    siteId: row.site_id,
    code: row.code,
    name: row.name,
    enName: row.en_name,
    linkValue: row.link_value,
    bannerId,
    bannerUrl: fileUrl(bannerId),
    newsDataType: row.news_data_type,
    content: row.content,
    enContent: row.en_content,
  };
}

export async function getChannelInfo(db: Db, siteId: number, channelId: number): Promise<ChannelInfo | null> {
  const row = await INFO.one(db, { id: channelId, siteId });
  return row ? toChannelInfo(row) : null;
}

/** The first enabled channel whose code, or else whose route, is `code` (menu order). */
export async function findChannelByCode(db: Db, siteId: number, code: string): Promise<ChannelInfo | null> {
  const row = await BY_CODE.one(db, { siteId, code });
  return row ? toChannelInfo(row) : null;
}
