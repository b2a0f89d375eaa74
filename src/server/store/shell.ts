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

export async function getSiteShell(db: Db, siteId: number, now: Date): Promise<SiteShell | null> {
  const site = await findSiteById(db, siteId);
  if (!site) return null;
  // independent reads: on PostgreSQL they run side by side on the pool
  const [header, publicationConfig, channels, basicInfo, tools, visits, groupEntries, topNews] = await Promise.all([
    getHeaderConfig(db, siteId),
    getPublicationConfig(db, siteId),
    getChannelTree(db, siteId),
    getBasicInfo(db, siteId),
    listTools(db, siteId),
    visitTotals(db, siteId, now),
    getGroupEntries(db, siteId),
    getTopNews(db, siteId),
  ]);
  return {
    site,
    header,
    publicationConfig,
    channels,
    basicInfo,
    tools,
    footer: await getFooterConfig(db, siteId, visits),
    groupEntries,
    topNews,
  };
}
