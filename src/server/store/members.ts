/** Members (users of a site) and their favourites (collects). Every query is scoped by site. */
import type { CollectType, MemberResourceType } from '../../lib/member-resources.ts';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';
import { visibilityNow, visibleArticle, visibleNews } from './visibility.ts';

export type MemberRow = {
  id: number;
  siteId: number;
  userName: string;
  name: string | null;
  email: string | null;
  mobileNo: string | null;
  region: string | null;
  major: string | null;
  institution: string | null;
  researchField: string | null;
  gender: string | null;
  headPictureId: number | null;
  createdAt: string;
};

export async function memberById(db: Db, userId: number, siteId: number): Promise<MemberRow | null> {
  const row = await kysely(db)
    .selectFrom('users')
    .select([
      'id',
      'site_id',
      'user_name',
      'name',
      'email',
      'mobile_no',
      'region',
      'major',
      'institution',
      'research_field',
      'gender',
      'head_picture_id',
      'created_at',
    ])
    .where('id', '=', userId)
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    siteId: row.site_id,
    userName: row.user_name,
    name: row.name,
    email: row.email,
    mobileNo: row.mobile_no,
    region: row.region,
    major: row.major,
    institution: row.institution,
    researchField: row.research_field,
    gender: row.gender,
    headPictureId: row.head_picture_id,
    createdAt: row.created_at,
  };
}

export type Titles = { title: string | null; enTitle: string | null };

/** The title of a visible resource of this site (drafts are not; an expert's is the name), or null when there is none. */
export async function resourceTitle(
  db: Db,
  siteId: number,
  type: MemberResourceType,
  id: number,
): Promise<Titles | null> {
  const q = kysely(db);
  const row = await (() => {
    switch (type) {
      case 'article':
        return q
          .selectFrom('articles')
          .select(['title', 'en_title'])
          .where('id', '=', id)
          .where('site_id', '=', siteId)
          .where(visibleArticle('articles', visibilityNow()))
          .executeTakeFirst();
      case 'publication':
        return q
          .selectFrom('publications')
          .select(['name as title', 'en_name as en_title'])
          .where('id', '=', id)
          .where('site_id', '=', siteId)
          .executeTakeFirst();
      case 'picture':
      case 'table':
        return q
          .selectFrom('figures')
          .select(['caption as title', 'en_caption as en_title'])
          .where('id', '=', id)
          .where('site_id', '=', siteId)
          .where('kind', '=', type)
          .executeTakeFirst();
      case 'video':
      case 'audio':
        return q
          .selectFrom('media')
          .select(['title', 'en_title'])
          .where('id', '=', id)
          .where('site_id', '=', siteId)
          .where('kind', '=', type)
          .executeTakeFirst();
      case 'news':
        return q
          .selectFrom('news')
          .select(['title', 'en_title'])
          .where('id', '=', id)
          .where('site_id', '=', siteId)
          .where(visibleNews('news', visibilityNow()))
          .executeTakeFirst();
      case 'expert':
        return q
          .selectFrom('experts')
          .select(['name as title', 'en_name as en_title'])
          .where('id', '=', id)
          .where('site_id', '=', siteId)
          .executeTakeFirst();
    }
  })();
  return row ? { title: row.title, enTitle: row.en_title } : null;
}

export type CollectRow = { resourceType: string; resourceId: number; createdAt: string };

/** A page of a member's favourites, newest first, optionally of one type, with the total. */
export async function collectsPage(
  db: Db,
  member: { userId: number; siteId: number },
  options: { type: CollectType | undefined; limit: number; offset: number },
): Promise<{ total: number; rows: CollectRow[] }> {
  let base = kysely(db)
    .selectFrom('collects')
    .where('user_id', '=', member.userId)
    .where('site_id', '=', member.siteId);
  if (options.type) base = base.where('resource_type', '=', options.type);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst();
  const rows = await base
    .select(['resource_type', 'resource_id', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('resource_type')
    .orderBy('resource_id', 'desc')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
  return {
    total: Number(total?.total ?? 0),
    rows: rows.map((row) => ({
      resourceType: row.resource_type,
      resourceId: row.resource_id,
      createdAt: row.created_at,
    })),
  };
}

/** Adds a favourite; adding it again is harmless. */
export async function addCollect(
  db: Db,
  member: { userId: number; siteId: number },
  type: CollectType,
  id: number,
  createdAt: string,
): Promise<void> {
  await kysely(db)
    .insertInto('collects')
    .values({
      user_id: member.userId,
      site_id: member.siteId,
      resource_type: type,
      resource_id: id,
      created_at: createdAt,
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'resource_type', 'resource_id']).doNothing())
    .execute();
}

type Member = { userId: number; siteId: number };

/** the member's favourite row of this resource (a filter for a select or a delete) */
const oneCollect = (member: Member, type: CollectType, id: number) => ({
  user_id: member.userId,
  site_id: member.siteId,
  resource_type: type,
  resource_id: id,
});

export async function removeCollect(db: Db, member: Member, type: CollectType, id: number): Promise<void> {
  const key = oneCollect(member, type, id);
  await kysely(db)
    .deleteFrom('collects')
    .where((eb) => eb.and(key))
    .execute();
}

export async function isCollected(db: Db, member: Member, type: CollectType, id: number): Promise<boolean> {
  const key = oneCollect(member, type, id);
  const row = await kysely(db)
    .selectFrom('collects')
    .select('resource_id')
    .where((eb) => eb.and(key))
    .executeTakeFirst();
  return row !== undefined;
}

export type DownloadRow = { articleId: number; title: string; enTitle: string | null; createdAt: string };

/** A page of the member's downloads, newest first. */
export async function downloadsPage(
  db: Db,
  member: Member,
  options: { limit: number; offset: number },
): Promise<{ total: number; rows: DownloadRow[] }> {
  const base = kysely(db)
    .selectFrom('member_downloads as d')
    .where('d.user_id', '=', member.userId)
    .where('d.site_id', '=', member.siteId);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst();
  const rows = await base
    .innerJoin('articles as a', (join) => join.onRef('a.id', '=', 'd.article_id').onRef('a.site_id', '=', 'd.site_id'))
    .select(['d.article_id', 'a.title', 'a.en_title', 'd.created_at'])
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
  return {
    total: Number(total?.total ?? 0),
    rows: rows.map((row) => ({
      articleId: row.article_id,
      title: row.title,
      enTitle: row.en_title,
      createdAt: row.created_at,
    })),
  };
}

export async function addDownload(db: Db, member: Member, articleId: number, createdAt: string): Promise<void> {
  await kysely(db)
    .insertInto('member_downloads')
    .values({ user_id: member.userId, site_id: member.siteId, article_id: articleId, created_at: createdAt })
    .execute();
}

/** Remembers that the member viewed a resource (again moves it to the top). */
export async function addHistory(
  db: Db,
  member: Member,
  type: CollectType,
  id: number,
  viewedAt: string,
): Promise<void> {
  await kysely(db)
    .insertInto('member_histories')
    .values({
      user_id: member.userId,
      site_id: member.siteId,
      resource_type: type,
      resource_id: id,
      viewed_at: viewedAt,
    })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'resource_type', 'resource_id']).doUpdateSet({ viewed_at: viewedAt }),
    )
    .execute();
}

export type HistoryRow = { resourceType: string; resourceId: number; viewedAt: string };

export async function historiesPage(
  db: Db,
  member: Member,
  options: { limit: number; offset: number },
): Promise<{ total: number; rows: HistoryRow[] }> {
  const base = kysely(db)
    .selectFrom('member_histories')
    .where('user_id', '=', member.userId)
    .where('site_id', '=', member.siteId);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst();
  const rows = await base
    .select(['resource_type', 'resource_id', 'viewed_at'])
    .orderBy('viewed_at', 'desc')
    .orderBy('resource_id', 'desc')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
  return {
    total: Number(total?.total ?? 0),
    rows: rows.map((row) => ({
      resourceType: row.resource_type,
      resourceId: row.resource_id,
      viewedAt: row.viewed_at,
    })),
  };
}
