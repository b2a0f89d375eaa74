/** Everything the page shell needs for one site, in the bootstrap order of docs/product-rules.md#site-bootstrap. */
import type { SiteShell } from '../../content/types.ts';
import { getBasicInfo } from './basic-info.ts';
import { getChannelTree } from './channels.ts';
import { getFooterConfig, getHeaderConfig, getPublicationConfig } from './configs.ts';
import type { Db } from './db.ts';
import { getTopNews } from './news.ts';
import { findSiteById, getGroupEntries } from './sites.ts';
import { listTools } from './tools.ts';
import { visitTotals } from './visits.ts';

export function getSiteShell(db: Db, siteId: number, now: Date): SiteShell | null {
  const site = findSiteById(db, siteId);
  if (!site) return null;
  return {
    site,
    header: getHeaderConfig(db, siteId),
    publicationConfig: getPublicationConfig(db, siteId),
    channels: getChannelTree(db, siteId),
    basicInfo: getBasicInfo(db, siteId),
    tools: listTools(db, siteId),
    footer: getFooterConfig(db, siteId, visitTotals(db, siteId, now)),
    groupEntries: getGroupEntries(db, siteId),
    topNews: getTopNews(db, siteId),
  };
}
