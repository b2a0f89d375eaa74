import type { SearchHit } from '../../../content/types.ts';
import { NOTICE_KINDS } from '../../../lib/article-notice.ts';
import type { Db } from '../db.ts';
import { kysely } from '../kysely.ts';
import { visibilityNow, visibleArticle } from '../visibility.ts';

function splitList(value: string | null): string[] {
  return (value ?? '')
    .split(/[;；]/u)
    .map((part) => part.trim())
    .filter(Boolean);
}

const emptyHit = (type: SearchHit['type'], id: number): SearchHit => ({
  type,
  id,
  title: '',
  enTitle: null,
  summary: null,
  enSummary: null,
  keywords: [],
  enKeywords: [],
  authors: [],
  institutions: [],
  journal: null,
  enJournal: null,
  articleId: null,
  doi: null,
  year: null,
  publishedDate: null,
  openAccess: true,
  views: 0,
  downloads: 0,
  citations: 0,
  noticeKind: null,
});

async function articleHits(db: Db, ids: number[]): Promise<SearchHit[]> {
  if (ids.length === 0) return [];
  const k = kysely(db);
  const rows = await k
    .selectFrom('articles as a')
    .leftJoin('periods as p', 'p.id', 'a.period_id')
    .innerJoin('publications as j', 'j.id', 'a.publication_id')
    .select([
      'a.id',
      'a.title',
      'a.en_title',
      'a.abstract',
      'a.en_abstract',
      'a.keywords',
      'a.en_keywords',
      'a.doi',
      'a.published_date',
      'a.open_access',
      'a.views',
      'a.downloads',
      'a.citations',
      'a.notice_kind',
      'p.year',
      'j.name as journal',
      'j.en_name as en_journal',
    ])
    .where('a.id', 'in', ids)
    .where(visibleArticle('a', visibilityNow()))
    .execute();
  const authors = await k
    .selectFrom('authors')
    .select(['article_id', 'name', 'en_name'])
    .where('article_id', 'in', ids)
    .orderBy('article_id')
    .orderBy('position')
    .execute();
  const institutions = await k
    .selectFrom('institutions')
    .select(['article_id', 'name'])
    .where('article_id', 'in', ids)
    .orderBy('article_id')
    .orderBy('position')
    .execute();
  return rows.map((row) => ({
    ...emptyHit('article', row.id),
    title: row.title,
    enTitle: row.en_title,
    summary: row.abstract,
    enSummary: row.en_abstract,
    keywords: splitList(row.keywords),
    enKeywords: splitList(row.en_keywords),
    authors: authors.filter((a) => a.article_id === row.id).map((a) => ({ name: a.name, enName: a.en_name })),
    institutions: institutions.filter((i) => i.article_id === row.id).map((i) => i.name),
    journal: row.journal,
    enJournal: row.en_journal,
    articleId: row.id,
    doi: row.doi,
    year: row.year ?? yearOf(row.published_date),
    publishedDate: row.published_date,
    openAccess: row.open_access !== 0,
    views: row.views,
    downloads: row.downloads,
    citations: row.citations,
    noticeKind: NOTICE_KINDS.find((kind) => kind === row.notice_kind) ?? null,
  }));
}

const yearOf = (date: string | null) => (date && /^\d{4}/u.test(date) ? Number(date.slice(0, 4)) : null);

async function otherHits(db: Db, kind: string, ids: number[]): Promise<SearchHit[]> {
  if (ids.length === 0) return [];
  const k = kysely(db);
  if (kind === 'publication') {
    const rows = await k
      .selectFrom('publications')
      .select(['id', 'name', 'en_name', 'sponsor', 'en_sponsor', 'issn', 'cn'])
      .where('id', 'in', ids)
      .execute();
    return rows.map((row) => ({
      ...emptyHit('publication', row.id),
      title: row.name,
      enTitle: row.en_name,
      summary: row.sponsor,
      enSummary: row.en_sponsor,
      journal: row.name,
      enJournal: row.en_name,
      doi: [row.issn && `ISSN ${row.issn}`, row.cn && `CN ${row.cn}`].filter(Boolean).join(' · ') || null,
    }));
  }
  if (kind === 'picture' || kind === 'table') {
    const rows = await k
      .selectFrom('figures as f')
      .innerJoin('articles as a', 'a.id', 'f.article_id')
      .innerJoin('publications as j', 'j.id', 'a.publication_id')
      .select([
        'f.id',
        'f.caption',
        'f.en_caption',
        'a.id as article_id',
        'a.title',
        'a.en_title',
        'a.published_date',
        'j.name',
        'j.en_name',
      ])
      .where('f.id', 'in', ids)
      .execute();
    return rows.map((row) => ({
      ...emptyHit(kind, row.id),
      title: row.caption,
      enTitle: row.en_caption,
      summary: row.title,
      enSummary: row.en_title,
      journal: row.name,
      enJournal: row.en_name,
      articleId: row.article_id,
      publishedDate: row.published_date,
      year: yearOf(row.published_date),
    }));
  }
  if (kind === 'news') {
    const rows = await k
      .selectFrom('news')
      .select(['id', 'title', 'en_title', 'summary', 'en_summary', 'published_at', 'views'])
      .where('id', 'in', ids)
      .execute();
    return rows.map((row) => ({
      ...emptyHit('news', row.id),
      title: row.title,
      enTitle: row.en_title,
      summary: row.summary,
      enSummary: row.en_summary,
      publishedDate: row.published_at,
      year: yearOf(row.published_at),
      views: row.views,
    }));
  }
  const rows = await k
    .selectFrom('media')
    .select(['id', 'kind', 'title', 'en_title', 'description', 'en_description', 'published_date'])
    .where('id', 'in', ids)
    .execute();
  return rows.map((row) => ({
    ...emptyHit(row.kind === 'video' || row.kind === 'audio' ? row.kind : 'other', row.id),
    title: row.title,
    enTitle: row.en_title,
    summary: row.description,
    enSummary: row.en_description,
    publishedDate: row.published_date,
    year: yearOf(row.published_date),
  }));
}

/** What the result list shows for these hits, in their order. */
export async function searchHits(db: Db, hits: readonly { kind: string; id: number }[]): Promise<SearchHit[]> {
  const byKind = new Map<string, number[]>();
  for (const hit of hits) byKind.set(hit.kind, [...(byKind.get(hit.kind) ?? []), hit.id]);
  const loaded = new Map<string, SearchHit>();
  for (const [kind, ids] of byKind) {
    const rows = kind === 'article' ? await articleHits(db, ids) : await otherHits(db, kind, ids);
    for (const row of rows) loaded.set(`${kind}:${row.id}`, row);
  }
  return hits.flatMap((hit) => loaded.get(`${hit.kind}:${hit.id}`) ?? []);
}
