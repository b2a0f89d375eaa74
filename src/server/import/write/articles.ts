import { basename } from 'node:path';
import { childCountNow, recordDoiChangeNow } from '../../store/bulk/corrections.ts';
import {
  articleIdByTitleNow,
  articlePeriodIdNow,
  authorNamesNow,
  columnIdNow,
  importedArticleNow,
  periodIdNow,
  periodPublishAtNow,
} from '../../store/bulk/lookups.ts';
import { storedPublishAt } from '../../store/visibility.ts';
import { writeJats } from '../jats/write.ts';
import type { ImportFile } from '../schema.ts';
import type { PublicationOf } from './publications.ts';
import { at, fail, fieldChanges, flag, html, type ImportRun } from './writer.ts';

/** Writes the file's articles with their authors, institutions, references and files. */
export function writeArticles(
  run: ImportRun,
  file: ImportFile,
  publicationOf: PublicationOf,
  periodPublishAt: ReadonlyMap<number, string>,
): void {
  const { w, db, siteId, now, replaceChildren, note, fileId, keepVersion } = run;
  file.articles.forEach((a, i) => {
    const path = ['articles', i];
    const stored = importedArticleNow(db, siteId, a.doi, a.previousDoi);
    const publicationId = publicationOf(a.issn ?? stored?.issn ?? fail([...path, 'issn'], 'Required'), path);
    const periodId = a.period
      ? (periodIdNow(db, publicationId, a.period.year, a.period.issue) ??
        fail(
          [...path, 'period'],
          `unknown period ${a.period.year}/${a.period.issue} of ISSN ${a.issn} (list it under periods)`,
        ))
      : a.period;
    const columnId = a.column
      ? (columnIdNow(db, publicationId, a.column) ??
        fail([...path, 'column'], `unknown column ${a.column} of ISSN ${a.issn}`))
      : a.column;
    const existing =
      stored?.id ??
      (a.doi || a.previousDoi
        ? null
        : articleIdByTitleNow(db, publicationId, periodId ?? null, a.title ?? fail([...path, 'title'], 'Required')));
    // an article of a scheduled issue appears with its issue, never before it; an update naming
    // neither date keeps the stored time
    const givenPublishAt = a.publishAt ?? a.publishedDate;
    const ownPublishAt = givenPublishAt === undefined ? undefined : storedPublishAt(givenPublishAt);
    const issuePublishAt = periodId ? (periodPublishAt.get(periodId) ?? periodPublishAtNow(db, periodId)) : null;
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
      pdf_file_id: a.pdf ? fileId([...path, 'pdf'], a.pdf, 'pdf') : a.pdf,
      // the notice is named as a whole: a notice without noticeDoi clears the stored one
      notice_kind: a.notice === undefined ? undefined : (a.notice?.kind ?? null),
      notice_date: a.notice === undefined ? undefined : (a.notice?.date ?? null),
      notice_reason: a.notice === undefined ? undefined : (a.notice?.reason ?? null),
      notice_doi: a.notice === undefined ? undefined : (a.notice?.noticeDoi ?? null),
      publish_at: publishAt,
      removed_at: a.removed === undefined ? undefined : a.removed && storedPublishAt(a.removed.date),
      removed_reason: a.removed === undefined ? undefined : (a.removed?.reason ?? null),
    };
    const supplements = a.supplementary?.map((s, n) => ({
      position: n + 1,
      file_id: fileId([...path, 'supplementary', n, 'file'], s.file, 'supplementary'),
      file_name: basename(s.file),
      label: s.label ?? null,
      en_label: s.enLabel ?? null,
    }));
    at(path, () => {
      // an article moved to another issue leaves its old issue's table of contents changed too
      const periodBefore = existing === null ? null : articlePeriodIdNow(db, existing);
      const { id, changed, changes } = w.upsert('articles', existing, fields, {
        site_id: siteId,
        language: 'zh',
        version: 0,
        status: 'formal',
        open_access: 1,
        updated_at: stamp,
        sort_order: i + 1,
      });
      if (existing === null && a.status === 'online-first')
        w.insert('subscription_events', { site_id: siteId, kind: 'online', ref_id: id, created_at: now });
      const versionChanges = fieldChanges(changes);
      const oldDoi = changes.find((c) => c.column === 'doi')?.old;
      if (typeof oldDoi === 'string' && oldDoi) recordDoiChangeNow(db, siteId, id, oldDoi, a.doi ?? null, now);
      const authorsBefore = existing === null ? '' : authorNamesNow(db, id);
      const countsBefore = {
        institutions: existing === null ? 0 : childCountNow(db, 'institutions', id),
        references: existing === null ? 0 : childCountNow(db, 'article_references', id),
      };
      let childrenChanged = false;
      if (
        a.authors &&
        replaceChildren(
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
        )
      ) {
        childrenChanged = true;
        versionChanges['authors'] = { old: authorsBefore, new: authorNamesNow(db, id) };
      }
      if (
        a.institutions &&
        replaceChildren(
          'institutions',
          'article_id',
          id,
          a.institutions.map((inst, n) => ({ position: n + 1, name: inst.name, en_name: inst.enName ?? null })),
        )
      ) {
        childrenChanged = true;
        versionChanges['institutions'] = { old: countsBefore.institutions, new: a.institutions.length };
      }
      if (
        a.references &&
        replaceChildren(
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
        )
      ) {
        childrenChanged = true;
        versionChanges['references'] = { old: countsBefore.references, new: a.references.length };
      }
      if (supplements)
        childrenChanged = replaceChildren('article_supplements', 'article_id', id, supplements) || childrenChanged;
      childrenChanged = writeJats(run, path, id, a) || childrenChanged;
      if (existing === null) {
        if (a.status !== 'just-accepted') w.insert('attachments', { article_id: id, attach_type: 'pdf' });
      } else if (changed || childrenChanged) {
        if (!changed) w.tally.updated++;
        // the OAI-PMH datestamp and the feeds' dates follow updated_at
        w.merge('articles', 'id', id, { updated_at: stamp });
        keepVersion('article', id, versionChanges);
      }
      if (existing === null) note('article', 'added', id);
      else if (changed || childrenChanged) {
        note('article', 'updated', id);
        if (periodBefore !== null && periodId !== undefined && periodBefore !== periodId)
          note('issue', 'updated', periodBefore);
      }
    });
  });
}
