import { albumId as albumIdOf, articleIdByDoi } from '../../store/bulk/import-reads.ts';
import type { ImportFile } from '../schema.ts';
import type { PublicationOf } from './publications.ts';
import { at, fail, html, type ImportRun } from './writer.ts';

/** Finds an article of the site (this file's are written by now) by DOI. */
export type ArticleOf = (doi: string, field: (string | number)[]) => Promise<number>;

export function articleLookup(run: ImportRun): ArticleOf {
  return async (doi, field) =>
    (await articleIdByDoi(run.trx, run.siteId, doi)) ?? fail(field, { code: 'unknownArticleDoi', params: { doi } });
}

export async function writeAlbums(
  run: ImportRun,
  file: ImportFile,
  publicationOf: PublicationOf,
  articleOf: ArticleOf,
): Promise<void> {
  const { w, trx, siteId, replaceChildren, note } = run;
  for (const [i, album] of file.albums.entries()) {
    const existing = await albumIdOf(trx, siteId, album.key, album.name);
    const { id: albumId, changed } = await at(['albums', i], () =>
      w.upsert(
        'albums',
        existing,
        {
          import_key: album.key,
          name: album.name,
          en_name: album.enName,
          description: html(album.description),
          en_description: html(album.enDescription),
        },
        { site_id: siteId, sort_order: i + 1 },
      ),
    );
    if (album.items === undefined) {
      if (existing === null) note('album', 'added', albumId);
      else if (changed) note('album', 'updated', albumId);
      continue;
    }
    const rows: { position: number; resource_type: string; resource_id: number }[] = [];
    for (const [n, item] of album.items.entries()) {
      const path = ['albums', i, 'items', n];
      const resourceId =
        item.type === 'article' ? await articleOf(item.doi, [...path, 'doi']) : publicationOf(item.issn, path);
      rows.push({ position: n + 1, resource_type: item.type, resource_id: resourceId });
    }
    // a new or already counted album is one record, whatever its items
    const itemsChanged = await at(['albums', i, 'items'], () =>
      replaceChildren('album_items', 'album_id', albumId, rows),
    );
    if (itemsChanged && !changed) w.tally.updated++;
    if (existing === null) note('album', 'added', albumId);
    else if (changed || itemsChanged) note('album', 'updated', albumId);
  }
}
