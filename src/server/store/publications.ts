/** Publications (journals) of a site. */
import type { Publication } from '../../content/types.ts';
import { compiledQuery, param } from './compiled.ts';
import type { Db } from './db.ts';
import { fileUrl } from './files.ts';
import { int, intOrNull, type Row, str, strOrNull } from './sql.ts';

const PUBLICATION_COLUMNS = [
  'id',
  'site_id',
  'name',
  'en_name',
  'abbreviation',
  'issn',
  'eissn',
  'cn',
  'sponsor',
  'en_sponsor',
  'publisher',
  'en_publisher',
  'editor_in_chief',
  'en_editor_in_chief',
  'frequency',
  'en_frequency',
  'founded_year',
  'cover_id',
  'introduction',
  'en_introduction',
] as const;

const OF_SITE = compiledQuery<{ siteId: number }>()((q) =>
  q
    .selectFrom('publications')
    .select(PUBLICATION_COLUMNS)
    .where('site_id', '=', param<number>('siteId'))
    .orderBy('sort_order')
    .orderBy('id'),
);
const ONE = compiledQuery<{ id: number; siteId: number }>()((q) =>
  q
    .selectFrom('publications')
    .select(PUBLICATION_COLUMNS)
    .where('id', '=', param<number>('id'))
    .where('site_id', '=', param<number>('siteId')),
);
const CONFIGURED = compiledQuery<{ siteId: number }>()((q) =>
  q
    .selectFrom('publication_configs as c')
    .innerJoin('publications as p', (join) =>
      join.onRef('p.id', '=', 'c.publication_id').onRef('p.site_id', '=', 'c.site_id'),
    )
    .select('p.id')
    .where('c.site_id', '=', param<number>('siteId')),
);
const FIRST = compiledQuery<{ siteId: number }>()((q) =>
  q
    .selectFrom('publications')
    .select('id')
    .where('site_id', '=', param<number>('siteId'))
    .orderBy('sort_order')
    .orderBy('id')
    .limit(1),
);

export function toPublication(row: Row): Publication {
  return {
    id: int(row, 'id'),
    siteId: int(row, 'site_id'),
    name: str(row, 'name'),
    enName: str(row, 'en_name'),
    abbreviation: strOrNull(row, 'abbreviation'),
    issn: strOrNull(row, 'issn'),
    eissn: strOrNull(row, 'eissn'),
    cn: strOrNull(row, 'cn'),
    sponsor: strOrNull(row, 'sponsor'),
    enSponsor: strOrNull(row, 'en_sponsor'),
    publisher: strOrNull(row, 'publisher'),
    enPublisher: strOrNull(row, 'en_publisher'),
    editorInChief: strOrNull(row, 'editor_in_chief'),
    enEditorInChief: strOrNull(row, 'en_editor_in_chief'),
    frequency: strOrNull(row, 'frequency'),
    enFrequency: strOrNull(row, 'en_frequency'),
    foundedYear: intOrNull(row, 'founded_year'),
    coverUrl: fileUrl(intOrNull(row, 'cover_id')),
    introduction: strOrNull(row, 'introduction'),
    enIntroduction: strOrNull(row, 'en_introduction'),
  };
}

export function listPublications(db: Db, siteId: number): Publication[] {
  return OF_SITE.all(db, { siteId }).map(toPublication);
}

export function getPublication(db: Db, siteId: number, publicationId: number): Publication | null {
  const row = ONE.one(db, { id: publicationId, siteId });
  return row ? toPublication(row) : null;
}

/** The site's journal when none is named: the publication config's, else the site's first publication. */
export function defaultPublicationId(db: Db, siteId: number): number | null {
  const configured = CONFIGURED.one(db, { siteId });
  if (configured) return int(configured, 'id');
  const first = FIRST.one(db, { siteId });
  return first ? int(first, 'id') : null;
}
