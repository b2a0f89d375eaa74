/**
 * How the admin API's menu routes answer: in the editor's language (the API's language rule),
 * refusals as `{ error, rule }` with their status, never a validator's own text.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import { dictionary, format } from '../../i18n/index.ts';
import { menuRefusalMessage, menuWarningMessage } from '../../i18n/menu-messages.ts';
import type { Lang } from '../../lib/lang.ts';
import { type MenuWarning, menuWarnings } from '../../lib/menu-rules.ts';
import { requestLang } from '../api/index.ts';
import { idParam, SLD_PATTERN } from '../api/params.ts';
import { ChannelError } from '../store/channel-writes.ts';
import type { Db } from '../store/db.ts';
import { siteIdBySld } from '../store/sites.ts';
import { type AdminEnv, mayManage } from './principal.ts';
import { consoleText, refuse } from './staff-routes.ts';

/** A body that does not parse: the first field at fault named, in the editor's language. */
export function invalidBody(c: Context, error: z.ZodError) {
  const lang = requestLang(c);
  const issue = error.issues[0];
  const field = issue?.code === 'unrecognized_keys' ? issue.keys[0] : issue?.path[0];
  const message =
    field === undefined
      ? dictionary(lang).server.adminBadRequest
      : menuRefusalMessage({ rule: 'field', field: String(field) }, lang);
  return c.json({ error: message, rule: 'field', field: field === undefined ? null : String(field) }, 400);
}

/** A refused menu write in the editor's language; other errors are not ours to answer. */
export function refusalAnswer(c: Context, error: unknown): Response {
  if (!(error instanceof ChannelError)) throw error;
  const { refusal } = error;
  if (!refusal) return c.json({ error: error.message }, error.status);
  const lang = requestLang(c);
  return c.json(
    {
      error: menuRefusalMessage(refusal, lang),
      rule: refusal.rule,
      ...(refusal.rule === 'linked' ? { linkedBy: refusal.by } : {}),
    },
    error.status,
  );
}

/** Runs a menu write, answering its refusal if it is refused. */
export async function menuWrite(c: Context, fn: () => Promise<Response>): Promise<Response> {
  try {
    return await fn();
  } catch (error) {
    return refusalAnswer(c, error);
  }
}

export type SiteRef = { sld: string; siteId: number };

/** The site named in the path, or the answer saying it is not one. */
export async function siteOfPath(c: Context<AdminEnv>, db: Db): Promise<SiteRef | Response> {
  const sld = c.req.param('sld') ?? '';
  const t = dictionary(requestLang(c)).server;
  if (!SLD_PATTERN.test(sld)) return c.json({ error: t.adminBadRequest, rule: 'field', field: 'sld' }, 400);
  if (!mayManage(c.get('principal'), sld)) return refuse(c, 403, format(consoleText(c).forbiddenSite, { sld }));
  const siteId = await siteIdBySld(db, sld);
  if (siteId === null) return c.json({ error: format(t.adminSiteNotFound, { sld }) }, 404);
  return { sld, siteId };
}

/** The channel id in the path, or the answer saying it is not one. */
export function channelIdOfPath(c: Context): number | Response {
  const id = idParam.safeParse(c.req.param('id'));
  if (id.success) return id.data;
  return c.json({ error: menuRefusalMessage({ rule: 'field', field: 'id' }, requestLang(c)), rule: 'field' }, 400);
}

/** Warnings about a saved item, worded for the editor. */
export function warningsFor(
  item: { name: string | null; enName: string | null; enable: string; code: string },
  lang: Lang,
): { rule: MenuWarning['rule']; lang: Lang; message: string }[] {
  return menuWarnings(item).map((warning) => ({ ...warning, message: menuWarningMessage(warning, lang) }));
}
