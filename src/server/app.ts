/**
 * The one Node server, as a Hono app: the steps of the request path in order, each in its own
 * module under src/server/http/ (see docs/architecture.md):
 *   0. limits              http/request-limits.ts (body size by route kind; GET/HEAD only past the APIs)
 *   1. host → site        http/host.ts          (effective host, then the site it names)
 *   2. API                 http/api.ts           (/rc-pub/**, local or upstream; /_admin/**)
 *   -  site files          http/site-files.ts    (theme.css, robots.txt, sitemaps)
 *   -  console             http/console.ts       (/_console/: the editors' console's frame)
 *   3. closed site         http/closed-site.ts   (public files, else the notice, 403)
 *      redirects           http/redirect-steps.ts ('//', legacy URLs, '/')
 *      article PDFs        http/article-pdf.ts   (/{lang}/article/{id}/{name}.pdf: the API's download)
 *   4. prebuilt file       http/prebuilt.ts      (then the build's public files)
 *   5. SSR                 http/ssr.ts           (Astro on demand, 404 page, compression)
 * Hashed client assets (/_astro/*) are answered before the site is looked up.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { Hono } from 'hono';
import type { ContentSource } from '../content/source.ts';
import type { AdminRebuilder } from './admin/routes.ts';
import { loadRenderer, type RenderPage } from './build/renderer.ts';
import { builderPaths, createSiteBuilder, type SiteBuilder } from './build/site-builder.ts';
import { createSiteMemo } from './build/site-memo.ts';
import type { PortalConfig } from './config.ts';
import { createSiteResolver, effectiveHost, type SiteForHost } from './host.ts';
import { mountApis } from './http/api.ts';
import { mountArticlePdf } from './http/article-pdf.ts';
import { mountClosedSiteGate } from './http/closed-site.ts';
import { mountConsole } from './http/console.ts';
import { IMMUTABLE, type PortalEnv, REVALIDATE, SHORT } from './http/env.ts';
import { mountFormFallback } from './http/form-fallback.ts';
import { siteStep, withEffectiveHost } from './http/host.ts';
import { mountMemberSteps } from './http/member-steps.ts';
import { mountOai } from './http/oai.ts';
import { prebuiltOrPublicFile, publicFile } from './http/prebuilt.ts';
import { mountPreview } from './http/preview.ts';
import { mountRedirects } from './http/redirect-steps.ts';
import { BUSY_RETRY_AFTER_SECONDS, createRenderGate } from './http/render-gate.ts';
import { bodyLimitStep, bodyLimits, pageMethodStep } from './http/request-limits.ts';
import { mountSiteFiles } from './http/site-files.ts';
import { mountSiteJump } from './http/site-jump.ts';
import { serveOnDemand } from './http/ssr.ts';
import { periodLookup, sourcePeriodLookup } from './redirects.ts';
import { noticePage } from './static/notice-page.ts';
import { pageHeaders } from './static/page-headers.ts';
import { fileForPath } from './static/paths.ts';
import { createPrebuiltServer } from './static/prebuilt-cache.ts';
import { serveFile } from './static/serve-file.ts';
import type { Db } from './store/db.ts';

export type PortalDeps = {
  db: Db;
  source: ContentSource;
  config: PortalConfig;
  now?: () => Date;
  /** builds and rebuilds sites; made from config when absent */
  builder?: SiteBuilder;
  /** where the admin API sends rebuilds: the builder's queue unless another process owns it */
  rebuilder?: AdminRebuilder;
  /** renders pages; loaded from ASTRO_OUT_DIR when absent */
  render?: RenderPage;
};

export type PortalServer = Hono<PortalEnv> & {
  /** answers a prebuilt page straight from memory on the raw Node request; false: use fetch */
  serveNode(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  builder: SiteBuilder;
  siteForHost: SiteForHost;
  /** waits for running rebuilds and stops the render workers */
  close(): Promise<void>;
};

export function createPortalServer(deps: PortalDeps): PortalServer {
  const { db, source, config } = deps;
  const now = deps.now ?? (() => new Date());
  const siteForHost = createSiteResolver({ source, baseDomain: config.baseDomain });
  const builder = deps.builder ?? createSiteBuilder({ db, source, ...builderPaths(config), now });
  const render = lazyRenderer(config.astroOutDir, deps.render);

  const renderGate = createRenderGate(config.render);
  const smsCodes = config.rcPubOrigin !== undefined || config.sms.provider !== 'none';
  // an upstream source has no change log here to say when its answers went stale
  const siteMemo = config.rcPubOrigin ? undefined : createSiteMemo({ db, source, now });

  const inner = new Hono<PortalEnv>();
  inner.use('*', headLength);
  inner.use('*', bodyLimitStep(bodyLimits(config)));
  const localApi = mountApis(inner, {
    db,
    source,
    siteForHost,
    config,
    rebuilder: deps.rebuilder ?? ownRebuilder(builder),
  });
  inner.use('*', pageHeaders);
  inner.use('*', pageMethodStep);
  inner.on(['GET', 'HEAD'], '/_astro/*', async (c) => {
    const file = fileForPath(join(config.astroOutDir, 'client'), c.req.path);
    const response = file ? await serveFile(c.req.raw, file, { cacheControl: IMMUTABLE, ranges: true }) : null;
    return response ?? c.notFound();
  });
  inner.use('*', siteStep(siteForHost));
  mountSiteFiles(inner, { source, config, now });
  // the repository reads the local store; an upstream deployment harvests the upstream's
  if (!config.rcPubOrigin)
    mountOai(inner, { db, source, baseDomain: config.baseDomain, adminEmail: config.mailFrom, now });
  const busy = () =>
    new Response(noticePage('busy'), {
      status: 503,
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Retry-After': String(BUSY_RETRY_AFTER_SECONDS),
        'Cache-Control': 'no-store',
      },
    });
  mountConsole(
    inner,
    async (request, site) =>
      (await renderGate.run(async () =>
        serveOnDemand(await render(), request, site, { source, siteMemo, baseDomain: config.baseDomain, smsCodes }),
      )) ?? busy(),
  );
  mountClosedSiteGate(inner, {
    publicFile: (request) => publicFile(request, config),
    notice: async (request, site) =>
      (await renderGate.run(async () =>
        serveOnDemand(await render(), request, site, { source, siteMemo, baseDomain: config.baseDomain, smsCodes }),
      )) ?? busy(),
  });
  mountSiteJump(inner, { source, baseDomain: config.baseDomain });
  mountRedirects(inner, (site) => (config.rcPubOrigin ? sourcePeriodLookup(source, site) : periodLookup(db, site)));
  mountArticlePdf(inner, (request, env) => inner.fetch(request, env));
  if (!config.rcPubOrigin) {
    mountPreview(inner, {
      secret: config.previewSecret,
      now,
      render: async (request, site, previewItem) =>
        (await renderGate.run(async () =>
          serveOnDemand(await render(), request, site, {
            source,
            siteMemo,
            baseDomain: config.baseDomain,
            smsCodes,
            ...(previewItem === undefined ? {} : { previewItem }),
          }),
        )) ?? busy(),
    });
  }
  if (!config.rcPubOrigin) mountMemberSteps(inner, db, now);
  mountFormFallback(inner, localApi);
  inner.all('*', async (c) => {
    const { site } = c.var;
    const request = c.req.raw;
    if (request.method === 'GET' || request.method === 'HEAD') {
      const file = await prebuiltOrPublicFile(request, site, config);
      if (file) return file;
    }
    const rendered = await renderGate.run(async () =>
      serveOnDemand(await render(), request, site, { source, siteMemo, baseDomain: config.baseDomain, smsCodes }),
    );
    return rendered ?? busy();
  });

  const serveNode = createPrebuiltServer({
    sitesDir: config.sitesDir,
    siteOf: (req) => {
      const forwarded = req.headers['x-forwarded-host'];
      const host = effectiveHost(
        { host: req.headers.host ?? null, forwardedHost: typeof forwarded === 'string' ? forwarded : null },
        req.socket.remoteAddress,
        config.trustedProxies,
      );
      return siteForHost(host);
    },
    cacheControl: (file) => (file.endsWith('.html') ? REVALIDATE : SHORT),
  });

  return Object.assign(withEffectiveHost(inner, config), {
    serveNode,
    builder,
    siteForHost,
    close: () => builder.close(),
  });
}

/** The admin API's view of this process's own builder: its rebuild queue and its passes. */
function ownRebuilder(builder: SiteBuilder): AdminRebuilder {
  return {
    request: (sld) => builder.rebuild.request(sld),
    state: (sld) => builder.rebuild.state(sld),
    last: (sld) => builder.rebuild.last(sld),
    passStatus: (sld) => builder.passStatus(sld),
  };
}

/** Hono answers HEAD by running the GET route and dropping the body: name the length it had. */
const headLength = async (c: { req: { method: string }; res: Response }, next: () => Promise<void>) => {
  await next();
  if (c.req.method !== 'HEAD' || c.res.headers.has('content-length') || !c.res.body) return;
  c.res.headers.set('Content-Length', String((await c.res.clone().arrayBuffer()).byteLength));
};

/** The Astro renderer, loaded on first use (a failed load is retried by the next request). */
function lazyRenderer(astroOutDir: string, given: RenderPage | undefined): () => Promise<RenderPage> {
  let renderer: Promise<RenderPage> | null = given ? Promise.resolve(given) : null;
  return () => {
    renderer ??= loadRenderer(astroOutDir).catch((error: unknown) => {
      renderer = null;
      throw error;
    });
    return renderer;
  };
}
