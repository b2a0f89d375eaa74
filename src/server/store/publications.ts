/** Publications (journals) of a site. */
import type { Publication } from '../../content/types.ts';
import { compiledQuery, param, type RowOf } from './compiled.ts';
import type { Db } from './db.ts';
import { fileUrl } from './files.ts';

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

type PublicationRow = RowOf<typeof ONE>;

export function toPublication(row: PublicationRow): Publication {
  return {
    id: row.id,
    siteId: row.site_id,
    name: row.name,
    enName: row.en_name,
    abbreviation: row.abbreviation,
    issn: row.issn,
    eissn: row.eissn,
    cn: row.cn,
    sponsor: row.sponsor,
    enSponsor: row.en_sponsor,
    publisher: row.publisher,
    enPublisher: row.en_publisher,
    editorInChief: row.editor_in_chief,
    enEditorInChief: row.en_editor_in_chief,
    frequency: row.frequency,
    enFrequency: row.en_frequency,
    foundedYear: row.founded_year,
    coverUrl: fileUrl(row.cover_id),
    introduction: row.introduction,
    enIntroduction: row.en_introduction,
  };
}

export async function listPublications(db: Db, siteId: number): Promise<Publication[]> {
  return (await OF_SITE.all(db, { siteId })).map(toPublication);
}

export async function getPublication(db: Db, siteId: number, publicationId: number): Promise<Publication | null> {
  const row = await ONE.one(db, { id: publicationId, siteId });
  return row ? toPublication(row) : null;
}

/** The site's journal when none is named: the publication config's, else the site's first publication. */
export async function defaultPublicationId(db: Db, siteId: number): Promise<number | null> {
  const configured = await CONFIGURED.one(db, { siteId });
  if (configured) return configured.id;
  const first = await FIRST.one(db, { siteId });
  return first ? first.id : null;
}
