/**
 * A site's settings in the console: read them, and save theme colours (refused when the header's
 * text would be hard to read on them), gray mode, header and footer. Saving records a settings
 * change, so the site renders again by itself.
 */
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { dictionary, format } from '../../i18n/index.ts';
import { CUSTOM_BUTTONS_MAX } from '../../lib/constants.ts';
import { headerContrastProblems, isHexColour } from '../../lib/contrast.ts';
import { isSafeMenuLink } from '../../lib/menu-rules.ts';
import { requestLang } from '../api/index.ts';
import { changeOrigin } from '../store/changes.ts';
import { getHeaderConfig } from '../store/configs.ts';
import type { Db } from '../store/db.ts';
import { readSiteSettings, writeSiteSettings } from '../store/site-settings.ts';
import { jsonBody } from './json-body.ts';
import { siteOfPath } from './menu-answers.ts';
import { type AdminEnv, actorOf } from './principal.ts';

/** the header shows at most three (docs/product-rules.md#custom-buttons); more may be kept switched off */
const MAX_BUTTONS = 10;
const text = (c: Context) => dictionary(requestLang(c)).consoleAdmin;
const line = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((value) => (value === '' ? null : value));
const colour = z
  .string()
  .trim()
  .refine((value) => isHexColour(value))
  .nullable()
  .or(z.literal('').transform(() => null));
const link = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => isSafeMenuLink(value));

const settingsBody = z.strictObject({
  theme: z.strictObject({ colour: z.number().int().min(0).max(11), colour1: colour, colour2: colour, colour3: colour }),
  grayType: z.number().int().min(0).max(2),
  header: z.strictObject({
    navStyle: z.number().int().min(1).max(6),
    isCeiling: z.boolean(),
    hasLoginAndRegister: z.boolean(),
    searchBox: z.boolean(),
    switchLanguage: z.boolean(),
    customButtons: z
      .array(
        z.strictObject({
          status: z.union([z.literal(0), z.literal(1)]),
          name: z.string().trim().min(1).max(100),
          enName: line(200),
          link,
        }),
      )
      .max(MAX_BUTTONS)
      .refine((buttons) => buttons.filter((button) => button.status === 1).length <= CUSTOM_BUTTONS_MAX),
  }),
  footer: z.strictObject({
    address: line(200),
    enAddress: line(300),
    postcode: line(20),
    phone: line(50),
    email: line(254),
    fax: line(50),
    copyright: line(300),
    enCopyright: line(300),
    icp: line(100),
    picp: line(100),
    picpLink: z
      .string()
      .trim()
      .max(2000)
      .refine((value) => value === '' || isSafeMenuLink(value))
      .nullable()
      .transform((value) => (value === '' ? null : value)),
    showVisits: z.boolean(),
  }),
});

/** the dotted path of the first field at fault, e.g. header.customButtons.0.link */
function fieldOf(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return '';
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys') path.push(issue.keys[0] ?? '');
  return path.join('.');
}

export function siteSettingsRoutes(admin: Hono<AdminEnv>, db: Db, now: () => Date): void {
  admin.get('/_admin/sites/:sld/settings', async (c) => {
    const site = await siteOfPath(c, db);
    if (site instanceof Response) return site;
    c.header('Cache-Control', 'no-store');
    const { pcLogoUrl, enPcLogoUrl } = await getHeaderConfig(db, site.siteId);
    return c.json({ settings: await readSiteSettings(db, site.siteId), logos: { zh: pcLogoUrl, en: enPcLogoUrl } });
  });

  admin.put('/_admin/sites/:sld/settings', async (c) => {
    const site = await siteOfPath(c, db);
    if (site instanceof Response) return site;
    const t = text(c);
    const parsed = settingsBody.safeParse(await jsonBody(c));
    if (!parsed.success) {
      const field = fieldOf(parsed.error);
      return c.json({ error: format(t.fieldInvalid, { field }), field }, 400);
    }
    const settings = parsed.data;
    if (settings.theme.colour === 0) {
      const { colour1, colour2 } = settings.theme;
      if (colour1 === null) return c.json({ error: t.customColourMissing, field: 'theme.colour1' }, 400);
      const [problem] = headerContrastProblems({ colour1, colour2: colour2 ?? colour1 });
      if (problem) {
        return c.json(
          {
            error: format(t.contrastTooLow, { colour: problem.colour, ratio: problem.ratio.toFixed(2) }),
            field: `theme.${problem.field}`,
          },
          422,
        );
      }
    }
    const saved = await writeSiteSettings(
      db,
      site.siteId,
      settings,
      actorOf(c.get('principal')),
      changeOrigin('admin'),
      now(),
    );
    return c.json({ settings: saved, message: t.settingsSaved });
  });
}
