/** recordChanges for the bulk writers (import), whose transaction is synchronous. */
import { type ContentChange, mergeChanges } from '../changes.ts';
import type { Db } from '../db.ts';

export function recordChangesNow(
  db: Db,
  changes: readonly ContentChange[],
  origin: string,
  createdAt: string = new Date().toISOString(),
): void {
  const insert = db.prepare(
    'INSERT INTO content_changes (site_id, kind, action, entity_ids, created_at, origin) VALUES (?, ?, ?, ?, ?, ?)',
  );
  for (const change of mergeChanges(changes))
    insert.run(change.siteId, change.kind, change.action, JSON.stringify(change.ids), createdAt, origin);
}
