/**
 * Merges a checked import file (src/server/import/check.ts) in one transaction. Every record is an
 * upsert by its natural key: a field the file names is set (null clears it), a field it does not
 * name is left as it is, and a row whose fields already hold the file's values is not written, so
 * importing the same file twice changes nothing the second time. Any failure rolls everything back.
 */

import { recountCitedBy } from '../store/bulk/cited-by.ts';
import { rekeyArticles } from '../store/bulk/relation-keys.ts';
import { type IndexedItems, reindexItems } from '../store/bulk/search-index-items.ts';
import { type ContentChange, recordChanges } from '../store/changes.ts';
import type { Db } from '../store/db.ts';
import { kysely } from '../store/kysely.ts';
import type { ImportProblem } from './errors.ts';
import type { ImportFiles } from './files.ts';
import type { ImportFile } from './schema.ts';
import { articleLookup, writeAlbums } from './write/albums.ts';
import { writeArticles } from './write/articles.ts';
import { writeBoards } from './write/boards.ts';
import { writeChannels } from './write/channels.ts';
import { writeMedia } from './write/media.ts';
import { writeNews } from './write/news.ts';
import { writePeriods } from './write/periods.ts';
import { writePublications } from './write/publications.ts';
import { writeSite } from './write/site.ts';
import { createRun, createWriter } from './write/writer.ts';

export type ImportSummary = {
  siteId: number;
  created: boolean;
  publications: number;
  periods: number;
  articles: number;
  channels: number;
  news: number;
  albums: number;
  media: number;
  experts: number;
  /** publisher's files stored (a file already stored for the site is not stored again) */
  files: number;
  /** what the import tells besides counts (a JATS file disagreeing with its record), each with its record path */
  notices: ImportProblem[];
  /** records the import created, and existing records it changed */
  added: number;
  updated: number;
};

/** The items whose index rows an import rewrites: those its change notes name. */
function writtenItems(changes: readonly ContentChange[]): Exclude<IndexedItems, 'site'> {
  const ids = (kind: ContentChange['kind']) => changes.flatMap((c) => (c.kind === kind ? c.ids : []));
  return {
    articles: ids('article'),
    news: ids('news'),
    media: ids('media'),
    publications: changes.some((c) => c.kind === 'publication'),
  };
}

/**
 * `by` names who made the changes in their versions: the imported file's name. `origin` names the
 * process in the change log: every record the import adds or changes is recorded there in the same
 * transaction, so the running server re-renders its pages.
 */
export async function applyImport(
  db: Db,
  file: ImportFile,
  now: string,
  files: ImportFiles | null = null,
  by = 'import',
  origin = 'import',
): Promise<ImportSummary> {
  return kysely(db)
    .transaction()
    .execute(async (trx) => {
      const w = createWriter(trx);
      const touched = () => w.tally.added + w.tally.updated;
      let before = touched();
      const { siteId, created } = await writeSite(w, file, now);
      const run = createRun(w, siteId, now, files, by);
      if (touched() > before) run.note('settings', created ? 'added' : 'updated');
      before = touched();
      const channels = await writeChannels(w, siteId, file.channels, 0, ['channels']);
      if (touched() > before) run.note('menu', 'updated');
      before = touched();
      const publicationOf = await writePublications(run, file, created);
      if (touched() > before) run.note('publication', 'updated');
      const periodPublishAt = await writePeriods(run, file, publicationOf);
      await writeArticles(run, file, publicationOf, periodPublishAt);
      await writeNews(run, file);
      const articleOf = articleLookup(run);
      await writeAlbums(run, file, publicationOf, articleOf);
      await writeMedia(run, file, articleOf);
      before = touched();
      const experts = await writeBoards(run, file, publicationOf);
      if (touched() > before) run.note('board', 'updated');

      // the index and the grant rows of what the import wrote, and of nothing else: an import
      // that changed nothing leaves them (and the index's segments) as they are
      if (w.tally.added + w.tally.updated > 0) {
        const written = writtenItems(run.changes);
        await reindexItems(trx, siteId, written);
        await rekeyArticles(trx, written.articles);
        await recountCitedBy(trx, written.articles, run.citedBefore);
      }
      await recordChanges(trx, run.changes, origin, new Date(now));
      return {
        siteId,
        created,
        publications: file.publications.length,
        periods: file.periods.length,
        articles: file.articles.length,
        channels,
        news: file.news.length,
        albums: file.albums.length,
        media: file.media.length,
        experts,
        files: run.storedFiles,
        notices: run.notices,
        ...w.tally,
      };
    });
}
