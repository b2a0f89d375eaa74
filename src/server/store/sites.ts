/** Sites and the group relation between them. Expired and forbidden sites are returned too: callers decide. */
import type { GroupEntry, Site } from '../../content/types.ts';
import { siteStatusSchema, siteTypeSchema } from '../../content/types.ts';
import { compiledQuery, param, type RowOf } from './compiled.ts';
import type { Db } from './db.ts';
import { fileUrl } from './files.ts';
import { kysely } from './kysely.ts';
import { oneOf } from './sql.ts';

const SITE_COLUMNS = [
  'id',
  'sld',
  'domain',
  'name',
  'en_name',
  'template_id',
  'type',
  'colour',
  'colour1',
  'colour2',
  'colour3',
  'gray_type',
  'umt_flag',
  'logo1',
  'picture_url',
  'keywords',
  'en_keywords',
  'status',
] as const;

const BY_ID = compiledQuery<{ id: number }>()((q) =>
  q.selectFrom('sites').select(SITE_COLUMNS).where('id', '=', param<number>('id')),
);
const BY_SLD = compiledQuery<{ sld: string }>()((q) =>
  q.selectFrom('sites').select(SITE_COLUMNS).where('sld', '=', param<string>('sld')),
);
const BY_DOMAIN = compiledQuery<{ domain: string }>()((q) =>
  q
    .selectFrom('sites')
    .select(SITE_COLUMNS)
    .where((eb) => eb(eb.fn('lower', ['domain']), '=', param<string>('domain'))),
);
const TYPE = compiledQuery<{ id: number }>()((q) =>
  q.selectFrom('sites').select('type').where('id', '=', param<number>('id')),
);

/** Publications of the group's member sites, in the group's order. */
const MEMBER_JOURNALS = compiledQuery<{ siteId: number }>()((q) =>
  q
    .selectFrom('site_groups as g')
    .innerJoin('sites as s', 's.id', 'g.member_site_id')
    .innerJoin('publications as p', 'p.site_id', 's.id')
    .select(['p.id', 's.id as site_id', 's.sld', 'p.name', 'p.en_name'])
    .where('g.site_id', '=', param<number>('siteId'))
    .orderBy('g.sort_order')
    .orderBy('s.id')
    .orderBy('p.sort_order')
    .orderBy('p.id'),
);
const OWN_JOURNALS = compiledQuery<{ siteId: number }>()((q) =>
  q
    .selectFrom('publications as p')
    .innerJoin('sites as s', 's.id', 'p.site_id')
    .select(['p.id', 's.id as site_id', 's.sld', 'p.name', 'p.en_name'])
    .where('p.site_id', '=', param<number>('siteId'))
    .orderBy('p.sort_order')
    .orderBy('p.id'),
);
const GROUPS_OF = compiledQuery<{ siteId: number }>()((q) =>
  q
    .selectFrom('site_groups as g')
    .innerJoin('sites as s', 's.id', 'g.site_id')
    .select(['s.id', 's.id as site_id', 's.sld', 's.name', 's.en_name'])
    .where('g.member_site_id', '=', param<number>('siteId'))
    .orderBy('s.id'),
);

type SiteRow = RowOf<typeof BY_ID>;

function toSite(row: SiteRow): Site {
  return {
    id: row.id,
    sld: row.sld,
    domain: row.domain,
    name: row.name,
    enName: row.en_name,
    templateId: row.template_id,
    type: oneOf(siteTypeSchema.options, row.type, 'single'),
    colour: row.colour,
    colour1: row.colour1,
    colour2: row.colour2,
    colour3: row.colour3,
    grayType: row.gray_type,
    umtFlag: row.umt_flag,
    logo1Url: fileUrl(row.logo1),
    pictureUrl: row.picture_url,
    keywords: row.keywords,
    enKeywords: row.en_keywords,
    status: oneOf(siteStatusSchema.options, row.status, 'active'),
  };
}

export async function findSiteById(db: Db, siteId: number): Promise<Site | null> {
  const row = await BY_ID.one(db, { id: siteId });
  return row ? toSite(row) : null;
}

/** Short names are matched case-insensitively: host names arrive in any case. */
export async function findSiteBySld(db: Db, sld: string): Promise<Site | null> {
  const row = await BY_SLD.one(db, { sld: sld.trim().toLowerCase() });
  return row ? toSite(row) : null;
}

export async function findSiteByDomain(db: Db, domain: string): Promise<Site | null> {
  const row = await BY_DOMAIN.one(db, { domain: domain.trim().toLowerCase() });
  return row ? toSite(row) : null;
}

/**
 * The group entrance of a site. A group site lists its member journals (each member site's
 * publications, or the group's own publications when it has no members); any other site lists the
 * group(s) it belongs to.
 */
export async function getGroupEntries(db: Db, siteId: number): Promise<GroupEntry[]> {
  const site = await TYPE.one(db, { id: siteId });
  if (!site) return [];
  if (site.type === 'group') {
    const members = await MEMBER_JOURNALS.all(db, { siteId });
    return (members.length ? members : await OWN_JOURNALS.all(db, { siteId })).map(toGroupEntry);
  }
  return (await GROUPS_OF.all(db, { siteId })).map(toGroupEntry);
}

type GroupRow = RowOf<typeof GROUPS_OF>;

function toGroupEntry(row: GroupRow): GroupEntry {
  return {
    id: row.id,
    siteId: row.site_id,
    sld: row.sld,
    publicationName: row.name,
    enPublicationName: row.en_name,
  };
}

// Short lists and lookups for tools and the admin API (async, through Kysely).

export async function siteIdBySld(db: Db, sld: string): Promise<number | null> {
  const row = await kysely(db).selectFrom('sites').select('id').where('sld', '=', sld).executeTakeFirst();
  return row ? row.id : null;
}

/** 'active', 'expired' or 'forbidden'; null when there is no such site. */
export async function siteStatusBySld(db: Db, sld: string): Promise<string | null> {
  const row = await kysely(db).selectFrom('sites').select('status').where('sld', '=', sld).executeTakeFirst();
  return row ? row.status : null;
}

/** Short names of the open sites, in id order. */
export async function activeSiteSlds(db: Db): Promise<string[]> {
  const rows = await kysely(db)
    .selectFrom('sites')
    .select('sld')
    .where('status', '=', 'active')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.sld);
}

/** Short name and own domain (if any) of each open site, in id order. */
export async function activeSiteDomains(db: Db): Promise<{ sld: string; domain: string | null }[]> {
  return kysely(db)
    .selectFrom('sites')
    .select(['sld', 'domain'])
    .where('status', '=', 'active')
    .orderBy('id')
    .execute();
}

export type SiteName = { sld: string; name: string; enName: string; status: string };

/** Every site with its names and state, in id order. */
export async function siteNames(db: Db): Promise<SiteName[]> {
  const rows = await kysely(db)
    .selectFrom('sites')
    .select(['sld', 'name', 'en_name', 'status'])
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ sld: row.sld, name: row.name, enName: row.en_name, status: row.status }));
}
