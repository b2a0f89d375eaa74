/**
 * The console's view of a site's articles: found by id, DOI or a piece of the title, with what an
 * editor corrects (titles, abstracts) and the notice or removal they carry. Drafts and scheduled
 * articles are included: the editor manages them.
 */
import type { ConsoleArticle } from '../../lib/console-answers.ts';
import { parseId } from '../../lib/id.ts';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';

const FOUND_MAX = 20;

// an editor's % or _ act as LIKE's wildcards: harmless within one site's articles
const likeText = (text: string) => `%${text.toLowerCase()}%`;

function selectArticles(db: Db, siteId: number) {
  return kysely(db)
    .selectFrom('articles')
    .select([
      'id',
      'doi',
      'title',
      'en_title',
      'abstract',
      'en_abstract',
      'status',
      'published_date',
      'publish_at',
      'notice_kind',
      'notice_date',
      'notice_reason',
      'removed_at',
      'removed_reason',
    ])
    .where('site_id', '=', siteId);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectArticles>['executeTakeFirstOrThrow']>>;

function articleOf(row: Row): ConsoleArticle {
  return {
    id: row.id,
    doi: row.doi,
    title: row.title,
    enTitle: row.en_title,
    abstract: row.abstract,
    enAbstract: row.en_abstract,
    status: row.status,
    publishedDate: row.published_date,
    publishAt: row.publish_at,
    notice: row.notice_kind ? { kind: row.notice_kind, date: row.notice_date, reason: row.notice_reason } : null,
    removed: row.removed_at ? { date: row.removed_at, reason: row.removed_reason } : null,
  };
}

/** Articles of the site whose id or DOI is `text`, or whose title (either language) holds it; newest first. */
export async function findConsoleArticles(db: Db, siteId: number, text: string): Promise<ConsoleArticle[]> {
  const query = text.trim();
  const id = parseId(query);
  const pattern = likeText(query);
  const rows = await selectArticles(db, siteId)
    .where((eb) =>
      eb.or([
        ...(id === null ? [] : [eb('id', '=', id)]),
        eb(eb.fn('lower', ['doi']), '=', query.toLowerCase()),
        eb(eb.fn('lower', ['title']), 'like', pattern),
        eb(eb.fn('lower', ['en_title']), 'like', pattern),
      ]),
    )
    .orderBy('id', 'desc')
    .limit(FOUND_MAX)
    .execute();
  return rows.map(articleOf);
}

/** One article of the site, or null. */
export async function consoleArticle(db: Db, siteId: number, id: number): Promise<ConsoleArticle | null> {
  const row = await selectArticles(db, siteId).where('id', '=', id).executeTakeFirst();
  return row ? articleOf(row) : null;
}
