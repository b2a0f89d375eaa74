/**
 * `npm run preview-link -- --site jmst --article 2401 [--hours 48] [--lang en]` (or `--news ID`,
 * `--issue ID`): prints a signed link that opens a draft or scheduled article, a scheduled news item
 * or issue until it expires (PREVIEW_SECRET signs it; the server must have the same secret).
 * docs/operations.md says more.
 */

import { parseArgs } from 'node:util';
import { z } from 'zod';
import { publicOrigin } from '../src/server/build/public-origin.ts';
import { loadConfig } from '../src/server/config.ts';
import { createLocalSource } from '../src/server/local-source.ts';
import { type PreviewItem, previewPath, previewToken } from '../src/server/preview-link.ts';
import { openDb } from '../src/server/store/db.ts';
import { setUsage } from './cli.ts';

const USAGE =
  'usage: npm run preview-link -- --site <sld> (--article <id> | --news <id> | --issue <id>) [--hours 48] [--lang zh|en]';
setUsage(USAGE);
const { values } = parseArgs({
  options: {
    site: { type: 'string' },
    article: { type: 'string' },
    news: { type: 'string' },
    issue: { type: 'string' },
    hours: { type: 'string' },
    lang: { type: 'string' },
  },
});
const id = z.coerce.number().int().min(1);
const args = z
  .object({
    site: z.string({ error: 'name the site: --site jmst' }).min(1),
    article: id.optional(),
    news: id.optional(),
    issue: id.optional(),
    hours: z.coerce
      .number()
      .positive()
      .max(24 * 30, 'a preview link lasts at most 30 days (720 hours)')
      .default(48),
    lang: z.enum(['zh', 'en']).default('zh'),
  })
  .refine((given) => [given.article, given.news, given.issue].filter((value) => value !== undefined).length === 1, {
    error: 'name one item: --article 2401, --news 12 or --issue 57',
  })
  .parse(values);
const config = loadConfig();
if (!config.previewSecret)
  throw new Error('PREVIEW_SECRET is not set: set the same secret (at least 32 characters) here and on the server');
const db = openDb(config.databasePath);
try {
  const source = createLocalSource(db);
  const site = await source.findSiteBySld(args.site);
  if (!site) throw new Error(`no site ${args.site}`);
  const item: PreviewItem =
    args.news !== undefined
      ? { kind: 'news', id: args.news }
      : args.issue !== undefined
        ? { kind: 'issue', id: args.issue }
        : { kind: 'article', id: args.article ?? 0 };
  const title = await titleOf(source, site.id, item);
  if (title === null) throw new Error(`site ${args.site} has no ${item.kind} ${item.id}`);
  const expires = new Date(Date.now() + args.hours * 3_600_000);
  const token = previewToken(config.previewSecret, { siteId: site.id, ...item }, expires);
  console.log(publicOrigin(site, config.baseDomain) + previewPath(args.lang, item, token));
  console.error(`opens "${title}" until ${expires.toISOString()}`);
} finally {
  db.close();
}

async function titleOf(
  source: ReturnType<typeof createLocalSource>,
  siteId: number,
  item: PreviewItem,
): Promise<string | null> {
  if (item.kind === 'news') return (await source.getNewsPreview(siteId, item.id))?.title ?? null;
  if (item.kind === 'issue') {
    const toc = await source.getIssueTocPreview(siteId, item.id, 0, 1);
    return toc ? `${toc.period.year} (${toc.period.volume}) ${toc.period.issue}` : null;
  }
  return (await source.getArticlePreview(siteId, item.id))?.title ?? null;
}
