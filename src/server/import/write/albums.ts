import { albumIdNow, articleIdByDoiNow } from '../../store/bulk/lookups.ts';
import type { ImportFile } from '../schema.ts';
import type { PublicationOf } from './publications.ts';
import { at, fail, html, type ImportRun } from './writer.ts';

/** Finds an article of the site (this file's are written by now) by DOI. */
export type ArticleOf = (doi: string, field: (string | number)[]) => number;

export function articleLookup(run: ImportRun): ArticleOf {
  return (doi, field) => articleIdByDoiNow(run.db, run.siteId, doi) ?? fail(field, `unknown article DOI ${doi}`);
}

export function writeAlbums(
  run: ImportRun,
  file: ImportFile,
  publicationOf: PublicationOf,
  articleOf: ArticleOf,
): void {
  const { w, db, siteId, replaceChildren, note } = run;
  file.albums.forEach((album, i) => {
    const existing = albumIdNow(db, siteId, album.key, album.name);
    const { id: albumId, changed } = at(['albums', i], () =>
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
      return;
    }
    const rows = album.items.map((item, n) => {
      const path = ['albums', i, 'items', n];
      const resourceId =
        item.type === 'article' ? articleOf(item.doi, [...path, 'doi']) : publicationOf(item.issn, path);
      return { position: n + 1, resource_type: item.type, resource_id: resourceId };
    });
    // a new or already counted album is one record, whatever its items
    const itemsChanged = at(['albums', i, 'items'], () => replaceChildren('album_items', 'album_id', albumId, rows));
    if (itemsChanged && !changed) w.tally.updated++;
    if (existing === null) note('album', 'added', albumId);
    else if (changed || itemsChanged) note('album', 'updated', albumId);
  });
}
