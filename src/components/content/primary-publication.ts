/**
 * A group site has several journals but the issue URL (/{lang}/issue/{year}/{issue}/) names none:
 * it means the site's own journal (publication config, else the first). Issues of the other
 * journals carry ?journal={publicationId}.
 */
import type { Lang } from '../../lib/lang.ts';
import { canonical, withQuery } from '../../lib/routes.ts';

export { primaryPublicationId } from '../../content/primary-publication.ts';

/** query that selects a journal's issues; empty for the site's own journal */
export function journalQuery(publicationId: number, primaryId: number | null): Record<string, string> {
  return publicationId === primaryId ? {} : { journal: String(publicationId) };
}

export function issueHref(lang: Lang, year: number, issue: number, query: Record<string, string>): string {
  return withQuery(canonical.issue(lang, year, issue), query);
}
