/**
 * The articles each prebuilt page links (migration 110), by the page's language-free route: the
 * builder writes them when it writes pages, and a change of an article looks up the pages that
 * show it, on every site. Engine-neutral: plain rows and B-tree indexes.
 */
import { idChunks } from './bulk/id-chunks.ts';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';

/** routes per transaction: a full build's rows go in short writes, so readers wait for none of them long */
const ROUTES_PER_WRITE = 200;
const ROWS_PER_STATEMENT = 500;

export type PageLinks = ReadonlyMap<string, ReadonlySet<number>>;

/**
 * Replaces the rows of the pages in `pages` with the articles they link now, and drops those of
 * `gone` (pages no longer in the site). Each batch of routes is one transaction: a route's old rows
 * never go without its new ones.
 */
export async function writePageLinks(
  db: Db,
  siteId: number,
  pages: PageLinks,
  gone: Iterable<string> = [],
): Promise<number> {
  const routes = [...new Set([...pages.keys(), ...gone])].sort();
  let written = 0;
  for (let start = 0; start < routes.length; start += ROUTES_PER_WRITE) {
    const batch = routes.slice(start, start + ROUTES_PER_WRITE);
    const rows = batch.flatMap((route) =>
      [...(pages.get(route) ?? [])].map((articleId) => ({ article_id: articleId, site_id: siteId, route })),
    );
    await kysely(db)
      .transaction()
      .execute(async (trx) => {
        await trx.deleteFrom('page_article_links').where('site_id', '=', siteId).where('route', 'in', batch).execute();
        for (let at = 0; at < rows.length; at += ROWS_PER_STATEMENT)
          await trx
            .insertInto('page_article_links')
            .values(rows.slice(at, at + ROWS_PER_STATEMENT))
            .execute();
      });
    written += rows.length;
  }
  return written;
}

/** Every route of the site that has rows (a full build drops those it no longer writes). */
export async function linkingRoutesOf(db: Db, siteId: number): Promise<Set<string>> {
  const rows = await kysely(db)
    .selectFrom('page_article_links')
    .select('route')
    .distinct()
    .where('site_id', '=', siteId)
    .execute();
  return new Set(rows.map((row) => row.route));
}

/** The pages that link any of these articles, by site (of one site only, when named): the routes each site must render again. */
export async function pagesLinking(
  db: Db,
  articleIds: Iterable<number>,
  siteId?: number,
): Promise<Map<number, Set<string>>> {
  const bySite = new Map<number, Set<string>>();
  for (const chunk of idChunks(articleIds)) {
    let query = kysely(db)
      .selectFrom('page_article_links')
      .select(['site_id', 'route'])
      .where('article_id', 'in', chunk);
    if (siteId !== undefined) query = query.where('site_id', '=', siteId);
    const rows = await query.execute();
    for (const row of rows) {
      const routes = bySite.get(row.site_id) ?? new Set<string>();
      routes.add(row.route);
      bySite.set(row.site_id, routes);
    }
  }
  return bySite;
}
