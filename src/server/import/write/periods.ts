import { periodId } from '../../store/bulk/import-reads.ts';
import { storedPublishAt } from '../../store/visibility.ts';
import type { ImportFile } from '../schema.ts';
import type { PublicationOf } from './publications.ts';
import { at, fieldChanges, type ImportRun } from './writer.ts';

/** Writes the file's issues; gives the publish time each names, by issue id. */
export async function writePeriods(
  run: ImportRun,
  file: ImportFile,
  publicationOf: PublicationOf,
): Promise<Map<number, string>> {
  const { w, trx, siteId, now, upserted, keepVersion } = run;
  const periodPublishAt = new Map<number, string>();
  for (const [i, p] of file.periods.entries()) {
    const publicationId = publicationOf(p.issn, ['periods', i]);
    await at(['periods', i], async () => {
      // by id, the issue's own year and number may change (the check refused one already taken)
      const existing = p.id ?? (await periodId(trx, publicationId, p.year, p.issue));
      const given = p.publishAt ?? p.publishDate;
      const fields = {
        ...(p.id === undefined ? {} : { year: p.year, issue: p.issue }),
        volume: p.volume,
        publish_date: p.publishDate,
        publish_at: given === undefined ? undefined : storedPublishAt(given),
      };
      const { id, changes } = upserted(
        'issue',
        existing,
        await w.upsert('periods', existing, fields, {
          site_id: siteId,
          publication_id: publicationId,
          year: p.year,
          issue: p.issue,
        }),
      );
      await keepVersion('period', id, fieldChanges(changes));
      if (fields.publish_at !== undefined) periodPublishAt.set(id, fields.publish_at);
      // subscribers hear of a new issue once (src/server/subscriptions/digest.ts), never of a corrected one;
      // a scheduled one's digest waits until it is visible (claimSubscriptionEvents)
      if (existing === null)
        await w.insert('subscription_events', { site_id: siteId, kind: 'issue', ref_id: id, created_at: now });
    });
  }
  return periodPublishAt;
}
