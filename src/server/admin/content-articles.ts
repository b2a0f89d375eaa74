/**
 * GET /_admin/sites/{sld}/articles?q= finds a site's articles by id, DOI or title; PATCH
 * /_admin/sites/{sld}/articles/{id} corrects titles and abstracts, sets or lifts a retraction,
 * withdrawal or expression of concern, or removes the article for legal reasons. A change is the
 * import of one record keyed by the article's id on the site, so it keeps versions, notices, the change log
 * and the re-render exactly as an imported correction does; it is audited with before and after.
 */

import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { dictionary, format } from '../../i18n/index.ts';
import { NOTICE_KINDS } from '../../lib/article-notice.ts';
import type { ArticleAnswer, ConsoleArticle } from '../../lib/console-answers.ts';
import { IMPORT_HTML_MAX_BYTES, IMPORT_TITLE_MAX_CHARS } from '../../lib/constants.ts';
import type { Lang } from '../../lib/lang.ts';
import { canonical } from '../../lib/routes.ts';
import { requestLang } from '../api/index.ts';
import { importContent } from '../import/index.ts';
import { recordAudit } from '../store/audit.ts';
import { changeOrigin } from '../store/changes.ts';
import { consoleArticle, findConsoleArticles } from '../store/console-articles.ts';
import type { Db } from '../store/db.ts';
import { articleHidden, previewLinks } from './console-preview.ts';
import { importOrRefuse, patchTarget } from './content-patch.ts';
import { siteOfPath } from './menu-answers.ts';
import { type AdminEnv, actorOf } from './principal.ts';

const reason = z.string().trim().min(1).max(2000);
const optionalTitle = z.string().trim().min(1).max(IMPORT_TITLE_MAX_CHARS);
const html = z.string().max(IMPORT_HTML_MAX_BYTES);
const findQuery = z.object({ q: z.string().trim().min(1).max(300) });
const changeBody = z
  .strictObject({
    title: optionalTitle.optional(),
    enTitle: optionalTitle.nullable().optional(),
    abstract: html.nullable().optional(),
    enAbstract: html.nullable().optional(),
    notice: z
      .strictObject({ kind: z.enum(NOTICE_KINDS), reason, noticeDoi: z.string().trim().min(1).max(300).optional() })
      .nullable()
      .optional(),
    removed: z.strictObject({ reason }).nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { path: ['(record)'] });
type Change = z.infer<typeof changeBody>;

const texts = (lang: Lang) => dictionary(lang).consoleContent;

/** The first field at fault, named in the editor's language. */
function invalid(c: Context, error: z.ZodError) {
  const lang = requestLang(c);
  const issue = error.issues[0];
  const field = issue?.code === 'unrecognized_keys' ? issue.keys[0] : issue?.path.join('.');
  const notice = issue?.path[0] === 'notice' || issue?.path[0] === 'removed';
  const message =
    notice && issue?.path[1] === 'reason'
      ? texts(lang).reasonRequired
      : format(texts(lang).invalidField, { field: String(field ?? '') });
  return c.json({ error: message, field: field ?? null }, 400);
}

/** What the change sets, as the article showed it before and as it will be. */
function beforeAndAfter(article: ConsoleArticle, change: Change, today: string) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const key of ['title', 'enTitle', 'abstract', 'enAbstract'] as const) {
    if (change[key] === undefined) continue;
    before[key] = article[key];
    after[key] = change[key];
  }
  if (change.notice !== undefined) {
    before['notice'] = article.notice;
    after['notice'] = change.notice && { ...change.notice, date: today };
  }
  if (change.removed !== undefined) {
    before['removed'] = article.removed;
    after['removed'] = change.removed;
  }
  return { before, after };
}

const articlePatch = { body: changeBody, invalid, find: consoleArticle, notFound: 'articleNotFound' } as const;

export function contentArticleRoutes(
  admin: Hono<AdminEnv>,
  db: Db,
  now: () => Date,
  previewSecret: string | undefined,
): void {
  const preview = previewLinks(previewSecret, now);
  const shown = (article: ConsoleArticle, siteId: number, lang: Lang): ArticleAnswer => ({
    ...article,
    preview: preview(siteId, lang, { kind: 'article', id: article.id }, articleHidden(article, now())),
  });

  admin.get('/_admin/sites/:sld/articles', async (c) => {
    const site = await siteOfPath(c, db);
    if (site instanceof Response) return site;
    const query = findQuery.safeParse(c.req.query());
    if (!query.success) return invalid(c, query.error);
    const lang = requestLang(c);
    const found = await findConsoleArticles(db, site.siteId, query.data.q);
    return c.json({ articles: found.map((article) => shown(article, site.siteId, lang)) });
  });

  admin.patch('/_admin/sites/:sld/articles/:id', async (c) => {
    const target = await patchTarget(c, db, articlePatch);
    if (target instanceof Response) return target;
    const { site, lang, body: change, item: article } = target;
    const at = now();
    const today = at.toISOString().slice(0, 10);
    // keyed by the id on this site, so an article without a DOI is corrected too
    const record = {
      id: article.id,
      ...(change.title === undefined ? {} : { title: change.title }),
      ...(change.enTitle === undefined ? {} : { enTitle: change.enTitle }),
      ...(change.abstract === undefined ? {} : { abstract: change.abstract }),
      ...(change.enAbstract === undefined ? {} : { enAbstract: change.enAbstract }),
      ...(change.notice === undefined ? {} : { notice: change.notice && { ...change.notice, date: today } }),
      ...(change.removed === undefined
        ? {}
        : { removed: change.removed && { date: at.toISOString(), reason: change.removed.reason } }),
    };
    const actor = actorOf(c.get('principal'));
    const refused = await importOrRefuse(c, () =>
      importContent(
        db,
        { site: { sld: site.sld }, articles: [record] },
        at.toISOString(),
        null,
        actor,
        changeOrigin('console'),
      ),
    );
    if (refused) return refused;
    const { before, after } = beforeAndAfter(article, change, today);
    await recordAudit(
      db,
      { siteId: site.siteId, actor, action: 'article.change', target: `article ${article.id}`, before, after },
      at,
    );
    const changed = await consoleArticle(db, site.siteId, article.id);
    return c.json({
      article: changed && shown(changed, site.siteId, lang),
      publicPath: canonical.article(lang, article.id),
    });
  });
}
