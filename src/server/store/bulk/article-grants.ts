/**
 * The grant numbers of each article's fund text (src/lib/grant-numbers.ts) as rows, so the
 * article page finds the articles of one grant by key. Rewritten for the articles a seed or
 * import wrote, inside its transaction, as the search index is; every other article keeps its rows.
 */
import { grantNumbers } from '../../../lib/grant-numbers.ts';
import { idChunks } from './id-chunks.ts';
import type { Tx } from './insert.ts';

const ROWS_PER_STATEMENT = 500;

/** Replaces the grant rows of these articles; answers the rows written. */
export async function regrantArticles(trx: Tx, articleIds: readonly number[]): Promise<number> {
  let written = 0;
  for (const chunk of idChunks(articleIds)) {
    await trx.deleteFrom('article_grants').where('article_id', 'in', chunk).execute();
    const articles = await trx
      .selectFrom('articles')
      .select(['id', 'site_id', 'fund', 'en_fund'])
      .where('id', 'in', chunk)
      .where('fund', 'is not', null)
      .orderBy('id')
      .execute();
    const rows = articles.flatMap((a) =>
      grantNumbers(a.fund, a.en_fund).map((grant) => ({ grant_number: grant, article_id: a.id, site_id: a.site_id })),
    );
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT)
      await trx
        .insertInto('article_grants')
        .values(rows.slice(start, start + ROWS_PER_STATEMENT))
        .onConflict((oc) => oc.doNothing())
        .execute();
    written += rows.length;
  }
  return written;
}

/** Every article of these sites (all sites when none are named): the seed, benchmarks and tests. */
export async function regrantSites(trx: Tx, siteIds?: readonly number[]): Promise<number> {
  const ids = siteIds ?? (await trx.selectFrom('sites').select('id').orderBy('id').execute()).map((row) => row.id);
  let written = 0;
  for (const siteId of ids) {
    const articles = await trx
      .selectFrom('articles')
      .select('id')
      .where('site_id', '=', siteId)
      .orderBy('id')
      .execute();
    written += await regrantArticles(
      trx,
      articles.map((row) => row.id),
    );
  }
  return written;
}
