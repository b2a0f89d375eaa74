/**
 * The audit log: who changed what on which site, when, with the values before and after (JSON).
 * A write in the store records its entry in its own transaction (pass the transaction), so the
 * entry commits or rolls back with the write.
 */

import type { Kysely, Transaction } from 'kysely';
import type { AuditAction } from '../../lib/audit-actions.ts';
import type { AuditRecord } from '../../lib/console-answers.ts';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';
import type { Database } from './schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** The actor of a write from the shell (`npm run menu`, `npm run import`). */
export const SHELL_ACTOR = 'shell';

export type AuditEntry = {
  siteId: number | null;
  actor: string;
  action: AuditAction;
  target?: string | null;
  before?: unknown;
  after?: unknown;
};

export type AuditFilter = {
  /** the sites to read; null means every site (a platform reader) */
  siteIds: number[] | null;
  /** only the entries of no site (accounts, tokens): an administrator's platform view */
  platform?: boolean;
  actor?: string;
  action?: string;
  /** ISO instants, inclusive */
  from?: string;
  to?: string;
  limit: number;
  /** read entries older than this id (the next page) */
  beforeId?: number;
};

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

function parsed(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Records one entry; pass the write's transaction (or the database for a write outside the store). */
export async function recordAudit(q: Db | Executor, entry: AuditEntry, now: Date = new Date()): Promise<void> {
  const executor = 'selectFrom' in q ? q : kysely(q);
  await executor
    .insertInto('audit_log')
    .values({
      site_id: entry.siteId,
      actor: entry.actor,
      action: entry.action,
      target: entry.target ?? null,
      before_json: json(entry.before),
      after_json: json(entry.after),
      created_at: now.toISOString(),
    })
    .execute();
}

/** Entries newest first, filtered; an empty `siteIds` reads nothing. */
export async function listAudit(db: Db, filter: AuditFilter): Promise<AuditRecord[]> {
  if (filter.siteIds?.length === 0) return [];
  let query = kysely(db)
    .selectFrom('audit_log')
    .leftJoin('sites', 'sites.id', 'audit_log.site_id')
    .select([
      'audit_log.id',
      'sites.sld',
      'audit_log.actor',
      'audit_log.action',
      'audit_log.target',
      'audit_log.before_json',
      'audit_log.after_json',
      'audit_log.created_at',
    ]);
  if (filter.siteIds) query = query.where('audit_log.site_id', 'in', filter.siteIds);
  if (filter.platform) query = query.where('audit_log.site_id', 'is', null);
  if (filter.actor) query = query.where('audit_log.actor', '=', filter.actor);
  if (filter.action) query = query.where('audit_log.action', '=', filter.action);
  if (filter.from) query = query.where('audit_log.created_at', '>=', filter.from);
  if (filter.to) query = query.where('audit_log.created_at', '<=', filter.to);
  if (filter.beforeId !== undefined) query = query.where('audit_log.id', '<', filter.beforeId);
  const rows = await query.orderBy('audit_log.id', 'desc').limit(filter.limit).execute();
  return rows.map((row) => ({
    id: row.id,
    site: row.sld,
    actor: row.actor,
    action: row.action,
    target: row.target,
    before: parsed(row.before_json),
    after: parsed(row.after_json),
    createdAt: row.created_at,
  }));
}
