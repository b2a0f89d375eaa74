/**
 * `npm run preview-link -- --site jmst --article 2401 [--hours 48] [--lang en]`: prints a signed
 * link that opens a draft or scheduled article until it expires (PREVIEW_SECRET signs it; the
 * server must have the same secret). docs/operations.md says more.
 */
import { setUsage } from './cli.ts';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { createLocalSource } from '../src/server/local-source.ts';
import { publicOrigin } from '../src/server/build/public-origin.ts';
import { loadConfig } from '../src/server/config.ts';
import { previewPath, previewToken } from '../src/server/preview-link.ts';
import { openDb } from '../src/server/store/db.ts';

const USAGE = 'usage: npm run preview-link -- --site <sld> --article <id> [--hours 48] [--lang zh|en]';
setUsage(USAGE);
const { values } = parseArgs({ options: { site: { type: 'string' }, article: { type: 'string' }, hours: { type: 'string' }, lang: { type: 'string' } } });
const args = z
  .object({
    site: z.string({ error: 'name the site: --site jmst' }).min(1),
    article: z.coerce.number({ error: 'name the article: --article 2401' }).int().min(1),
    hours: z.coerce.number().positive().max(24 * 30, 'a preview link lasts at most 30 days (720 hours)').default(48),
    lang: z.enum(['zh', 'en']).default('zh'),
  })
  .parse(values);
const config = loadConfig();
if (!config.previewSecret) throw new Error('PREVIEW_SECRET is not set: set the same secret (at least 32 characters) here and on the server');
const db = openDb(config.databasePath);
try {
  const source = createLocalSource(db);
  const site = await source.findSiteBySld(args.site);
  if (!site) throw new Error(`no site ${args.site}`);
  const article = await source.getArticlePreview(site.id, args.article);
  if (!article) throw new Error(`site ${args.site} has no article ${args.article}`);
  const expires = new Date(Date.now() + args.hours * 3_600_000);
  const token = previewToken(config.previewSecret, { siteId: site.id, articleId: article.id }, expires);
  console.log(publicOrigin(site, config.baseDomain) + previewPath(args.lang, article.id, token));
  console.error(`opens "${article.title}" until ${expires.toISOString()}`);
} finally {
  db.close();
}
