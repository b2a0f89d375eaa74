/** A member's own albums and what is in them. Every query names the member and the site. */
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';

type Member = { userId: number; siteId: number };

export type PersonalAlbumRow = {
  id: number;
  name: string;
  enName: string | null;
  coverId: number | null;
  createdAt: string;
  items: number;
};

export async function personalAlbums(db: Db, member: Member): Promise<PersonalAlbumRow[]> {
  const rows = await kysely(db)
    .selectFrom('personal_albums as a')
    .leftJoin('personal_album_items as i', 'i.album_id', 'a.id')
    .select(['a.id', 'a.name', 'a.en_name', 'a.cover_id', 'a.created_at'])
    .select((eb) => eb.fn.count<number>('i.resource_id').as('items'))
    .where('a.user_id', '=', member.userId)
    .where('a.site_id', '=', member.siteId)
    .groupBy(['a.id', 'a.name', 'a.en_name', 'a.cover_id', 'a.created_at'])
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    enName: row.en_name,
    coverId: row.cover_id,
    createdAt: row.created_at,
    items: Number(row.items),
  }));
}

/** The album `albumId` if it is this member's, on their site. */
const memberAlbum = (db: Db, member: Member, albumId: number) =>
  kysely(db)
    .selectFrom('personal_albums')
    .where('id', '=', albumId)
    .where('user_id', '=', member.userId)
    .where('site_id', '=', member.siteId);

/** True when the album exists and is this member's. */
export async function ownsAlbum(db: Db, member: Member, albumId: number): Promise<boolean> {
  return (await memberAlbum(db, member, albumId).select('id').executeTakeFirst()) !== undefined;
}

/** The cover of an album of the member (null without one, or when the album is not theirs). */
export async function albumCoverId(db: Db, member: Member, albumId: number): Promise<number | null> {
  return (await memberAlbum(db, member, albumId).select('cover_id').executeTakeFirst())?.cover_id ?? null;
}

export type AlbumFields = { name: string; enName: string | null; coverId?: number | null };

export async function createPersonalAlbum(
  db: Db,
  member: Member,
  fields: AlbumFields,
  createdAt: string,
): Promise<number> {
  const row = await kysely(db)
    .insertInto('personal_albums')
    .values({
      user_id: member.userId,
      site_id: member.siteId,
      name: fields.name,
      en_name: fields.enName,
      cover_id: fields.coverId ?? null,
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Renames (and re-covers) an album of the member; false when it is not theirs. */
export async function editPersonalAlbum(
  db: Db,
  member: Member,
  albumId: number,
  fields: AlbumFields,
): Promise<boolean> {
  const result = await kysely(db)
    .updateTable('personal_albums')
    .set({
      name: fields.name,
      en_name: fields.enName,
      ...(fields.coverId === undefined ? {} : { cover_id: fields.coverId }),
    })
    .where('id', '=', albumId)
    .where('user_id', '=', member.userId)
    .where('site_id', '=', member.siteId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deletePersonalAlbum(db: Db, member: Member, albumId: number): Promise<boolean> {
  if (!(await ownsAlbum(db, member, albumId))) return false;
  await kysely(db)
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom('personal_album_items').where('album_id', '=', albumId).execute();
      await trx.deleteFrom('personal_albums').where('id', '=', albumId).execute();
    });
  return true;
}

export type AlbumItemRow = { resourceType: string; resourceId: number };

export async function personalAlbumItems(db: Db, albumId: number, type: string | undefined): Promise<AlbumItemRow[]> {
  let query = kysely(db)
    .selectFrom('personal_album_items')
    .select(['resource_type', 'resource_id'])
    .where('album_id', '=', albumId);
  if (type) query = query.where('resource_type', '=', type);
  const rows = await query.orderBy('resource_type').orderBy('resource_id').execute();
  return rows.map((row) => ({ resourceType: row.resource_type, resourceId: row.resource_id }));
}

export async function addPersonalAlbumItem(db: Db, albumId: number, type: string, id: number): Promise<void> {
  await kysely(db)
    .insertInto('personal_album_items')
    .values({ album_id: albumId, resource_type: type, resource_id: id })
    .onConflict((conflict) => conflict.columns(['album_id', 'resource_type', 'resource_id']).doNothing())
    .execute();
}

export async function removePersonalAlbumItem(db: Db, albumId: number, type: string, id: number): Promise<void> {
  await kysely(db)
    .deleteFrom('personal_album_items')
    .where('album_id', '=', albumId)
    .where('resource_type', '=', type)
    .where('resource_id', '=', id)
    .execute();
}
