import { columnId, publicationIdsByIssn } from '../../store/bulk/import-reads.ts';
import { insertRows } from '../../store/bulk/insert.ts';
import type { ImportFile } from '../schema.ts';
import { at, fail, html, type ImportRun } from './writer.ts';

/** Finds a publication of the site (this file's are written by now) by ISSN. */
export type PublicationOf = (issn: string, path: (string | number)[]) => number;

/** Writes the file's publications and their columns; gives the site's publications by ISSN. */
export async function writePublications(run: ImportRun, file: ImportFile, created: boolean): Promise<PublicationOf> {
  const { w, trx, siteId } = run;
  const publications = await publicationIdsByIssn(trx, siteId);
  for (const [i, p] of file.publications.entries()) {
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
    const { id } = await at(['publications', i], () =>
      w.upsert('publications', publications.get(p.issn) ?? null, fields, {
        site_id: siteId,
        issn: p.issn,
        sort_order: i + 1,
      }),
    );
    publications.set(p.issn, id);
    for (const [c, column] of p.columns.entries()) {
      await at(['publications', i, 'columns', c], async () =>
        w.upsert(
          'columns',
          await columnId(trx, id, column.name),
          { en_name: column.enName },
          { publication_id: id, name: column.name, sort_order: c + 1 },
        ),
      );
    }
  }
  if (created && publications.size > 0)
    await insertRows(trx, 'publication_configs', [
      { site_id: siteId, publication_id: [...publications.values()][0] ?? null },
    ]);
  return (issn, path) => publications.get(issn) ?? fail([...path, 'issn'], { code: 'unknownIssn', params: { issn } });
}
