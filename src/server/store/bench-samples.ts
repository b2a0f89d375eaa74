/**
 * What the benchmarks sample: a spread of a site's visible articles (the same ones on every run of
 * a database, wherever their ids fall).
 */
import { sql } from 'kysely';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';

export async function sampleArticleIds(db: Db, sld: string, count: number): Promise<number[]> {
  const rows = await kysely(db)
    .selectFrom('articles as a')
    .innerJoin('sites as s', 's.id', 'a.site_id')
    .select('a.id')
    .where('s.sld', '=', sld)
    .where('a.status', '<>', 'draft')
    .where('a.removed_at', 'is', null)
    .orderBy(sql`(a.id * 2654435761) % 1000003`)
    .limit(count)
    .execute();
  return rows.map((row) => Number(row.id));
}
