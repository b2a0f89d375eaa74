/**
 * Step 2 of the request path: the APIs, each answering only under its prefix so its middleware
 * never touches other paths. /rc-pub/** is the local API, or in upstream mode the upstream's.
 */
import type { Hono } from 'hono';
import type { ContentSource } from '../../content/source.ts';
import { type AdminRebuilder, createAdminApi } from '../admin/routes.ts';
import { createApi } from '../api/index.ts';
import type { PortalConfig } from '../config.ts';
import type { SiteForHost } from '../host.ts';
import { createMailer } from '../mail/mailer.ts';
import { createSmsSender } from '../mail/sms-config.ts';
import type { Db } from '../store/db.ts';
import type { PortalEnv } from './env.ts';
import { upstreamApi } from './upstream.ts';

/** Mounts the APIs; answers the local rc-pub API (null in upstream mode) for steps that call it in-process. */
export function mountApis(
  app: Hono<PortalEnv>,
  deps: {
    db: Db;
    source: ContentSource;
    siteForHost: SiteForHost;
    config: Pick<
      PortalConfig,
      | 'rcPubOrigin'
      | 'rebuildToken'
      | 'trustedProxies'
      | 'smtpUrl'
      | 'mailFrom'
      | 'bookCloudUrl'
      | 'bookJumpSecret'
      | 'thirdPartyProviders'
      | 'sms'
      | 'previewSecret'
    >;
    rebuilder: AdminRebuilder;
  },
): ReturnType<typeof createApi> | null {
  const { config } = deps;
  let api: ReturnType<typeof createApi> | null = null;
  if (config.rcPubOrigin) {
    app.all('/rc-pub/*', upstreamApi(config.rcPubOrigin, deps.siteForHost));
  } else {
    const local = createApi({
      db: deps.db,
      source: deps.source,
      siteForHost: deps.siteForHost,
      trustedProxies: config.trustedProxies,
      mailer: createMailer({ db: deps.db, smtpUrl: config.smtpUrl, from: config.mailFrom }),
      sms: createSmsSender(config.sms, deps.db),
      book: { url: config.bookCloudUrl, secret: config.bookJumpSecret },
      thirdParty: config.thirdPartyProviders,
    });
    api = local;
    app.all('/rc-pub/*', (c) => local.fetch(c.req.raw, c.env));
  }
  const admin = createAdminApi({
    db: deps.db,
    token: config.rebuildToken,
    rebuilder: deps.rebuilder,
    trustedProxies: config.trustedProxies,
    previewSecret: config.previewSecret,
  });
  app.all('/_admin/*', (c) => admin.fetch(c.req.raw, c.env));
  return api;
}
