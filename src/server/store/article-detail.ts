/** The full article page record: authors with institutions, references, figures, journal and column. */

import type { InferResult, Kysely } from 'kysely';
import type { ArticleRemoval } from '../../content/source.ts';
import type { ArticleAbstract, ArticleDetail, ArticleFullText } from '../../content/types.ts';
import { articleFullTextSchema } from '../../content/types.ts';
import { CITATION_COLUMNS, SUMMARY_COLUMNS, summaryFrom, toSummary } from './articles.ts';
import { compiledQuery, param } from './compiled.ts';
import type { Db } from './db.ts';
import { fileUrl } from './files.ts';
import { kysely } from './kysely.ts';
import type { Database } from './schema.ts';
import { splitList } from './sql.ts';
import { corrections, correctionsOfMany } from './versions.ts';
import { visibilityNow, visibleArticle } from './visibility.ts';

/** An article of the site with its journal and column, whether or not the public can see it. */
const anyDetailSelect = (q: Kysely<Database>) =>
  summaryFrom(q)
    .innerJoin('publications as pub', 'pub.id', 'a.publication_id')
    .leftJoin('columns as c', 'c.id', 'a.column_id')
    .select(SUMMARY_COLUMNS)
    .select(CITATION_COLUMNS)
    .select([
      'a.fund',
      'a.en_fund',
      'a.received_date',
      'a.revised_date',
      'a.updated_at',
      'a.pdf_file_id',
      'c.id as col_id',
      'c.name as col_name',
      'c.en_name as col_en_name',
    ])
    .where('a.site_id', '=', param<number>('siteId'));
/** A row of the article page record. */
type DetailRow = InferResult<ReturnType<typeof anyDetailSelect>>[number];
/** An article of the site the public can see now, with its journal and column. */
const detailSelect = (q: Kysely<Database>) => anyDetailSelect(q).where(visibleArticle('a', param<string>('now')));

const BY_ID = compiledQuery<{ id: number; siteId: number; now: string }>()((q) =>
  detailSelect(q).where('a.id', '=', param<number>('id')),
);
const BY_DOI = compiledQuery<{ doi: string; siteId: number; now: string }>()((q) =>
  detailSelect(q)
    .where((eb) => eb(eb.fn('lower', ['a.doi']), '=', param<string>('doi')))
    .orderBy('a.id')
    .limit(1),
);
const PREVIEW_BY_ID = compiledQuery<{ id: number; siteId: number }>()((q) =>
  anyDetailSelect(q).where('a.id', '=', param<number>('id')),
);
const AUTHORS = compiledQuery<{ id: number }>()((q) =>
  q
    .selectFrom('authors')
    .select(['name', 'en_name', 'email', 'orcid', 'corresponding', 'institution_positions'])
    .where('article_id', '=', param<number>('id'))
    .orderBy('position')
    .orderBy('id'),
);
const INSTITUTIONS = compiledQuery<{ id: number }>()((q) =>
  q
    .selectFrom('institutions')
    .select(['position', 'name', 'en_name'])
    .where('article_id', '=', param<number>('id'))
    .orderBy('position')
    .orderBy('id'),
);
const REFERENCES = compiledQuery<{ id: number }>()((q) =>
  q
    .selectFrom('article_references')
    .select(['position', 'text', 'doi', 'anchor', 'authors', 'title', 'source', 'year', 'volume', 'pages'])
    .where('article_id', '=', param<number>('id'))
    .orderBy('position')
    .orderBy('id'),
);
const FULL_TEXT = compiledQuery<{ id: number }>()((q) =>
  q
    .selectFrom('article_fulltexts')
    .select(['body_html', 'toc', 'footnotes_html', 'acknowledgements_html', 'funding_html'])
    .where('article_id', '=', param<number>('id'))
    .where('position', '=', 1),
);
const tocSchema = articleFullTextSchema.shape.toc;

async function fullText(db: Db, id: number): Promise<ArticleFullText | null> {
  const row = await FULL_TEXT.one(db, { id });
  if (!row) return null;
  const toc = tocSchema.safeParse(JSON.parse(row.toc));
  return {
    bodyHtml: row.body_html,
    toc: toc.success ? toc.data : [],
    footnotesHtml: row.footnotes_html,
    acknowledgementsHtml: row.acknowledgements_html,
    fundingHtml: row.funding_html,
  };
}

const FIGURES = compiledQuery<{ id: number; siteId: number }>()((q) =>
  q
    .selectFrom('figures')
    .select(['id', 'kind', 'position', 'caption', 'en_caption', 'file_id', 'table_html'])
    .where('article_id', '=', param<number>('id'))
    .where('site_id', '=', param<number>('siteId'))
    .orderBy('kind')
    .orderBy('position')
    .orderBy('id'),
);

const MEDIA = compiledQuery<{ id: number; siteId: number }>()((q) =>
  q
    .selectFrom('media')
    .select(['id', 'kind', 'title', 'en_title'])
    .where('article_id', '=', param<number>('id'))
    .where('site_id', '=', param<number>('siteId'))
    .where('kind', 'in', ['video', 'audio'])
    .orderBy('kind', 'desc')
    .orderBy('id'),
);

const SUPPLEMENTS = compiledQuery<{ id: number }>()((q) =>
  q
    .selectFrom('article_supplements as s')
    .innerJoin('files as f', 'f.id', 's.file_id')
    .select(['s.file_id', 's.file_name', 's.label', 's.en_label', 'f.byte_size', 'f.content_type'])
    .where('s.article_id', '=', param<number>('id'))
    .orderBy('s.position'),
);

const ARTICLE_ID_BY_DOI = compiledQuery<{ doi: string; siteId: number }>()((q) =>
  q
    .selectFrom('articles')
    .select('id')
    .where('site_id', '=', param<number>('siteId'))
    .where((eb) => eb(eb.fn('lower', ['doi']), '=', param<string>('doi')))
    .where('status', '<>', 'draft')
    .orderBy('id')
    .limit(1),
);
const FORMER_DOI = compiledQuery<{ doi: string; siteId: number }>()((q) =>
  q
    .selectFrom('article_former_dois')
    .select('article_id')
    .where('site_id', '=', param<number>('siteId'))
    .where('doi', '=', param<string>('doi')),
);

/** Feed items' abstracts, keywords and corrections, in the ids' order, with two queries and without the rest of each detail (null for one the public cannot see). */
export async function getArticleAbstracts(
  db: Db,
  siteId: number,
  articleIds: readonly number[],
): Promise<(ArticleAbstract | null)[]> {
  if (articleIds.length === 0) return [];
  const [rows, kept] = await Promise.all([
    kysely(db)
      .selectFrom('articles as a')
      .select(['a.id', 'a.abstract', 'a.en_abstract', 'a.keywords', 'a.en_keywords'])
      .where('a.site_id', '=', siteId)
      .where('a.id', 'in', articleIds)
      .where(visibleArticle('a', visibilityNow()))
      .execute(),
    correctionsOfMany(db, 'article', articleIds),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return articleIds.map((id) => {
    const row = byId.get(id);
    return row
      ? {
          abstract: row.abstract,
          enAbstract: row.en_abstract,
          keywords: splitList(row.keywords),
          enKeywords: splitList(row.en_keywords),
          corrections: kept.get(id) ?? [],
        }
      : null;
  });
}

/**
 * The article and its own rows are read together (the id is known before its row is): on
 * PostgreSQL the two steps were two round trips one after the other. The rows of an article the
 * site does not show are read for nothing; a missing article is the rare page.
 */
export async function getArticle(db: Db, siteId: number, articleId: number): Promise<ArticleDetail | null> {
  const [row, children] = await Promise.all([
    BY_ID.one(db, { id: articleId, siteId, now: visibilityNow() }),
    childRows(db, articleId, siteId),
  ]);
  return row ? toDetail(db, row, children) : null;
}

/** An article as its preview link shows it: a draft or a scheduled one too (src/server/preview-link.ts). */
export async function getArticlePreview(db: Db, siteId: number, articleId: number): Promise<ArticleDetail | null> {
  const row = await PREVIEW_BY_ID.one(db, { id: articleId, siteId });
  return row ? toDetail(db, row) : null;
}

/** When and why an article of the site was removed for legal reasons, or null when it was not. */
export async function articleRemoval(db: Db, siteId: number, articleId: number): Promise<ArticleRemoval | null> {
  const row = await kysely(db)
    .selectFrom('articles')
    .select(['removed_at', 'removed_reason'])
    .where('id', '=', articleId)
    .where('site_id', '=', siteId)
    .where('removed_at', 'is not', null)
    .executeTakeFirst();
  return row?.removed_at ? { removedAt: row.removed_at, reason: row.removed_reason ?? '' } : null;
}

/** The removal of the site's article with this DOI (or a former DOI of it), or null when none was removed. */
export async function articleRemovalByDoi(db: Db, siteId: number, doi: string): Promise<ArticleRemoval | null> {
  const key = doi.trim().toLowerCase();
  const row = await kysely(db)
    .selectFrom('articles')
    .select(['removed_at', 'removed_reason'])
    .where('site_id', '=', siteId)
    .where((eb) => eb(eb.fn('lower', ['doi']), '=', key))
    .where('removed_at', 'is not', null)
    .executeTakeFirst();
  if (row?.removed_at) return { removedAt: row.removed_at, reason: row.removed_reason ?? '' };
  const former = await FORMER_DOI.one(db, { doi: key, siteId });
  return former ? articleRemoval(db, siteId, former.article_id) : null;
}

/**
 * DOIs are case-insensitive (DOI Handbook 2.4); matched through the lower(doi) index. A DOI the
 * article had before a correction finds it too (its `doi` then differs: the page redirects).
 */
export async function getArticleByDoi(db: Db, siteId: number, doi: string): Promise<ArticleDetail | null> {
  const key = doi.trim().toLowerCase();
  const row = await BY_DOI.one(db, { doi: key, siteId, now: visibilityNow() });
  if (row) return toDetail(db, row);
  const former = await FORMER_DOI.one(db, { doi: key, siteId });
  return former ? getArticle(db, siteId, former.article_id) : null;
}

/** Institution positions are stored as '1;2' or '1,2'. */
export function parsePositions(value: string): number[] {
  return splitList(value, /[;,；，]/)
    .map((part) => Number(part))
    .filter((position) => Number.isInteger(position) && position > 0);
}

/** The article's own rows, read at once: on PostgreSQL they run side by side on the pool. */
async function childRows(db: Db, id: number, siteId: number) {
  const [authors, institutions, references, figures, media, fullTextOf, supplements, kept] = await Promise.all([
    AUTHORS.all(db, { id }),
    INSTITUTIONS.all(db, { id }),
    REFERENCES.all(db, { id }),
    FIGURES.all(db, { id, siteId }),
    MEDIA.all(db, { id, siteId }),
    fullText(db, id),
    SUPPLEMENTS.all(db, { id }),
    corrections(db, 'article', id),
  ]);
  return { authors, institutions, references, figures, media, fullTextOf, supplements, kept };
}

type ChildRows = Awaited<ReturnType<typeof childRows>>;

/** `read`: the article's own rows when the caller has them already. */
async function toDetail(db: Db, row: DetailRow, read?: ChildRows): Promise<ArticleDetail> {
  const summary = toSummary(row);
  const id = summary.id;
  const noticeDoi = row.notice_doi;
  const [children, noticeArticle] = await Promise.all([
    read ?? childRows(db, id, summary.siteId),
    noticeDoi ? ARTICLE_ID_BY_DOI.one(db, { doi: noticeDoi.toLowerCase(), siteId: summary.siteId }) : null,
  ]);
  const authorRows = children.authors;
  const authorDetails = authorRows.map((author) => ({
    name: author.name,
    enName: author.en_name,
    email: author.email,
    orcid: author.orcid,
    corresponding: author.corresponding,
    institutionPositions: parsePositions(author.institution_positions),
  }));
  summary.authors = authorDetails.map((author) => ({ name: author.name, enName: author.enName }));
  const institutions = children.institutions.map((institution) => ({
    position: institution.position,
    name: institution.name,
    enName: institution.en_name,
  }));
  const references = children.references.map((reference) => ({
    position: reference.position,
    text: reference.text,
    doi: reference.doi,
    anchor: reference.anchor,
    authors: reference.authors,
    title: reference.title,
    source: reference.source,
    year: reference.year,
    volume: reference.volume,
    pages: reference.pages,
  }));
  const figures = children.figures.map((figure) => ({
    id: figure.id,
    kind: figure.kind === 'table' ? ('table' as const) : ('picture' as const),
    position: figure.position,
    caption: figure.caption,
    enCaption: figure.en_caption,
    imageUrl: fileUrl(figure.file_id),
    tableHtml: figure.table_html,
  }));
  const media = children.media.map((item) => ({
    id: item.id,
    kind: item.kind === 'audio' ? ('audio' as const) : ('video' as const),
    title: item.title,
    enTitle: item.en_title,
  }));
  const columnId = row.col_id;
  return {
    ...summary,
    abstract: row.abstract,
    enAbstract: row.en_abstract,
    keywords: splitList(row.keywords),
    enKeywords: splitList(row.en_keywords),
    language: row.language === 'en' ? 'en' : 'zh',
    fund: row.fund,
    enFund: row.en_fund,
    receivedDate: row.received_date,
    revisedDate: row.revised_date,
    updatedAt: row.updated_at,
    authorDetails,
    institutions,
    references,
    figures,
    media,
    fullText: children.fullTextOf,
    pdfKind: row.pdf_file_id === null ? 'summary' : 'publisher',
    supplements: children.supplements.map((file) => ({
      url: fileUrl(file.file_id) ?? '',
      name: file.file_name,
      label: file.label,
      enLabel: file.en_label,
      size: file.byte_size ?? 0,
      contentType: file.content_type,
    })),
    notice:
      summary.noticeKind === null
        ? null
        : {
            kind: summary.noticeKind,
            date: row.notice_date ?? '',
            reason: row.notice_reason ?? '',
            doi: noticeDoi,
            articleId: noticeArticle ? noticeArticle.id : null,
          },
    corrections: children.kept,
    publication: {
      id: summary.publicationId,
      name: row.pub_name,
      enName: row.pub_en_name,
      issn: row.pub_issn,
      eissn: row.pub_eissn,
      cn: row.pub_cn,
      publisher: row.pub_publisher,
      enPublisher: row.pub_en_publisher,
    },
    column: columnId === null ? null : { id: columnId, name: row.col_name ?? '', enName: row.col_en_name ?? '' },
  };
}
