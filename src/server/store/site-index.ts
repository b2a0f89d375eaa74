/** Short lists of sites for tools and the admin API: ids, states, names and host names. */
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';

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
  const rows = await kysely(db).selectFrom('sites').select('sld').where('status', '=', 'active').orderBy('id').execute();
  return rows.map((row) => row.sld);
}

/** Short name and own domain (if any) of each open site, in id order. */
export async function activeSiteDomains(db: Db): Promise<{ sld: string; domain: string | null }[]> {
  return kysely(db).selectFrom('sites').select(['sld', 'domain']).where('status', '=', 'active').orderBy('id').execute();
}

export type SiteName = { sld: string; name: string; enName: string; status: string };

/** Every site with its names and state, in id order. */
export async function siteNames(db: Db): Promise<SiteName[]> {
  const rows = await kysely(db).selectFrom('sites').select(['sld', 'name', 'en_name', 'status']).orderBy('id').execute();
  return rows.map((row) => ({ sld: row.sld, name: row.name, enName: row.en_name, status: row.status }));
}
