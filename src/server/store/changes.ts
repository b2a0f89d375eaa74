/**
 * The change log: every write that changes what a page shows records what it changed here, in
 * its own transaction, so whichever process wrote it (an import, the admin API, the menu command,
 * a scheduled job) the running server sees it. Read in id order after a cursor; a notifier
 * (PostgreSQL's LISTEN/NOTIFY) could wake the reader instead of its timer, the rows stay the same.
 */
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import { compiledQuery } from './compiled.ts';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';
import type { Database } from './schema.ts';

export const CHANGE_KINDS = [
  'article',
  'issue',
  'news',
  'menu',
  'settings',
  'album',
  'board',
  'publication',
  'media',
  'channel',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];
export const CHANGE_ACTIONS = ['added', 'updated', 'removed'] as const;
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];

/** Kinds whose change means nothing without the ids of the rows (the others concern the whole site). */
const PER_ROW = new Set<ChangeKind>(['article', 'issue', 'news', 'album', 'media', 'channel']);

/** What one write changed on one site: the ids of the rows of one kind it added, updated or removed. */
export type ContentChange = { siteId: number; kind: ChangeKind; action: ChangeAction; ids: number[] };
export type RecordedChange = ContentChange & { id: number; createdAt: string; origin: string };

type Executor = Kysely<Database> | Transaction<Database>;

/** Who made a change: the role of the process and its pid ('import pid 4242'). */
export function changeOrigin(role: string): string {
  return `${role} pid ${process.pid}`;
}

/** Rows of one site, kind and action merged into one, ids deduplicated; empty changes dropped. */
export function mergeChanges(changes: readonly ContentChange[]): ContentChange[] {
  const merged = new Map<string, ContentChange>();
  for (const change of changes) {
    const key = `${change.siteId}:${change.kind}:${change.action}`;
    const known = merged.get(key);
    if (known) known.ids = [...new Set([...known.ids, ...change.ids])];
    else merged.set(key, { ...change, ids: [...new Set(change.ids)] });
  }
  return [...merged.values()].filter((change) => change.ids.length > 0 || !PER_ROW.has(change.kind));
}

/**
 * Records changes; pass the transaction of the write (or the database, for a write that is one
 * statement) so the record commits or rolls back with it.
 */
export async function recordChanges(
  q: Db | Executor,
  changes: readonly ContentChange[],
  origin: string,
  now: Date = new Date(),
): Promise<void> {
  const rows = mergeChanges(changes).map((change) => ({
    site_id: change.siteId,
    kind: change.kind,
    action: change.action,
    entity_ids: JSON.stringify(change.ids),
    created_at: now.toISOString(),
    origin,
  }));
  if (rows.length === 0) return;
  const executor = 'selectFrom' in q ? q : kysely(q);
  await executor.insertInto('content_changes').values(rows).execute();
}

const rowSchema = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  kind: z.enum(CHANGE_KINDS),
  action: z.enum(CHANGE_ACTIONS),
  entity_ids: z.string(),
  created_at: z.string(),
  origin: z.string(),
});
const idsSchema = z.array(z.number().int());

/**
 * The changes recorded after `lastId`, oldest first. A row this version does not understand (a
 * kind added by a newer writer) comes back as a settings change of its site: the whole site is
 * rendered again rather than left stale.
 */
export async function changesSince(db: Db, lastId: number, limit = 1000): Promise<RecordedChange[]> {
  const rows = await kysely(db)
    .selectFrom('content_changes')
    .selectAll()
    .where('id', '>', lastId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((raw) => {
    const row = rowSchema.safeParse(raw);
    let ids: number[] = [];
    try {
      ids = idsSchema.parse(JSON.parse(raw.entity_ids));
    } catch {
      ids = [];
    }
    const base = { id: raw.id, siteId: raw.site_id, createdAt: raw.created_at, origin: raw.origin };
    return row.success
      ? { ...base, kind: row.data.kind, action: row.data.action, ids }
      : { ...base, kind: 'settings', action: 'updated', ids: [] };
  });
}

/** The id of the newest change (0 when there is none): a reader starting now begins after it. */
export async function lastChangeId(db: Db): Promise<number> {
  const row = await LAST_CHANGE.one(db, {});
  return Number(row?.last ?? 0);
}

/** compiled once: every on-demand render asks (src/server/build/site-memo.ts) */
const LAST_CHANGE = compiledQuery<Record<string, never>>()((q) =>
  q.selectFrom('content_changes').select((eb) => eb.fn.max('id').as('last')),
);

/** Deletes changes recorded before `before` (every reader has long passed them). */
export async function pruneChanges(db: Db, before: Date): Promise<number> {
  const result = await kysely(db)
    .deleteFrom('content_changes')
    .where('created_at', '<', before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
