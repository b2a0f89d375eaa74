/**
 * Where a builder that starts reads the change log from: after the oldest change a prebuilt site
 * has not rendered yet (recorded while no builder ran, or taken by one killed before it rendered
 * it), else after the newest. Each site's render lease keeps how far its live version shows the
 * log (src/server/store/render-leases.ts); a site never rendered under a lease counts as current.
 */
import { hasBuild } from '../static/site-folder.ts';
import { lastChangeId } from '../store/changes.ts';
import type { Db } from '../store/db.ts';
import { renderedChangeIds } from '../store/render-leases.ts';
import { activeSiteSlds } from '../store/sites.ts';

export async function firstUnrendered(db: Db, sitesDir: string): Promise<{ from: number; newest: number }> {
  const newest = await lastChangeId(db);
  const rendered = await renderedChangeIds(db);
  let from = newest;
  for (const sld of await activeSiteSlds(db)) {
    const through = rendered.get(sld);
    if (through !== undefined && through < from && (await hasBuild(sitesDir, sld))) from = through;
  }
  return { from, newest };
}
