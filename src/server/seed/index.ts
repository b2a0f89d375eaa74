/**
 * The deterministic bilingual demo dataset: eight sites (see site-data.ts), their configs, menus,
 * journals, issues, articles, news, albums, editorial boards, media, members and drawn pictures.
 * The same seed gives byte-identical data: one seeded PRNG, a fixed base date, no clock reads.
 */

import { recountCitedBy } from '../store/bulk/cited-by.ts';
import { moveIdentitiesPastIds } from '../store/bulk/identities.ts';
import { countRows } from '../store/bulk/insert.ts';
import { newestFormalArticleId } from '../store/bulk/lookups.ts';
import { rekeySites } from '../store/bulk/relation-keys.ts';
import { reindexItems } from '../store/bulk/search-index-items.ts';
import { optimizeSearchText } from '../store/bulk/search-text.ts';
import type { Db } from '../store/db.ts';
import { kysely } from '../store/kysely.ts';
import { gatherStatistics } from '../store/planner-statistics.ts';
import { storeWithin } from '../store/within-transaction.ts';
import { seedArticles } from './articles.ts';
import { articlesPerJournal } from './calendar.ts';
import { seedChannelContent } from './channel-content.ts';
import { seedChannels } from './channels.ts';
import { addAlbumExperts, seedAlbums, seedEditorial, seedMedia } from './collections.ts';
import { seedContext } from './context.ts';
import { seedFullTexts } from './full-texts.ts';
import { type SeededJournal, seedJournals } from './journals.ts';
import { seedMembers } from './members.ts';
import { seedModules } from './modules.ts';
import { seedNews } from './news.ts';
import { createRandom } from './random.ts';
import { SITE_SPECS } from './site-data.ts';
import { type SiteFiles, seedGroups, seedSiteConfig, seedSiteRow } from './sites.ts';

/** onProgress counts articles, then each site's other content, then the search index */
export type SeedOptions = { articles?: number; seed?: number; onProgress?: (done: number, total: number) => void };
export type SeedSummary = {
  seed: number;
  sites: number;
  publications: number;
  periods: number;
  articles: number;
  authors: number;
  references: number;
  news: number;
  albums: number;
  experts: number;
  channels: number;
  files: number;
  users: number;
};

export const DEFAULT_ARTICLES = 2400;

const TABLES = {
  sites: 'sites',
  publications: 'publications',
  periods: 'periods',
  articles: 'articles',
  authors: 'authors',
  references: 'article_references',
  news: 'news',
  albums: 'albums',
  experts: 'experts',
  channels: 'channels',
  files: 'files',
  users: 'users',
} as const;

export async function isSeeded(db: Db): Promise<boolean> {
  return (await countRows(kysely(db), 'sites')) > 0;
}

export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<SeedSummary> {
  const articles = options.articles ?? DEFAULT_ARTICLES;
  const seed = options.seed ?? 1;
  if (!Number.isInteger(articles) || articles < 0)
    throw new Error(`articles must be a whole number ≥ 0, got ${articles}`);
  if (await isSeeded(db)) throw new Error('the database already holds sites; seed an empty database');
  const random = createRandom(seed);
  await kysely(db)
    .transaction()
    .execute(async (trx) => {
      const ctx = seedContext(db, trx, random);
      const files = new Map<number, SiteFiles>();
      for (const site of SITE_SPECS) files.set(site.id, await seedSiteRow(ctx, site));
      await seedGroups(ctx);
      const perJournal = articlesPerJournal(articles);
      const journalsBySite = new Map<number, SeededJournal[]>();
      for (const [index, site] of SITE_SPECS.entries())
        journalsBySite.set(site.id, await seedJournals(ctx, site, perJournal[index] ?? []));

      const allJournals: SeededJournal[] = SITE_SPECS.flatMap((site) => journalsBySite.get(site.id) ?? []);
      const counts: number[] = perJournal.flat();
      const steps = articles + SITE_SPECS.length + 1;
      const progress = options.onProgress;
      await seedArticles(ctx, allJournals, counts, progress && ((done) => progress(done, steps)));

      for (const [siteIndex, site] of SITE_SPECS.entries()) {
        const publicationIds = (journalsBySite.get(site.id) ?? []).map((journal) => journal.id);
        const firstPublication = publicationIds[0] ?? 0;
        const siteFiles = files.get(site.id);
        if (siteFiles) await seedSiteConfig(ctx, site, siteFiles, publicationIds);
        const channels = await seedChannels(ctx, site, firstPublication);
        const topNewsIds = await seedNews(ctx, site, channels.byCode.get('newNews') ?? null);
        await seedMedia(ctx, site);
        const albumIds = await seedAlbums(ctx, site, channels.byCode, publicationIds);
        await seedEditorial(ctx, site, channels.byCode.get('editorial') ?? null, firstPublication);
        await addAlbumExperts(ctx, site.id, albumIds[0]);
        await seedModules(ctx, site, {
          indexChannelId: channels.byCode.get('index') ?? 0,
          topNewsIds,
          albumIds,
          publicationIds,
          firstArticleId: await newestFormalArticleId(trx, site.id),
        });
        await seedMembers(ctx, site);
        progress?.(articles + siteIndex + 1, steps);
      }
      for (const site of SITE_SPECS) await seedChannelContent(ctx, site);
      // a full text reads its article as the page does, inside the seed's transaction
      await seedFullTexts(storeWithin(db, trx), trx);
      for (const site of SITE_SPECS) await reindexItems(trx, site.id, 'site');
      await optimizeSearchText(trx);
      await moveIdentitiesPastIds(trx, ['sites', 'articles']);
      await rekeySites(trx);
      await recountCitedBy(trx);
      progress?.(steps, steps);
    });
  gatherStatistics(db);
  const summary = { seed } as SeedSummary;
  for (const [key, table] of Object.entries(TABLES))
    summary[key as keyof typeof TABLES] = await countRows(kysely(db), table);
  return summary;
}
