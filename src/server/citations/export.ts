/** One download for the citation basket and article pages: the file body, its media type and name. */
import type { CitationFormat } from '../../lib/citation-formats.ts';
import type { Lang } from '../../lib/lang.ts';
import { bibtex } from './bibtex.ts';
import { endnote } from './endnote.ts';
import { noteExpress } from './noteexpress.ts';
import { noteFirst } from './notefirst.ts';
import type { CitationRecord } from './record.ts';
import { ris } from './ris.ts';

export type CitationFile = { body: string; mediaType: string; fileName: string };

type Writer = { write: (records: CitationRecord[], lang: Lang) => string; mediaType: string; extension: string };

const WRITERS: Record<CitationFormat, Writer> = {
  BibTeX: { write: bibtex, mediaType: 'application/x-bibtex; charset=utf-8', extension: 'bib' },
  Endnote: { write: endnote, mediaType: 'application/x-endnote-refer; charset=utf-8', extension: 'enw' },
  RefMan: { write: ris, mediaType: 'application/x-research-info-systems; charset=utf-8', extension: 'ris' },
  NoteExpress: { write: noteExpress, mediaType: 'text/plain; charset=utf-8', extension: 'txt' },
  NoteFirst: { write: noteFirst, mediaType: 'application/xml; charset=utf-8', extension: 'xml' },
};

/** citation-12.bib for one article, citations-3.ris for three */
function fileName(records: CitationRecord[], extension: string): string {
  const only = records.length === 1 ? records[0] : undefined;
  return only ? `citation-${only.id}.${extension}` : `citations-${records.length}.${extension}`;
}

export function exportCitations(records: CitationRecord[], format: CitationFormat, lang: Lang): CitationFile {
  const writer = WRITERS[format];
  return {
    body: writer.write(records, lang),
    mediaType: writer.mediaType,
    fileName: fileName(records, writer.extension),
  };
}
