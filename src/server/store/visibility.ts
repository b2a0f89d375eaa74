/**
 * The one rule for what the public sees now: an article that is no draft, whose
 * publish time has come and that was not removed for legal reasons; an issue whose publish time has
 * come; a news item that is no draft and whose publish time has come. Every query a page, list, search, feed, sitemap, ranking, OAI-PMH answer
 * or digest makes applies it. A range comparison on an ISO 8601 UTC text column: engine-neutral,
 * and a residual filter on the indexes the queries already walk.
 */
import { type Expression, type SqlBool, sql } from 'kysely';

/** The publish time of everything not scheduled (the column's default). */
export const ALWAYS_VISIBLE = '1970-01-01T00:00:00.000Z';

/** The time the rule compares with: ISO 8601 in UTC with milliseconds, as publish_at is stored. */
export function visibilityNow(clock: Date = new Date()): string {
  return clock.toISOString();
}

/** A publish time as stored: any ISO 8601 date or date-time (a date: its midnight UTC). */
export function storedPublishAt(value: string): string {
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value).toISOString();
}

/**
 * The time a preview shows an item at: its publish time when that is still to come (the page as
 * the public will see it then), else now.
 */
export function previewNow(publishAt: string, clock: Date = new Date()): string {
  const now = visibilityNow(clock);
  return publishAt > now ? publishAt : now;
}

/** `alias`'s article is visible to the public at `now` (a value or a compiled query's placeholder). */
export function visibleArticle(alias: string, now: string): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref(`${alias}.status`)} <> 'draft' and ${sql.ref(`${alias}.publish_at`)} <= ${now} and ${sql.ref(`${alias}.removed_at`)} is null)`;
}

/** `alias`'s news item is visible to the public at `now`: no draft, and its publish time has come. */
export function visibleNews(alias: string, now: string): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref(`${alias}.draft`)} = 0 and ${sql.ref(`${alias}.publish_at`)} <= ${now})`;
}

/** `alias`'s issue (period) or news item is visible to the public at `now`. */
export function publishedBy(alias: string, now: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(`${alias}.publish_at`)} <= ${now}`;
}
