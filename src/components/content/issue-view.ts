import type { ContentSource } from '../../content/source.ts';
import type { IssueToc, Period, PeriodYear, SiteShell } from '../../content/types.ts';
import { pageCount } from '../../lib/pagination.ts';

export type IssueView = { toc: IssueToc; years: PeriodYear[] } | null;

/** One page of an issue's TOC plus its journal's year browser; null when the issue or page does not exist. */
export async function loadIssueView(
  source: ContentSource,
  siteId: number,
  shell: SiteShell | null,
  period: Period | null | undefined,
  page: number,
): Promise<IssueView> {
  if (!shell || !period) return null;
  const toc = await source.getIssueToc(siteId, period.id, page - 1, shell.publicationConfig.tocPageSize || 100);
  if (!toc || (page > 1 && page > pageCount(toc.total, toc.size))) return null;
  return {
    toc,
    years: await source.getPeriodTree(siteId, { publicationId: period.publicationId, aroundYear: period.year }),
  };
}
