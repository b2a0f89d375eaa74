/** The rows the console tests start from: two sites, jmst (id 1) and cpg (id 2), and their menus. */
import type { Db } from '../../src/server/store/db.ts';
import { createEmptyStore, type EmptyStore } from '../fixtures/empty-store.ts';
import { run } from '../fixtures/rows.ts';

/** An empty store on the run's engine with the two sites and these channels. */
export async function createConsoleStore(channels: ChannelValues[] = []): Promise<EmptyStore> {
  const store = await createEmptyStore();
  await addConsoleSites(store.db);
  await addChannels(store.db, channels);
  return store;
}

export async function addConsoleSites(db: Db): Promise<void> {
  const now = new Date().toISOString();
  const site = "INSERT INTO sites (id, sld, name, en_name, type, created_at) VALUES (?, ?, ?, ?, 'single', ?)";
  await run(db, site, 1, 'jmst', '材料', 'Materials', now);
  await run(db, site, 2, 'cpg', '集团', 'Group', now);
}

/** id, site id, parent id, code, name, English name, sort order, and optionally route and link */
export type ChannelValues = [
  number,
  number,
  number,
  string,
  string,
  string,
  number,
  (string | null)?,
  (string | null)?,
];

async function addChannels(db: Db, channels: ChannelValues[]): Promise<void> {
  for (const [id, siteId, parentId, code, name, enName, sortOrder, route = null, linkValue = null] of channels) {
    await run(
      db,
      'INSERT INTO channels (id, site_id, parent_id, code, name, en_name, sort_order, route, link_value) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      id,
      siteId,
      parentId,
      code,
      name,
      enName,
      sortOrder,
      route,
      linkValue,
    );
  }
}
