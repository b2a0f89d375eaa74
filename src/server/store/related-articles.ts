/**
 * Related by content: the article's own title and keyword terms, as the search index holds them,
 * asked of that index (either column, any term, ranked by BM25), the article itself excluded.
 * Engine-specific like src/server/store/search/match.ts: FTS5 here; a PostgreSQL store reads the
 * row's tsvector and asks `tsv @@ to_tsquery(t1 | t2 …)` ordered by ts_rank.
 */
import { sql } from 'kysely';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';
import { publishedBy } from './visibility.ts';

/** the terms asked: keywords first (they name the subject), then the title's, the longest first */
const MAX_TERMS = 12;

const quoted = (token: string) => `"${token.replaceAll('"', '""')}"`;

/** The article's index terms as an FTS5 match expression on the title and keyword columns; null when it has none. */
async function ownTermsMatch(db: Db, articleId: number): Promise<{ docId: number; match: string } | null> {
  const doc = await kysely(db)
    .selectFrom('search_docs')
    .select('id')
    .where('kind', '=', 'article')
    .where('ref_id', '=', articleId)
    .executeTakeFirst();
  if (!doc) return null;
  const row = (
    await sql<{
      title: string | null;
      keyword: string | null;
    }>`SELECT title, keyword FROM search_text WHERE rowid = ${doc.id}`.execute(kysely(db))
  ).rows[0];
  const words = (text: string | null | undefined) => (text ?? '').split(/\s+/).filter((t) => t.length > 1);
  const byLength = (tokens: string[]) => [...new Set(tokens)].sort((a, b) => b.length - a.length);
  const terms = [...new Set([...byLength(words(row?.keyword)), ...byLength(words(row?.title))])].slice(0, MAX_TERMS);
  if (terms.length === 0) return null;
  return { docId: doc.id, match: `{title keyword} : (${terms.map(quoted).join(' OR ')})` };
}

/** Ids of the articles (sites in scope, public now) most like this one by content, best first. */
export async function relatedByContent(
  db: Db,
  articleId: number,
  scope: readonly number[],
  now: string,
  size: number,
): Promise<number[]> {
  const own = await ownTermsMatch(db, articleId);
  if (own === null) return [];
  const ranked = sql<{
    id: number;
    score: number;
  }>`(SELECT rowid AS id, bm25(search_text, 10.0, 6.0, 0.0, 0.0, 0.0, 0.0) AS score FROM search_text WHERE search_text MATCH ${own.match})`;
  const rows = await kysely(db)
    .selectFrom(ranked.as('m'))
    .innerJoin('search_docs as d', 'd.id', 'm.id')
    .select('d.ref_id')
    .where('d.kind', '=', 'article')
    .where('d.id', '<>', own.docId)
    .where('d.site_id', 'in', [...scope])
    .where(publishedBy('d', now))
    .orderBy('m.score')
    .orderBy('d.id', 'desc')
    .limit(size)
    .execute();
  return rows.map((row) => row.ref_id);
}
