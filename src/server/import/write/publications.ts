import { columnIdNow, publicationIdsByIssnNow } from '../../store/bulk/lookups.ts';
import type { ImportFile } from '../schema.ts';
import { at, fail, html, type ImportRun } from './writer.ts';

/** Finds a publication of the site (this file's are written by now) by ISSN. */
export type PublicationOf = (issn: string, path: (string | number)[]) => number;

/** Writes the file's publications and their columns; gives the site's publications by ISSN. */
export function writePublications(run: ImportRun, file: ImportFile, created: boolean): PublicationOf {
  const { w, db, siteId } = run;
  const publications = publicationIdsByIssnNow(db, siteId);
  file.publications.forEach((p, i) => {
    const fields = {
      name: p.name,
      en_name: p.enName,
      abbreviation: p.abbreviation,
      eissn: p.eissn,
      cn: p.cn,
      sponsor: p.sponsor,
      en_sponsor: p.enSponsor,
      publisher: p.publisher,
      en_publisher: p.enPublisher,
      editor_in_chief: p.editorInChief,
      en_editor_in_chief: p.enEditorInChief,
      frequency: p.frequency,
      en_frequency: p.enFrequency,
      founded_year: p.foundedYear,
      introduction: html(p.introduction),
      en_introduction: html(p.enIntroduction),
    };
    const { id } = at(['publications', i], () =>
      w.upsert('publications', publications.get(p.issn) ?? null, fields, {
        site_id: siteId,
        issn: p.issn,
        sort_order: i + 1,
      }),
    );
    publications.set(p.issn, id);
    for (const [c, column] of p.columns.entries()) {
      at(['publications', i, 'columns', c], () =>
        w.upsert(
          'columns',
          columnIdNow(db, id, column.name),
          { en_name: column.enName },
          { publication_id: id, name: column.name, sort_order: c + 1 },
        ),
      );
    }
  });
  if (created && publications.size > 0)
    w.insert('publication_configs', { site_id: siteId, publication_id: [...publications.values()][0] ?? null });
  return (issn, path) =>
    publications.get(issn) ?? fail([...path, 'issn'], `unknown publication ISSN ${issn} (list it under publications)`);
}
