/**
 * Render leases: which process renders a site now, so that servers sharing one store never render
 * the same site at once. A lease is a row per site with an owner and an expiry the owner renews
 * while it renders; one that ran out is free, so a killed owner's site passes to whoever asks next.
 * Plain rows rather than PostgreSQL's advisory locks: the same on both engines, and on one SQLite
 * file shared by the processes of a machine. Times are ISO strings of the callers' clocks (servers
 * keep them in step by NTP, far closer than a lease lasts) and compare as text.
 */
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';

export type RenderLease = {
  sld: string;
  owner: string | null;
  expiresAt: string;
  /** this site's pages show the change log through this id */
  renderedChangeId: number;
  /** the owner is building the whole site */
  wholeSite: boolean;
};

const expiry = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

/**
 * The site's lease for `owner` until now + ms, when nobody holds it, its holder's time ran out, or
 * `owner` holds it already, or its holder is `deadOwner` (a process known to be gone); null while
 * another owner holds it. `wholeSite` notes a build of the whole site, which another server
 * completes should this owner die; the lease taken says so too when the owner before died
 * building the whole site.
 */
export async function takeRenderLease(
  db: Db,
  lease: { sld: string; owner: string; now: Date; ms: number; wholeSite: boolean; deadOwner?: string },
): Promise<RenderLease | null> {
  const row = await kysely(db)
    .insertInto('render_leases')
    .values({
      sld: lease.sld,
      owner: lease.owner,
      expires_at: expiry(lease.now, lease.ms),
      whole_site: lease.wholeSite ? 1 : 0,
    })
    .onConflict((conflict) =>
      conflict
        .column('sld')
        .doUpdateSet((eb) => ({
          owner: eb.ref('excluded.owner'),
          expires_at: eb.ref('excluded.expires_at'),
          // a whole-site build its dead owner left stays noted for whoever takes the site
          whole_site: lease.wholeSite ? 1 : eb.ref('render_leases.whole_site'),
        }))
        .where((eb) =>
          eb.or([
            eb('render_leases.owner', 'is', null),
            eb('render_leases.owner', '=', lease.owner),
            eb('render_leases.expires_at', '<=', lease.now.toISOString()),
            ...(lease.deadOwner ? [eb('render_leases.owner', '=', lease.deadOwner)] : []),
          ]),
        ),
    )
    .returningAll()
    .executeTakeFirst();
  return row ? leaseOf(row) : null;
}

/** Moves the owner's expiry on; false when the lease is no longer the owner's (it ran out and was taken). */
export async function renewRenderLease(
  db: Db,
  lease: { sld: string; owner: string; now: Date; ms: number },
): Promise<boolean> {
  const result = await kysely(db)
    .updateTable('render_leases')
    .set({ expires_at: expiry(lease.now, lease.ms) })
    .where('sld', '=', lease.sld)
    .where('owner', '=', lease.owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** True while `owner` holds the site's lease and its time has not run out. */
export async function holdsRenderLease(db: Db, lease: { sld: string; owner: string; now: Date }): Promise<boolean> {
  const row = await kysely(db)
    .selectFrom('render_leases')
    .select('sld')
    .where('sld', '=', lease.sld)
    .where('owner', '=', lease.owner)
    .where('expires_at', '>', lease.now.toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Gives the lease up. `renderedChangeId`: the pages now show the change log through this id (only
 * ever moved forward).
 */
export async function releaseRenderLease(
  db: Db,
  lease: { sld: string; owner: string; now: Date; renderedChangeId?: number },
): Promise<void> {
  const through = lease.renderedChangeId ?? 0;
  await kysely(db)
    .updateTable('render_leases')
    .set((eb) => ({
      owner: null,
      expires_at: lease.now.toISOString(),
      whole_site: 0,
      rendered_change_id: eb
        .case()
        .when('rendered_change_id', '<', through)
        .then(through)
        .else(eb.ref('rendered_change_id'))
        .end(),
    }))
    .where('sld', '=', lease.sld)
    .where('owner', '=', lease.owner)
    .execute();
}

/** The leases held for whole-site builds: their owner's death (or its lease running out) leaves the build to another. */
export async function wholeSiteLeases(db: Db): Promise<{ sld: string; owner: string; expiresAt: string }[]> {
  const rows = await kysely(db)
    .selectFrom('render_leases')
    .select(['sld', 'owner', 'expires_at'])
    .where('whole_site', '=', 1)
    .where('owner', 'is not', null)
    .orderBy('sld')
    .execute();
  return rows.flatMap((row) => (row.owner ? [{ sld: row.sld, owner: row.owner, expiresAt: row.expires_at }] : []));
}

/** How far the change log is rendered into each site rendered under a lease, by sld. */
export async function renderedChangeIds(db: Db): Promise<Map<string, number>> {
  const rows = await kysely(db).selectFrom('render_leases').select(['sld', 'rendered_change_id']).execute();
  return new Map(rows.map((row) => [row.sld, row.rendered_change_id]));
}

export async function renderLeaseOf(db: Db, sld: string): Promise<RenderLease | null> {
  const row = await kysely(db).selectFrom('render_leases').selectAll().where('sld', '=', sld).executeTakeFirst();
  return row ? leaseOf(row) : null;
}

function leaseOf(row: {
  sld: string;
  owner: string | null;
  expires_at: string;
  rendered_change_id: number;
  whole_site: number;
}): RenderLease {
  return {
    sld: row.sld,
    owner: row.owner,
    expiresAt: row.expires_at,
    renderedChangeId: row.rendered_change_id,
    wholeSite: row.whole_site === 1,
  };
}
