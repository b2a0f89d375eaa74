/** Each site's finished publishing passes (newest first), bounded per site. */
import { z } from 'zod';
import type { PassRecord } from '../../lib/console-answers.ts';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';

export type { PassRecord };

/** how many finished passes a site's history keeps */
const PASS_HISTORY_SIZE = 50;

const pages = z.record(z.string(), z.number());
const failed = z.array(z.object({ path: z.string(), reason: z.string() }));
const causes = z.array(
  z.object({ kind: z.string(), action: z.enum(['added', 'updated', 'removed']), count: z.number() }),
);

function fromJson<T>(schema: z.ZodType<T>, text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

/** Records a finished pass and drops the site's passes beyond the newest PASS_HISTORY_SIZE. */
export async function recordPass(db: Db, siteId: number, pass: PassRecord): Promise<void> {
  await kysely(db)
    .transaction()
    .execute(async (trx) => {
      await trx
        .insertInto('pass_history')
        .values({
          site_id: siteId,
          kind: pass.kind,
          ok: pass.ok ? 1 : 0,
          started_at: pass.startedAt,
          finished_at: pass.finishedAt,
          duration_ms: pass.durationMs ?? null,
          pages_json: JSON.stringify(pass.pages),
          failed_json: JSON.stringify(pass.failed),
          error: pass.error ?? null,
          steps_json: pass.steps ? JSON.stringify(pass.steps) : null,
          causes_json: pass.causes ? JSON.stringify(pass.causes) : null,
        })
        .execute();
      const oldestKept = await trx
        .selectFrom('pass_history')
        .select('id')
        .where('site_id', '=', siteId)
        .orderBy('id', 'desc')
        .offset(PASS_HISTORY_SIZE - 1)
        .limit(1)
        .executeTakeFirst();
      if (oldestKept)
        await trx.deleteFrom('pass_history').where('site_id', '=', siteId).where('id', '<', oldestKept.id).execute();
    });
}

/** A site's last passes, newest first. */
export async function listPasses(db: Db, siteId: number, limit = PASS_HISTORY_SIZE): Promise<PassRecord[]> {
  const rows = await kysely(db)
    .selectFrom('pass_history')
    .selectAll()
    .where('site_id', '=', siteId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => {
    const steps = fromJson(pages.nullable(), row.steps_json, null);
    const causesOf = fromJson(causes.nullable(), row.causes_json, null);
    return {
      ok: row.ok === 1,
      ...(causesOf ? { causes: causesOf } : {}),
      kind: row.kind === 'full' ? 'full' : 'changes',
      pages: fromJson(pages, row.pages_json, {}),
      failed: fromJson(failed, row.failed_json, []),
      ...(row.error === null ? {} : { error: row.error }),
      ...(steps ? { steps } : {}),
      startedAt: row.started_at,
      ...(row.duration_ms === null ? {} : { durationMs: row.duration_ms }),
      finishedAt: row.finished_at,
    };
  });
}
