import type { ContentSource } from './source.ts';

/**
 * The site's own journal: the publication config's, else its first. Issue URLs without
 * ?journal=, the feeds and the prebuild all mean this one.
 */
export async function primaryPublicationId(source: ContentSource, siteId: number): Promise<number | null> {
  const shell = await source.getSiteShell(siteId);
  return shell?.publicationConfig.publicationId ?? (await source.listPublications(siteId))[0]?.id ?? null;
}
