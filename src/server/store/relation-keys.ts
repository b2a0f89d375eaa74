/**
 * Reads the relation keys (migration 100, written by src/server/store/bulk/relation-keys.ts): an
 * article's own keys, and the newest holders of each of them on each site in scope, each a walk of
 * the primary key that stops at its window. Neither reads an article row.
 */

import { compiledByKey } from './compiled.ts';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';
import { param } from './params.ts';

export type RelationKind = 'orcid' | 'author' | 'org' | 'grant' | 'term';
export type RelationKey = { kind: RelationKind; key: string };

/** walks a statement asks for: one statement holds a page's keys on a site, far below SQLite's 500 terms of a compound select */
const WALKS_A_STATEMENT = 64;

/** The article's keys. */
export async function ownRelationKeys(db: Db, siteId: number, articleId: number): Promise<RelationKey[]> {
  const rows = await kysely(db)
    .selectFrom('article_relation_keys')
    .select(['kind', 'relation_key'])
    .where('site_id', '=', siteId)
    .where('article_id', '=', articleId)
    .execute();
  return rows.map((row) => ({ kind: row.kind as RelationKind, key: row.relation_key }));
}

/**
 * The newest holders (highest id first) of each key on each site in scope, `window(kind)` of
 * them, the article itself aside: every walk in one statement (a UNION ALL of limited walks).
 */
export async function keyHolders(
  db: Db,
  keys: readonly RelationKey[],
  scope: readonly number[],
  articleId: number,
  window: (kind: RelationKind) => number,
): Promise<(RelationKey & { articleId: number })[]> {
  const walks = keys.flatMap(({ kind, key }) => scope.map((siteId) => ({ kind, key, siteId, limit: window(kind) })));
  const found: (RelationKey & { articleId: number })[] = [];
  for (let at = 0; at < walks.length; at += WALKS_A_STATEMENT) {
    const some = walks.slice(at, at + WALKS_A_STATEMENT);
    const values: Record<string, string | number> = { articleId };
    some.forEach((walk, i) => {
      values[`kind${i}`] = walk.kind;
      values[`key${i}`] = walk.key;
      values[`site${i}`] = walk.siteId;
      values[`limit${i}`] = walk.limit;
    });
    const rows = await HOLDERS(String(some.length)).all(db, values);
    for (const row of rows)
      found.push({ kind: row.kind as RelationKind, key: row.relation_key, articleId: row.article_id });
  }
  return found;
}

/** `walks` limited walks in one statement (a UNION ALL), built and compiled once per count. */
const HOLDERS = compiledByKey<string, Record<string, string | number>>()((q, walks) => {
  const walk = (i: number) =>
    q
      .selectFrom(
        q
          .selectFrom('article_relation_keys')
          .select(['kind', 'relation_key', 'article_id'])
          .where('kind', '=', param<string>(`kind${i}`))
          .where('relation_key', '=', param<string>(`key${i}`))
          .where('site_id', '=', param<number>(`site${i}`))
          .where('article_id', '<>', param<number>('articleId'))
          .orderBy('article_id', 'desc')
          .limit(param<number>(`limit${i}`))
          .as('w'),
      )
      .select(['w.kind', 'w.relation_key', 'w.article_id']);
  let query = walk(0);
  for (let i = 1; i < Number(walks); i++) query = query.unionAll(walk(i));
  return query;
});
