/**
 * Admin API for editors: rebuild a site, and list/create/update/reorder its menu (channel) items.
 * Every route but the console's login needs a caller (src/server/admin/principal.ts) who may manage
 * the site it names; a console session's writes must come from the console's own origin. Every
 * write is audited. `?rebuild=1` on a menu change rebuilds the site afterwards;
 * `?wait=1` answers only when that rebuild has finished.
 */
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { dictionary, format } from '../../i18n/index.ts';
import type { PublishingAnswer } from '../../lib/console-answers.ts';
import { CHANNEL_CODE } from '../../lib/routes.ts';
import { requestLang } from '../api/index.ts';
import { exactSldParam } from '../api/params.ts';
import { fromOwnOrigin, mediaType } from '../auth/same-origin.ts';
import { BUILDER_OFF } from '../build/builder-off.ts';
import type { PassStatus } from '../build/pass-status.ts';
import type { RebuildOutcome } from '../build/rebuild-queue.ts';
import { recordAudit } from '../store/audit.ts';
import { createChannel, listChannels, reorderChannels, updateChannel } from '../store/channel-writes.ts';
import { getHeaderConfig } from '../store/configs.ts';
import type { Db } from '../store/db.ts';
import { listPasses } from '../store/pass-history.ts';
import { siteIdBySld, siteStatusBySld } from '../store/sites.ts';
import { accountRoutes, passwordChangeGate } from './account-routes.ts';
import { channelContentRoutes } from './channel-content.ts';
import { channelDeleteRoute } from './channel-delete.ts';
import { contentArticleRoutes } from './content-articles.ts';
import { acceptsUpload, contentImportRoutes } from './content-import.ts';
import { contentIssueRoutes } from './content-issues.ts';
import { contentNewsRoutes } from './content-news.ts';
import { jsonBody } from './json-body.ts';
import { channelIdOfPath, invalidBody, menuWrite, siteOfPath, warningsFor } from './menu-answers.ts';
import { passAnswer } from './pass-answer.ts';
import { type AdminEnv, actorOf, mayManage, principalOf } from './principal.ts';
import { acceptsLogo, siteLogoRoute } from './site-logo-route.ts';
import { siteSettingsRoutes } from './site-settings-routes.ts';
import { consoleText, mountStaffRoutes, refuse } from './staff-routes.ts';

export type AdminRebuilder = {
  request(sld: string): Promise<RebuildOutcome<unknown>>;
  state(sld: string): string;
  last(sld: string): RebuildOutcome<unknown> | undefined;
  /** the pass in progress and the last one's counts (absent in a cluster's HTTP worker) */
  passStatus?(sld: string): PassStatus;
};

/** the admin API's own messages, in the caller's language (the API's language rule) */
const serverText = (c: Context) => dictionary(requestLang(c)).server;

// lengths, links and the home channel are the menu rules' (src/lib/menu-rules.ts), worded in the editor's language
const name = z.string().trim().nullable();
const linkValue = z.string().trim().nullable();

const createBody = z.strictObject({
  code: z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,39}$/),
  name: name.optional(),
  enName: name.optional(),
  parentId: z.number().int().min(0).optional(),
  enable: z.boolean().optional(),
  sortOrder: z.number().int().min(0).max(100_000).optional(),
  route: z.string().regex(CHANNEL_CODE).nullable().optional(),
  linkValue: linkValue.optional(),
});
const updateBody = z
  .strictObject({
    name: name.optional(),
    enName: name.optional(),
    enable: z.boolean().optional(),
    sortOrder: z.number().int().min(0).max(100_000).optional(),
    parentId: z.number().int().min(0).optional(),
    linkValue: linkValue.optional(),
  })
  .refine((body) => Object.keys(body).length > 0);
const reorderBody = z.strictObject({
  parentId: z.number().int().min(0),
  ids: z.array(z.number().int().positive()).max(1000),
});
const rebuildBody = z.strictObject({ site: exactSldParam });

const flag = (value: string | undefined) => value === '1' || value === 'true';

function badRequest(c: Context, issues: unknown) {
  return c.json({ error: serverText(c).adminBadRequest, issues }, 400);
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function createAdminApi(deps: {
  db: Db;
  token: string | undefined;
  rebuilder: AdminRebuilder;
  trustedProxies?: readonly string[];
  now?: () => Date;
  /** signs the console's preview links of scheduled and unpublished news (unset: none) */
  previewSecret?: string;
}): Hono<AdminEnv> {
  const { db, rebuilder } = deps;
  const now = deps.now ?? (() => new Date());
  const admin = new Hono<AdminEnv>();

  /** a console write rides on its cookie: only the console's own pages may send one */
  const crossSite = (c: Context<AdminEnv>) => {
    if (READS.has(c.req.method) || c.req.header('authorization') !== undefined) return null;
    const origin = {
      origin: c.req.header('origin'),
      fetchSite: c.req.header('sec-fetch-site'),
      host: c.req.header('host'),
    };
    if (!fromOwnOrigin(origin)) return refuse(c, 403, consoleText(c).crossSiteRefused);
    const bodyless = c.req.method === 'DELETE' || c.req.path === '/_admin/logout';
    const type = mediaType(c.req.header('content-type'));
    if (
      !bodyless &&
      type !== 'application/json' &&
      !acceptsUpload(c.req.path, type) &&
      !acceptsLogo(c.req.path, type)
    ) {
      return refuse(c, 400, consoleText(c).contentTypeRefused);
    }
    return null;
  };

  admin.use('/_admin/*', async (c, next) => {
    if (c.req.path === '/_admin/login') return crossSite(c) ?? next();
    const principal = await principalOf(c, db, deps.token, now());
    if (!principal) {
      c.header('WWW-Authenticate', 'Bearer realm="admin"');
      return c.json(
        { error: c.req.header('authorization') ? serverText(c).adminUnauthorized : consoleText(c).signedOut },
        401,
      );
    }
    const refused = crossSite(c) ?? passwordChangeGate(c, principal);
    if (refused) return refused;
    c.set('principal', principal);
    return next();
  });

  mountStaffRoutes(admin, { db, now, trustedProxies: deps.trustedProxies ?? [] });

  const forbidden = (c: Context<AdminEnv>, sld: string) =>
    mayManage(c.get('principal'), sld) ? null : refuse(c, 403, format(consoleText(c).forbiddenSite, { sld }));

  const rebuildAfter = async (c: Context, sld: string) => {
    if (!flag(c.req.query('rebuild'))) return undefined;
    const pending = rebuilder.request(sld);
    if (flag(c.req.query('wait'))) return pending;
    pending.catch(() => {});
    return { state: rebuilder.state(sld) };
  };

  admin.post('/_admin/rebuild', async (c) => {
    const parsed = rebuildBody.safeParse((await jsonBody(c)) ?? { site: c.req.query('site') });
    if (!parsed.success) return badRequest(c, parsed.error.issues);
    const sld = parsed.data.site;
    const refused = forbidden(c, sld);
    if (refused) return refused;
    const t = serverText(c);
    const status = await siteStatusBySld(db, sld);
    if (status === null) return c.json({ error: format(t.adminSiteNotFound, { sld }) }, 404);
    if (status !== 'active') return c.json({ error: format(t.adminSiteClosed, { sld, status }) }, 409);
    if (rebuilder.state(sld) === BUILDER_OFF) return c.json({ error: format(t.rebuildBuilderOff, { sld }) }, 409);
    const wasBusy = rebuilder.state(sld) !== 'idle';
    await recordAudit(db, {
      siteId: await siteIdBySld(db, sld),
      actor: actorOf(c.get('principal')),
      action: 'site.rebuild',
      target: sld,
      before: { state: rebuilder.state(sld) },
    });
    const pending = rebuilder.request(sld);
    if (flag(c.req.query('wait'))) {
      const outcome = await pending;
      return c.json(outcome, outcome.ok ? 200 : 500);
    }
    pending.catch(() => {});
    return c.json(
      { message: format(wasBusy ? t.rebuildQueued : t.rebuildStarted, { sld }), state: rebuilder.state(sld) },
      202,
    );
  });

  admin.get('/_admin/rebuild/:sld', async (c) => {
    const sld = exactSldParam.safeParse(c.req.param('sld'));
    if (!sld.success) return badRequest(c, sld.error.issues);
    const refused = forbidden(c, sld.data);
    if (refused) return refused;
    const siteId = await siteIdBySld(db, sld.data);
    // the history is the store's: the same after a restart and from whichever worker answers
    const history = siteId === null ? [] : await listPasses(db, siteId);
    const status = rebuilder.passStatus?.(sld.data);
    const pass: PublishingAnswer['pass'] = {
      running: status?.running ?? null,
      last: status?.last ? passAnswer(status.last) : history[0] ? passAnswer(history[0]) : null,
      history: history.map(passAnswer),
      finished: status?.finished ?? { full: 0, changes: 0 },
    };
    return c.json({ state: rebuilder.state(sld.data), last: rebuilder.last(sld.data) ?? null, pass });
  });

  const siteOf = (c: Context<AdminEnv>) => siteOfPath(c, db);
  const guarded = menuWrite;

  admin.get('/_admin/sites/:sld/channels', async (c) => {
    const site = await siteOf(c);
    if (site instanceof Response) return site;
    const { navStyle, navDistribution, isCeiling } = await getHeaderConfig(db, site.siteId);
    return c.json({ channels: await listChannels(db, site.siteId), header: { navStyle, navDistribution, isCeiling } });
  });

  admin.post('/_admin/sites/:sld/channels', (c) =>
    guarded(c, async () => {
      const site = await siteOf(c);
      if (site instanceof Response) return site;
      const parsed = createBody.safeParse(await jsonBody(c));
      if (!parsed.success) return invalidBody(c, parsed.error);
      const channel = await createChannel(db, site.siteId, parsed.data, undefined, actorOf(c.get('principal')));
      const warnings = warningsFor(channel, requestLang(c));
      return c.json({ channel, warnings, rebuild: await rebuildAfter(c, site.sld) }, 201);
    }),
  );

  admin.put('/_admin/sites/:sld/channels/order', (c) =>
    guarded(c, async () => {
      const site = await siteOf(c);
      if (site instanceof Response) return site;
      const parsed = reorderBody.safeParse(await jsonBody(c));
      if (!parsed.success) return invalidBody(c, parsed.error);
      const channels = await reorderChannels(
        db,
        site.siteId,
        parsed.data.parentId,
        parsed.data.ids,
        undefined,
        actorOf(c.get('principal')),
      );
      return c.json({ channels, rebuild: await rebuildAfter(c, site.sld) });
    }),
  );

  admin.patch('/_admin/sites/:sld/channels/:id', (c) =>
    guarded(c, async () => {
      const site = await siteOf(c);
      if (site instanceof Response) return site;
      const id = channelIdOfPath(c);
      if (id instanceof Response) return id;
      const parsed = updateBody.safeParse(await jsonBody(c));
      if (!parsed.success) return invalidBody(c, parsed.error);
      const channel = await updateChannel(db, site.siteId, id, parsed.data, undefined, actorOf(c.get('principal')));
      const warnings = warningsFor(channel, requestLang(c));
      return c.json({ channel, warnings, rebuild: await rebuildAfter(c, site.sld) });
    }),
  );

  channelDeleteRoute(admin, db, rebuildAfter);
  channelContentRoutes(admin, db, rebuildAfter);
  contentImportRoutes(admin, db, now);
  contentArticleRoutes(admin, db, now, deps.previewSecret);
  contentIssueRoutes(admin, db, now, deps.previewSecret);
  contentNewsRoutes(admin, db, now, deps.previewSecret);

  siteSettingsRoutes(admin, db, now);
  siteLogoRoute(admin, db, now);
  accountRoutes(admin, db, now);

  return admin;
}
