/** The kept versions of an article, issue or news item (migration 041), as the reader's "Corrected on" needs them. */
import { z } from 'zod';
import { compiledQuery, param } from './compiled.ts';
import type { Db } from './db.ts';

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

/** Each kept version: when, and the fields (as the import file names them) whose value changed. */
export function corrections(db: Db, entity: VersionedEntity, id: number): { date: string; fields: string[] }[] {
  return VERSIONS.all(db, { entity, id }).map((row) => {
    const parsed = versionChanges.safeParse(JSON.parse(row.changes));
    const fields = parsed.success
      ? Object.entries(parsed.data).filter(([, change]) => JSON.stringify(change.old) !== JSON.stringify(change.new))
      : [];
    return { date: row.changed_at, fields: fields.map(([name]) => name) };
  });
}
