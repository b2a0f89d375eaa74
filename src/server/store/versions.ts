/** The kept versions of an article, issue or news item (migration 041), as the reader's "Corrected on" needs them. */
import { z } from 'zod';
import { compiledQuery, param } from './compiled.ts';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';

export type VersionedEntity = 'article' | 'period' | 'news';

const VERSIONS = compiledQuery<{ entity: VersionedEntity; id: number }>()((q) =>
  q
    .selectFrom('content_versions')
    .select(['changed_at', 'changes'])
    .where('entity', '=', param<VersionedEntity>('entity'))
    .where('entity_id', '=', param<number>('id'))
    .orderBy('changed_at')
    .orderBy('id'),
);

const versionChanges = z.record(z.string(), z.object({ old: z.unknown(), new: z.unknown() }));

export type Correction = { date: string; fields: string[] };

function correctionOf(row: { changed_at: string; changes: string }): Correction {
  const parsed = versionChanges.safeParse(JSON.parse(row.changes));
  const fields = parsed.success
    ? Object.entries(parsed.data).filter(([, change]) => JSON.stringify(change.old) !== JSON.stringify(change.new))
    : [];
  return { date: row.changed_at, fields: fields.map(([name]) => name) };
}

/** Each kept version: when, and the fields (as the import file names them) whose value changed. */
export async function corrections(db: Db, entity: VersionedEntity, id: number): Promise<Correction[]> {
  return (await VERSIONS.all(db, { entity, id })).map(correctionOf);
}

/** The kept versions of each of these items (as `corrections` gives them), read with one query; an item without any is absent. */
export async function correctionsOfMany(
  db: Db,
  entity: VersionedEntity,
  ids: readonly number[],
): Promise<Map<number, Correction[]>> {
  const byId = new Map<number, Correction[]>();
  if (ids.length === 0) return byId;
  const rows = await kysely(db)
    .selectFrom('content_versions')
    .select(['entity_id', 'changed_at', 'changes'])
    .where('entity', '=', entity)
    .where('entity_id', 'in', ids)
    .orderBy('entity_id')
    .orderBy('changed_at')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = byId.get(row.entity_id) ?? [];
    list.push(correctionOf(row));
    byId.set(row.entity_id, list);
  }
  return byId;
}
