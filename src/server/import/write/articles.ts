import { basename } from 'node:path';
import { citedDois } from '../../store/bulk/cited-by.ts';
import { childCount, recordDoiChange } from '../../store/bulk/corrections.ts';
import {
  articleIdByTitle,
  articlePeriodId,
  authorNames,
  columnId as columnIdOf,
  importedArticle,
  periodId as periodIdOf,
  periodPublishAt as storedPeriodPublishAt,
} from '../../store/bulk/import-reads.ts';
import type { RowValues } from '../../store/bulk/insert.ts';
import { storedPublishAt } from '../../store/visibility.ts';
import { writeJats } from '../jats/write.ts';
import type { ImportFile } from '../schema.ts';
import type { PublicationOf } from './publications.ts';
import { at, fail, fieldChanges, flag, html, type ImportRun } from './writer.ts';

/** Writes the file's articles with their authors, institutions, references and files. */
export async function writeArticles(
  run: ImportRun,
  file: ImportFile,
  publicationOf: PublicationOf,
  periodPublishAt: ReadonlyMap<number, string>,
): Promise<void> {
  const { w, trx, siteId, now, replaceChildren, note, fileId, keepVersion } = run;
  for (const [i, a] of file.articles.entries()) {
    const path = ['articles', i];
    const stored = await importedArticle(trx, siteId, a.doi, a.previousDoi, a.id);
    const publicationId = publicationOf(a.issn ?? stored?.issn ?? fail([...path, 'issn'], { code: 'required' }), path);
    const periodId = a.period
      ? ((await periodIdOf(trx, publicationId, a.period.year, a.period.issue)) ??
        fail([...path, 'period'], {
          code: 'unknownPeriod',
          params: { period: `${a.period.year}/${a.period.issue}`, issn: String(a.issn) },
        }))
      : a.period;
    const columnId = a.column
      ? ((await columnIdOf(trx, publicationId, a.column)) ??
        fail([...path, 'column'], { code: 'unknownColumn', params: { column: a.column, issn: String(a.issn) } }))
      : a.column;
    const existing =
      stored?.id ??
      (a.doi || a.previousDoi
        ? null
        : await articleIdByTitle(
            trx,
            publicationId,
            periodId ?? null,
            a.title ?? fail([...path, 'title'], { code: 'required' }),
          ));
    // an article of a scheduled issue appears with its issue, never before it; an update naming
    // neither date keeps the stored time
    const givenPublishAt = a.publishAt ?? a.publishedDate;
    const ownPublishAt = givenPublishAt === undefined ? undefined : storedPublishAt(givenPublishAt);
    const issuePublishAt = periodId
      ? (periodPublishAt.get(periodId) ?? (await storedPeriodPublishAt(trx, periodId)))
      : null;
    const publishAt =
      ownPublishAt !== undefined && issuePublishAt !== null && issuePublishAt > ownPublishAt
        ? issuePublishAt
        : ownPublishAt;
    // OAI-PMH datestamp: a harvester must see a scheduled article as new when it appears
    const stamp = publishAt !== undefined && publishAt > now ? publishAt : now;
    const fields = {
      publication_id: publicationId,
      period_id: periodId,
      column_id: columnId,
      doi: a.doi,
      title: a.title,
      en_title: a.enTitle,
      abstract: html(a.abstract),
      en_abstract: html(a.enAbstract),
      keywords: a.keywords === undefined ? undefined : a.keywords.join(';') || null,
      en_keywords: a.enKeywords === undefined ? undefined : a.enKeywords.join(';') || null,
      language: a.language,
      first_page: a.firstPage,
      last_page: a.lastPage,
      version: a.status === 'just-accepted' ? -1 : a.version,
      status: a.status,
      open_access: flag(a.openAccess),
      fund: a.fund,
      en_fund: a.enFund,
      received_date: a.receivedDate,
      revised_date: a.revisedDate,
      published_date: a.publishedDate,
      pdf_file_id: a.pdf ? await fileId([...path, 'pdf'], a.pdf, 'pdf') : a.pdf,
      // the notice is named as a whole: a notice without noticeDoi clears the stored one
      notice_kind: a.notice === undefined ? undefined : (a.notice?.kind ?? null),
      notice_date: a.notice === undefined ? undefined : (a.notice?.date ?? null),
      notice_reason: a.notice === undefined ? undefined : (a.notice?.reason ?? null),
      notice_doi: a.notice === undefined ? undefined : (a.notice?.noticeDoi ?? null),
      publish_at: publishAt,
      removed_at: a.removed === undefined ? undefined : a.removed && storedPublishAt(a.removed.date),
      removed_reason: a.removed === undefined ? undefined : (a.removed?.reason ?? null),
    };
    let supplements: RowValues[] | undefined;
    for (const [n, s] of a.supplementary?.entries() ?? []) {
      // one after another: a file named twice is stored once
      const id = await fileId([...path, 'supplementary', n, 'file'], s.file, 'supplementary');
      supplements = [
        ...(supplements ?? []),
        {
          position: n + 1,
          file_id: id,
          file_name: basename(s.file),
          label: s.label ?? null,
          en_label: s.enLabel ?? null,
        },
      ];
    }
    if (a.supplementary && !supplements) supplements = [];
    await at(path, async () => {
      // a stored article's lists are read below: the rows waiting for a record added earlier in
      // this file (this one, named twice) are written first
      if (existing !== null) await run.newChildren.write(trx);
      // an article moved to another issue leaves its old issue's table of contents changed too
      const periodBefore = existing === null ? null : await articlePeriodId(trx, existing);
      if (existing !== null) for (const doi of await citedDois(trx, [existing])) run.citedBefore.add(doi);
      const { id, changed, changes } = await w.upsert('articles', existing, fields, {
        site_id: siteId,
        language: 'zh',
        version: 0,
        status: 'formal',
        open_access: 1,
        updated_at: stamp,
        sort_order: i + 1,
      });
      if (existing === null) run.newChildren.add('article_id', id);
      if (existing === null && a.status === 'online-first')
        await w.insert('subscription_events', { site_id: siteId, kind: 'online', ref_id: id, created_at: now });
      const versionChanges = fieldChanges(changes);
      const oldDoi = changes.find((c) => c.column === 'doi')?.old;
      if (typeof oldDoi === 'string' && oldDoi) await recordDoiChange(trx, siteId, id, oldDoi, a.doi ?? null, now);
      const authorsBefore = existing === null ? '' : await authorNames(trx, id);
      const countsBefore = {
        institutions: existing === null ? 0 : await childCount(trx, 'institutions', id),
        references: existing === null ? 0 : await childCount(trx, 'article_references', id),
      };
      let childrenChanged = false;
      if (
        a.authors &&
        (await replaceChildren(
          'authors',
          'article_id',
          id,
          a.authors.map((author, n) => ({
            position: n + 1,
            name: author.name,
            en_name: author.enName ?? null,
            email: author.email ?? null,
            orcid: author.orcid ?? null,
            corresponding: author.corresponding ? 1 : 0,
            institution_positions: author.institutions.join(';'),
          })),
        ))
      ) {
        childrenChanged = true;
        if (existing !== null) versionChanges['authors'] = { old: authorsBefore, new: await authorNames(trx, id) };
      }
      if (
        a.institutions &&
        (await replaceChildren(
          'institutions',
          'article_id',
          id,
          a.institutions.map((inst, n) => ({ position: n + 1, name: inst.name, en_name: inst.enName ?? null })),
        ))
      ) {
        childrenChanged = true;
        versionChanges['institutions'] = { old: countsBefore.institutions, new: a.institutions.length };
      }
      if (
        a.references &&
        (await replaceChildren(
          'article_references',
          'article_id',
          id,
          a.references.map((ref, n) => ({
            position: n + 1,
            text: ref.text,
            doi: ref.doi ?? null,
            authors: ref.authors ?? null,
            title: ref.title ?? null,
            source: ref.source ?? null,
            year: ref.year ?? null,
            volume: ref.volume ?? null,
            pages: ref.pages ?? null,
          })),
        ))
      ) {
        childrenChanged = true;
        versionChanges['references'] = { old: countsBefore.references, new: a.references.length };
      }
      if (supplements)
        childrenChanged =
          (await replaceChildren('article_supplements', 'article_id', id, supplements)) || childrenChanged;
      childrenChanged = (await writeJats(run, path, id, a)) || childrenChanged;
      if (existing === null) {
        if (a.status !== 'just-accepted') await w.insert('attachments', { article_id: id, attach_type: 'pdf' });
      } else if (changed || childrenChanged) {
        if (!changed) w.tally.updated++;
        // the OAI-PMH datestamp and the feeds' dates follow updated_at
        await w.merge('articles', id, { updated_at: stamp });
        await keepVersion('article', id, versionChanges);
      }
      if (existing === null) note('article', 'added', id);
      else if (changed || childrenChanged) {
        note('article', 'updated', id);
        if (periodBefore !== null && periodId !== undefined && periodBefore !== periodId)
          note('issue', 'updated', periodBefore);
      }
    });
  }
  await at(['articles'], () => run.newChildren.write(trx));
}
