import type { ContentSource } from './source.ts';
import type { Publication, SiteShell } from './types.ts';

/**
 * The site's own journal: the publication config's, else its first. Issue URLs without
 * ?journal=, the feeds and the prebuild all mean this one.
 */
export function primaryOf(shell: SiteShell | null, publications: Publication[]): number | null {
  return shell?.publicationConfig.publicationId ?? publications[0]?.id ?? null;
}

/** primaryOf, fetching the shell and the publications. */
export async function primaryPublicationId(source: ContentSource, siteId: number): Promise<number | null> {
  const [shell, publications] = await Promise.all([source.getSiteShell(siteId), source.listPublications(siteId)]);
  return primaryOf(shell, publications);
}
