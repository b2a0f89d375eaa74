/**
 * A site's header logo uploaded from the console: PUT /_admin/sites/{sld}/logo?for=zh|en with the
 * image as the body (its content type image/png or image/jpeg). The type is judged by the bytes and
 * the size by the logo's upload rule (docs/product-rules.md#uploads), its pixels by LOGO_MAX_SIDE; an
 * English logo needs the site's English version (its language switch); refusals in the editor's language.
 */
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { dictionary, format } from '../../i18n/index.ts';
import { LOGO_MAX_SIDE } from '../../lib/constants.ts';
import { LANGS } from '../../lib/lang.ts';
import { IMAGE_CONTENT_TYPES, UPLOAD_RULES, type UploadProblem } from '../../lib/upload-rules.ts';
import { requestLang } from '../api/index.ts';
import { imageTypeOf, sidesWithin } from '../api/uploads.ts';
import { changeOrigin } from '../store/changes.ts';
import { getHeaderConfig } from '../store/configs.ts';
import type { Db } from '../store/db.ts';
import { writeSiteLogo } from '../store/site-logo.ts';
import { siteOfPath } from './menu-answers.ts';
import { type AdminEnv, actorOf } from './principal.ts';

const LOGO_PATH = /^\/_admin\/sites\/[^/]+\/logo$/;
const LOGO_TYPES: readonly string[] = UPLOAD_RULES.logo.types.map((type) => IMAGE_CONTENT_TYPES[type]);

/** the logo route takes an image body, not JSON: the cross-site check lets it through for this path only */
export function acceptsLogo(path: string, mediaType: string): boolean {
  return LOGO_PATH.test(path) && LOGO_TYPES.includes(mediaType);
}

const forLang = z.enum(LANGS);

const problem = (c: Context, status: 400 | 413, key: UploadProblem) =>
  c.json({ error: dictionary(requestLang(c)).api[key] }, status);

export function siteLogoRoute(admin: Hono<AdminEnv>, db: Db, now: () => Date): void {
  admin.put('/_admin/sites/:sld/logo', async (c) => {
    const site = await siteOfPath(c, db);
    if (site instanceof Response) return site;
    const rule = UPLOAD_RULES.logo;
    const lang = forLang.safeParse(c.req.query('for') ?? 'zh');
    if (!lang.success) return c.json({ error: dictionary(requestLang(c)).console.badRequest }, 400);
    // a site without its language switch has no English pages to show an English logo on
    if (lang.data === 'en' && (await getHeaderConfig(db, site.siteId)).switchLanguage !== 1)
      return c.json({ error: dictionary(requestLang(c)).api.logoNoEnglish }, 400);
    const declared = Number(c.req.header('content-length') ?? 0);
    if (declared > rule.maxBytes) return problem(c, 413, rule.sizeMessage);
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.length > rule.maxBytes) return problem(c, 413, rule.sizeMessage);
    const type = imageTypeOf(bytes, rule);
    if (!type) return problem(c, 400, rule.typeMessage);
    if (!sidesWithin(bytes, type, LOGO_MAX_SIDE))
      return c.json({ error: format(dictionary(requestLang(c)).api.logoDimensions, { side: LOGO_MAX_SIDE }) }, 400);
    const url = await writeSiteLogo(
      db,
      site.siteId,
      lang.data,
      { name: `logo-${lang.data}.${type}`, contentType: IMAGE_CONTENT_TYPES[type], bytes },
      actorOf(c.get('principal')),
      changeOrigin('admin'),
      now(),
    );
    return c.json({ logo: url, for: lang.data });
  });
}
