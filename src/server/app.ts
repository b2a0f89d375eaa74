/**
 * The one Node server, as a Hono app. Per request, in order: the rc-pub API, the admin API, hashed
 * client assets, host → site, theme.css, sitemaps and robots.txt, the expired/forbidden gate,
 * double slashes, legacy redirects, an open site's /forbiddenPage, '/', a prebuilt file, a public
 * file, and finally Astro rendering on demand.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { HttpBindings } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import type { ContentSource } from '../content/source.ts';
import type { Site } from '../content/types.ts';
import { LANG_COOKIE, type Lang, readCookie, resolveLang } from '../lib/lang.ts';
import { canonical } from '../lib/routes.ts';
import { themeCss } from '../lib/theme.ts';
import { type AdminRebuilder, createAdminApi } from './admin/routes.ts';
import { createApi } from './api/index.ts';
import { publicOrigin } from './build/public-origin.ts';
import { loadRenderer, type RenderPage } from './build/renderer.ts';
import { builderPaths, createSiteBuilder, type SiteBuilder } from './build/site-builder.ts';
import { hasBuild } from './build/site-folder.ts';
import { listSitePages } from './build/site-pages.ts';
import { sitemapFiles } from './build/sitemaps.ts';
import type { PortalConfig } from './config.ts';
import { createSiteResolver, effectiveHost, type SiteForHost } from './host.ts';
import { legacyTarget, periodLookup, urlLang } from './redirects.ts';
import { etagMatches, preferredEncodings } from './static/conditional.ts';
import { contentTypeOf } from './static/mime.ts';
import { decodedPath, fileForPath, prebuiltFileFor, queryNeedsRender } from './static/paths.ts';
import { createPrebuiltServer } from './static/prebuilt-cache.ts';
import { serveFile } from './static/serve-file.ts';
import { unknownSitePage } from './static/unknown-site.ts';
import type { Db } from './store/db.ts';
import { flushVisits, recordVisit } from './store/visits.ts';
import { sitesConfig } from '../../sites.config.ts';

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

type PortalEnv = { Bindings: Partial<HttpBindings>; Variables: { site: Site } };

export type PortalServer = Hono<PortalEnv> & {
  /** answers a prebuilt page straight from memory on the raw Node request; false: use fetch */
  serveNode(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  builder: SiteBuilder;
  siteForHost: SiteForHost;
  /** waits for running rebuilds and stops the render workers */
  close(): Promise<void>;
};

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, no-cache';
const SHORT = 'public, max-age=300';
const BOT = /bot|crawler|spider/i;
/** pages an expired or forbidden site still shows (the notice itself) */
const OPEN_WHEN_CLOSED = /^\/(forbiddenPage|errorPage)\/?$/;
const ERROR_PAGE = /^\/500\/?$/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function createPortalServer(deps: PortalDeps): PortalServer {
  const { db, source, config } = deps;
  const now = deps.now ?? (() => new Date());
  const siteForHost = createSiteResolver({ source, baseDomain: config.baseDomain });
  const builder =
    deps.builder ??
    createSiteBuilder({
      db,
      source,
      ...builderPaths(config),
      now,
    });
  let renderer: Promise<RenderPage> | null = deps.render ? Promise.resolve(deps.render) : null;
  const render = () => {
    renderer ??= loadRenderer(config.astroOutDir).catch((error: unknown) => {
      renderer = null;
      throw error;
    });
    return renderer;
  };
  const clientDir = join(config.astroOutDir, 'client');

  const inner = new Hono<PortalEnv>();
  // Hono answers HEAD by running the GET route and dropping the body: name the length it had.
  inner.use('*', async (c, next) => {
    await next();
    if (c.req.method !== 'HEAD' || c.res.headers.has('content-length') || !c.res.body) return;
    c.res.headers.set('Content-Length', String((await c.res.clone().arrayBuffer()).byteLength));
  });
  // Each sub-app answers only under its prefix, so its middleware never touches other paths.
  const api = createApi({ db, source, siteForHost });
  const admin = createAdminApi({ db, token: config.rebuildToken, rebuilder: deps.rebuilder ?? builder.rebuild });
  inner.all('/rc-pub/*', (c) => api.fetch(c.req.raw, c.env));
  inner.all('/_admin/*', (c) => admin.fetch(c.req.raw, c.env));

  inner.on(['GET', 'HEAD'], '/_astro/*', async (c) => {
    const file = fileForPath(clientDir, c.req.path);
    const response = file ? await serveFile(c.req.raw, file, { cacheControl: IMMUTABLE, ranges: true }) : null;
    return response ?? c.notFound();
  });

  inner.use('*', async (c, next) => {
    const site = await siteForHost(c.req.header('host') ?? '');
    if (!site) {
      return c.html(unknownSitePage(), 404, { 'Cache-Control': 'no-store' });
    }
    c.set('site', site);
    return next();
  });

  inner.get('/_static/theme.css', (c) => {
    const css = themeCss(c.var.site);
    const etag = `"${createHash('sha1').update(css).digest('base64url')}"`;
    const headers = { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': SHORT, ETag: etag };
    if (etagMatches(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers);
    return c.body(css, 200, headers);
  });

  inner.get('/:file{(robots\\.txt|sitemap\\.txt|sitemap\\.xml|sitemap-\\d+\\.xml)}', async (c) => {
    const site = c.var.site;
    const name = c.req.param('file');
    if (site.status !== 'active') {
      // A closed site's pages all redirect to the forbidden page: nothing to crawl or list.
      if (name !== 'robots.txt') return c.notFound();
      return c.body('User-agent: *\nDisallow: /\n', 200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': SHORT });
    }
    const prebuilt = await serveFile(c.req.raw, join(config.sitesDir, site.sld, name), { cacheControl: SHORT });
    if (prebuilt) return prebuilt;
    // A built site has all its sitemap files: listing every page again would only answer 404.
    if (await hasBuild(config.sitesDir, site.sld)) return c.notFound();
    // Not built yet: made on demand from the same page list the build uses.
    const pages = await listSitePages(source, site, { recentYears: sitesConfig.prebuildRecentYears, languages: sitesConfig.languages, now: now() });
    const content = sitemapFiles(publicOrigin(site, config.baseDomain), pages)[name];
    if (content === undefined) return c.notFound();
    const type = name.endsWith('.xml') ? 'application/xml; charset=utf-8' : 'text/plain; charset=utf-8';
    return c.body(content, 200, { 'Content-Type': type, 'Cache-Control': SHORT });
  });

  inner.use('*', async (c, next) => {
    const site = c.var.site;
    if (site.status === 'active' || OPEN_WHEN_CLOSED.test(c.req.path)) return next();
    const lang = langOf(c);
    return c.redirect(`/forbiddenPage?lang=${lang}`, 302);
  });

  inner.on(['GET', 'HEAD'], '*', async (c, next) => {
    // '/en//article/1/' is '/en/article/1/': one URL a page, prebuilt or not (and never '//host')
    if (!c.req.path.includes('//')) return next();
    const search = new URL(c.req.url).search;
    return c.redirect(c.req.path.replace(/\/{2,}/g, '/') + search, 301);
  });

  inner.on(['GET', 'HEAD'], '*', async (c, next) => {
    const request = { pathname: c.req.path, queryLang: c.req.query('lang'), cookieHeader: c.req.header('cookie') };
    const target = await legacyTarget(request, periodLookup(db, c.var.site));
    if (!target) return next();
    // The language came from the cookie: another visitor (or this one, later) goes elsewhere.
    if (target.byCookie) {
      c.header('Cache-Control', 'private, no-cache');
      c.header('Vary', 'Cookie');
    }
    return c.redirect(target.location, 301);
  });

  // the notice of a closed site: an open one sends its visitors home
  inner.on(['GET', 'HEAD'], '/forbiddenPage', (c, next) => (c.var.site.status === 'active' ? c.redirect(canonical.home(langOf(c)), 302) : next()));

  inner.on(['GET', 'HEAD'], '/', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.redirect(canonical.home(langOf(c)), 302);
  });

  inner.all('*', async (c) => {
    const site = c.var.site;
    const request = c.req.raw;
    const url = new URL(request.url);
    const readable = request.method === 'GET' || request.method === 'HEAD';
    if (readable) {
      const file = queryNeedsRender(url.searchParams) ? null : prebuiltFileFor(join(config.sitesDir, site.sld), url.pathname);
      const prebuilt = file ? await serveFile(request, file, { cacheControl: file.endsWith('.html') ? REVALIDATE : SHORT }) : null;
      if (prebuilt) {
        if (prebuilt.status === 200 && file?.endsWith('.html')) countVisit(c, site);
        return prebuilt;
      }
      // public files (favicon, images) whatever the query: '?v=2' only busts caches
      const publicFile = fileForPath(clientDir, url.pathname);
      const asset = publicFile && !url.pathname.endsWith('/') ? await serveFile(request, publicFile, { cacheControl: SHORT, ranges: true }) : null;
      if (asset) return asset;
    }
    const rendered = await renderOnDemand(await render(), request, site);
    if (readable && rendered.status === 200 && rendered.headers.get('content-type')?.startsWith('text/html')) countVisit(c, site);
    rendered.headers.set('X-Rendered', 'on-demand');
    return compressed(request, rendered);
  });

  const renderOnDemand = async (renderPage: RenderPage, request: Request, site: Site): Promise<Response> => {
    const url = new URL(request.url);
    const origin = publicOrigin(site, config.baseDomain);
    const locals = { source, site };
    const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers: request.headers };
    if (request.body) Object.assign(init, { body: request.body, duplex: 'half' });
    // '/500' is Astro's error page, not a page of the site; a path that does not decode names nothing
    const response = ERROR_PAGE.test(url.pathname) || decodedPath(url.pathname) === null ? null : await renderPage(new Request(origin + url.pathname + url.search, init), locals);
    if (response) return likePrebuilt(response);
    // in the language the URL names, as a page's own 404 would be
    const lang = urlLang(url.pathname, url.searchParams.get('lang') ?? undefined);
    const notFound = await renderPage(new Request(`${origin}/404${lang ? `?lang=${lang}` : ''}`, { headers: request.headers }), locals);
    if (!notFound) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    return likePrebuilt(new Response(notFound.body, { status: 404, headers: notFound.headers }));
  };

  const countVisit = (c: Context<PortalEnv>, site: Site) => {
    if (c.req.method !== 'GET') return;
    countPageView(site, c.req.header('user-agent'));
  };
  const countPageView = (site: Site, userAgent: string | undefined) => {
    if (site.status !== 'active' || BOT.test(userAgent ?? '')) return;
    try {
      recordVisit(db, site.id, now());
    } catch (error) {
      console.error('could not record a visit', error);
    }
  };

  const app = new Hono<PortalEnv>();
  app.all('*', (c) => {
    const request = c.req.raw;
    const peer = c.env?.incoming?.socket.remoteAddress;
    const host = effectiveHost({ host: request.headers.get('host'), forwardedHost: request.headers.get('x-forwarded-host') }, peer, config.trustedProxies);
    if (host === (request.headers.get('host') ?? '')) return inner.fetch(request, c.env);
    const headers = new Headers(request.headers);
    headers.set('host', host);
    const init: RequestInit & { duplex?: 'half' } = { headers };
    if (request.body) init.duplex = 'half';
    return inner.fetch(new Request(request, init), c.env);
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
    onPage: (site, req) => countPageView(site, req.headers['user-agent']),
  });

  return Object.assign(app, {
    serveNode,
    builder,
    siteForHost,
    close: async () => {
      flushVisits(db);
      await builder.close();
    },
  });
}

/** Language for a redirect: the URL's (a /zh/ or /en/ prefix, a legacy path's, ?lang=), else the cookie, else zh. */
function langOf(c: Context): Lang {
  return resolveLang(urlLang(c.req.path, c.req.query('lang')), readCookie(c.req.header('cookie'), LANG_COOKIE));
}

/** An on-demand page carries the type and cache policy its prebuilt twin is served with. */
function likePrebuilt(response: Response): Response {
  if (response.headers.get('content-type')?.split(';')[0] !== 'text/html') return response;
  const headers = new Headers(response.headers);
  headers.set('Content-Type', contentTypeOf('index.html'));
  if (!headers.has('cache-control')) headers.set('Cache-Control', REVALIDATE);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Compresses an on-demand HTML page for clients that accept it (prebuilt ones come compressed). */
async function compressed(request: Request, response: Response): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  if (!response.body || response.headers.has('content-encoding') || !/^text\/html|json|xml/.test(type)) return response;
  // Vary on every answer a cache could keep, compressed or not: the next client may accept br.
  response.headers.append('Vary', 'Accept-Encoding');
  const [encoding] = preferredEncodings(request.headers.get('accept-encoding'));
  if (!encoding) return response;
  const body = Buffer.from(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  const encoded =
    body.length < 1024 ? null : encoding === 'br' ? await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) : await gzipAsync(body, { level: 6 });
  if (encoded) headers.set('Content-Encoding', encoding);
  headers.set('Content-Length', String((encoded ?? body).length));
  return new Response(encoded ?? body, { status: response.status, headers });
}
