/**
 * A group site has several journals but the issue URL (/{lang}/issue/{year}/{issue}/) names none:
 * it means the site's own journal (publication config, else the first). Issues of the other
 * journals carry ?journal={publicationId}. Issue URLs without ?journal=, the feeds and the
 * prebuild all mean the site's own journal.
 */
import type { Lang } from '../lib/lang.ts';
import { canonical, withQuery } from '../lib/routes.ts';
import type { ContentSource } from './source.ts';
import type { Publication, SiteShell } from './types.ts';

/** The site's own journal: the publication config's, else its first. */
export function primaryOf(shell: SiteShell | null, publications: Publication[]): number | null {
  return shell?.publicationConfig.publicationId ?? publications[0]?.id ?? null;
}

/** primaryOf, fetching the shell and the publications. */
export async function primaryPublicationId(source: ContentSource, siteId: number): Promise<number | null> {
  const [shell, publications] = await Promise.all([source.getSiteShell(siteId), source.listPublications(siteId)]);
  return primaryOf(shell, publications);
}

/** query that selects a journal's issues; empty for the site's own journal */
export function journalQuery(publicationId: number, primaryId: number | null): Record<string, string> {
  return publicationId === primaryId ? {} : { journal: String(publicationId) };
}

export function issueHref(lang: Lang, year: number, issue: number, query: Record<string, string>): string {
  return withQuery(canonical.issue(lang, year, issue), query);
}
