/**
 * The console's news: GET /_admin/sites/{sld}/news lists a site's items with their state and a
 * preview link for those the public cannot see yet; POST writes a new one (published now or at a
 * later time); PATCH /_admin/sites/{sld}/news/{id} edits it, publishes it now, schedules it or
 * unpublishes it. Writes are imports of one news record under the console's key, so the text is
 * sanitized, versions kept and pages re-rendered as for an imported item; each is audited.
 */

import { randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { dictionary, format } from '../../i18n/index.ts';
import type { ConsoleNews, NewsAnswer, NewsState } from '../../lib/console-answers.ts';
import { IMPORT_HTML_MAX_BYTES, IMPORT_TITLE_MAX_CHARS } from '../../lib/constants.ts';
import type { Lang } from '../../lib/lang.ts';
import { requestLang } from '../api/index.ts';
import { importContent } from '../import/index.ts';
import { recordAudit } from '../store/audit.ts';
import { changeOrigin } from '../store/changes.ts';
import { consoleNewsByKey, consoleNewsItem, listConsoleNews } from '../store/console-news.ts';
import type { Db } from '../store/db.ts';
import { previewLinks } from './console-preview.ts';
import { importOrRefuse, patchTarget } from './content-patch.ts';
import { jsonBody } from './json-body.ts';
import { siteOfPath } from './menu-answers.ts';
import { type AdminEnv, actorOf } from './principal.ts';

const NEWS_TYPES = ['information', 'announcement', 'dynamic', 'statement'] as const;
const title = z.string().trim().min(1).max(IMPORT_TITLE_MAX_CHARS);
const html = z.string().max(IMPORT_HTML_MAX_BYTES);
const instant = z.iso.datetime({ offset: true });
const createBody = z.strictObject({
  type: z.enum(NEWS_TYPES),
  title,
  enTitle: title.nullable().optional(),
  content: html.nullable().optional(),
  enContent: html.nullable().optional(),
  publishAt: instant.optional(),
});
const changeBody = z
  .strictObject({
    title: title.optional(),
    enTitle: title.nullable().optional(),
    content: html.nullable().optional(),
    enContent: html.nullable().optional(),
    /** a time, 'now', or null: unpublished */
    publishAt: z.union([instant, z.literal('now'), z.null()]).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { path: ['(record)'] });

const texts = (lang: Lang) => dictionary(lang).consoleContent;

function invalid(c: Context, error: z.ZodError) {
  const lang = requestLang(c);
  const issue = error.issues[0];
  const field = issue?.code === 'unrecognized_keys' ? issue.keys[0] : issue?.path.join('.');
  const message =
    field === 'title'
      ? texts(lang).newsTitleRequired
      : format(texts(lang).invalidField, { field: String(field ?? '') });
  return c.json({ error: message, field: field ?? null }, 400);
}

const stateOf = (item: ConsoleNews, now: Date): NewsState =>
  item.draft ? 'unpublished' : item.publishAt > now.toISOString() ? 'scheduled' : 'published';

const newsPatch = { body: changeBody, invalid, find: consoleNewsItem, notFound: 'newsNotFound' } as const;

export function contentNewsRoutes(
  admin: Hono<AdminEnv>,
  db: Db,
  now: () => Date,
  previewSecret: string | undefined,
): void {
  const preview = previewLinks(previewSecret, now);
  const shown = (item: ConsoleNews, siteId: number, lang: Lang): NewsAnswer => {
    const state = stateOf(item, now());
    return { ...item, state, preview: preview(siteId, lang, { kind: 'news', id: item.id }, state !== 'published') };
  };

  /** Writes one news record; the problems of a refused write in the editor's language. */
  const write = (c: Context<AdminEnv>, sld: string, record: Record<string, unknown>): Promise<Response | null> =>
    importOrRefuse(c, () =>
      importContent(
        db,
        { site: { sld }, news: [record] },
        now().toISOString(),
        null,
        actorOf(c.get('principal')),
        changeOrigin('console'),
      ),
    );

  admin.get('/_admin/sites/:sld/news', async (c) => {
    const site = await siteOfPath(c, db);
    if (site instanceof Response) return site;
    const lang = requestLang(c);
    return c.json({ news: (await listConsoleNews(db, site.siteId)).map((item) => shown(item, site.siteId, lang)) });
  });

  admin.post('/_admin/sites/:sld/news', async (c) => {
    const site = await siteOfPath(c, db);
    if (site instanceof Response) return site;
    const parsed = createBody.safeParse(await jsonBody(c));
    if (!parsed.success) return invalid(c, parsed.error);
    const key = `console-${randomUUID()}`;
    const { publishAt, ...fields } = parsed.data;
    const record = { key, ...fields, publishedAt: publishAt ?? now().toISOString() };
    const refused = await write(c, site.sld, record);
    if (refused) return refused;
    const item = await consoleNewsByKey(db, site.siteId, key);
    if (!item) throw new Error(`the news item ${key} was not written`);
    await recordAudit(
      db,
      {
        siteId: site.siteId,
        actor: actorOf(c.get('principal')),
        action: 'news.create',
        target: `news ${item.id}`,
        after: record,
      },
      now(),
    );
    return c.json({ item: shown(item, site.siteId, requestLang(c)) }, 201);
  });

  admin.patch('/_admin/sites/:sld/news/:id', async (c) => {
    const target = await patchTarget(c, db, newsPatch);
    if (target instanceof Response) return target;
    const { site, lang, body, item } = target;
    const { publishAt, ...fields } = body;
    // unpublishing keeps the publish time; publishing now or at a time sets it
    const publishedAt = publishAt === 'now' ? now().toISOString() : (publishAt ?? undefined);
    const publication =
      publishAt === undefined ? {} : publishAt === null ? { draft: true } : { draft: false, publishedAt };
    // keyed by the id on this site, so an item written without a key is changed too
    const record = { id: item.id, ...fields, ...publication };
    const refused = await write(c, site.sld, record);
    if (refused) return refused;
    const before: Record<string, unknown> = {};
    for (const field of Object.keys(fields) as (keyof typeof fields)[]) before[field] = item[field];
    if (publishAt !== undefined) Object.assign(before, { draft: item.draft, publishedAt: item.publishAt });
    await recordAudit(
      db,
      {
        siteId: site.siteId,
        actor: actorOf(c.get('principal')),
        action: 'news.change',
        target: `news ${item.id}`,
        before,
        after: record,
      },
      now(),
    );
    const saved = await consoleNewsItem(db, site.siteId, item.id);
    return c.json({ item: saved && shown(saved, site.siteId, lang) });
  });
}
