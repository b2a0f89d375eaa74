/**
 * The reads the demo seed needs between its writes, inside its transaction: ids of rows it just
 * wrote. The import reads through import-reads.ts. A date sorted newest first puts a missing one
 * last, as SQLite does by itself and PostgreSQL only when told.
 */
import type { Tx } from './insert.ts';

const ids = (rows: readonly { id: number }[]) => rows.map((row) => Number(row.id));

/** The demo's most cited formal articles of a site, for its albums. */
export const mostCitedArticleIds = async (trx: Tx, siteId: number, limit: number) =>
  ids(
    await trx
      .selectFrom('articles')
      .select('id')
      .where('site_id', '=', siteId)
      .where('status', '=', 'formal')
      .orderBy('citations', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute(),
  );

export const figureIds = async (trx: Tx, siteId: number, kind: 'picture' | 'table', limit: number) =>
  ids(
    await trx
      .selectFrom('figures')
      .select('id')
      .where('site_id', '=', siteId)
      .where('kind', '=', kind)
      .orderBy('id')
      .limit(limit)
      .execute(),
  );

export const mediaIds = async (trx: Tx, siteId: number, kind: 'video' | 'audio') =>
  ids(
    await trx
      .selectFrom('media')
      .select('id')
      .where('site_id', '=', siteId)
      .where('kind', '=', kind)
      .orderBy('id')
      .execute(),
  );

/** A site's articles of these statuses, newest first. */
const newestArticleIds = async (trx: Tx, siteId: number, statuses: readonly string[], limit: number) =>
  ids(
    await trx
      .selectFrom('articles')
      .select('id')
      .where('site_id', '=', siteId)
      .where('status', 'in', statuses)
      .orderBy('published_date', (order) => order.desc().nullsLast())
      .orderBy('id')
      .limit(limit)
      .execute(),
  );

/** A site's newest formal articles, newest first. */
export const newestFormalArticleIds = (trx: Tx, siteId: number, limit: number) =>
  newestArticleIds(trx, siteId, ['formal'], limit);

export const newestFormalArticleId = async (trx: Tx, siteId: number) =>
  (await newestFormalArticleIds(trx, siteId, 1))[0] ?? null;

export const firstExpertIds = async (trx: Tx, siteId: number, limit: number) =>
  ids(
    await trx
      .selectFrom('experts')
      .select('id')
      .where('site_id', '=', siteId)
      .orderBy('sort_order')
      .orderBy('id')
      .limit(limit)
      .execute(),
  );

/** The last position used in an album (0 when empty). */
export const lastAlbumPosition = async (trx: Tx, albumId: number) => {
  const row = await trx
    .selectFrom('album_items')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('album_id', '=', albumId)
    .executeTakeFirst();
  return Number(row?.last ?? 0);
};

/** The first enabled channel of a code on a site (the one its menu item leads to). */
export const channelIdByCode = async (trx: Tx, siteId: number, code: string) => {
  const row = await trx
    .selectFrom('channels')
    .select('id')
    .where('site_id', '=', siteId)
    .where('code', '=', code)
    .where('enable', '=', '1')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.id) : null;
};

/** Online-first and just-accepted articles, newest first: what a pre-publication channel shows. */
export const prePublicationArticleIds = (trx: Tx, siteId: number, limit: number) =>
  newestArticleIds(trx, siteId, ['online-first', 'just-accepted'], limit);
