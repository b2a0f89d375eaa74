/**
 * Step 5 of the request path: Astro renders the page on demand, at the site's public URL, with the
 * site and the content source in locals (src/middleware.ts adds the language). No route: the 404
 * page in the URL's language. HTML leaves with its prebuilt twin's type and cache policy, compressed.
 */
import type { ContentSource } from '../../content/source.ts';
import type { Site } from '../../content/types.ts';
import { sameOriginLocation } from '../../lib/location.ts';
import { publicOrigin } from '../build/public-origin.ts';
import type { RenderPage } from '../build/renderer.ts';
import type { SiteMemo } from '../build/site-memo.ts';
import { snapshotSource } from '../build/snapshot-source.ts';
import { urlLang } from '../redirects.ts';
import { preferredEncodings } from '../static/conditional.ts';
import { fastBrotli, fastGzip } from '../static/fast-compress.ts';
import { contentTypeOf } from '../static/mime.ts';
import { decodedPath } from '../static/paths.ts';
import { REVALIDATE } from './env.ts';

const ERROR_PAGE = /^\/500\/?$/;

/** The page rendered on demand, compressed. */
export async function serveOnDemand(
  renderPage: RenderPage,
  request: Request,
  site: Site,
  deps: OnDemandDeps,
): Promise<Response> {
  const rendered = await renderOnDemand(renderPage, request, site, deps);
  rendered.headers.set('X-Rendered', 'on-demand');
  return compressed(request, rendered);
}

/** previewItem: the item a checked preview link opens (src/server/http/preview.ts) */
type OnDemandDeps = {
  source: ContentSource;
  /** site-wide answers kept across renders (absent: read once per render) */
  siteMemo?: SiteMemo | undefined;
  baseDomain: string;
  smsCodes?: boolean;
  previewItem?: App.Locals['previewItem'];
};

async function renderOnDemand(
  renderPage: RenderPage,
  request: Request,
  site: Site,
  deps: OnDemandDeps,
): Promise<Response> {
  const url = new URL(request.url);
  const origin = publicOrigin(site, deps.baseDomain);
  const kept = deps.siteMemo ? await deps.siteMemo.open(site.id) : null;
  const locals = {
    // one render reads one moment of the site, as a prebuild does: the shell and the site-wide
    // lists once per render instead of once per component that needs them (with a memo, kept
    // across renders until the change log moves, with the shell's island-free HTML)
    source: kept?.source ?? snapshotSource(deps.source),
    ...(kept ? { siteFragments: kept.fragments } : {}),
    site,
    smsCodes: deps.smsCodes ?? true,
    ...(deps.previewItem === undefined ? {} : { previewItem: deps.previewItem }),
  };
  const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers: request.headers };
  if (request.body) Object.assign(init, { body: request.body, duplex: 'half' });
  // '/500' is Astro's error page, not a page of the site; a path that does not decode names nothing
  const response =
    ERROR_PAGE.test(url.pathname) || decodedPath(url.pathname) === null
      ? null
      : await renderPage(new Request(origin + url.pathname + url.search, init), locals);
  if (response) return likePrebuilt(sameOriginRedirect(response));
  // in the language the URL names, as a page's own 404 would be
  const lang = urlLang(url.pathname, url.searchParams.get('lang') ?? undefined);
  const notFound = await renderPage(
    new Request(`${origin}/404${lang ? `?lang=${lang}` : ''}`, { headers: request.headers }),
    locals,
  );
  if (!notFound)
    return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return likePrebuilt(new Response(notFound.body, { status: 404, headers: notFound.headers }));
}

/** A page's redirect leaves as a same-origin path, whatever segments it was built from. */
function sameOriginRedirect(response: Response): Response {
  const location = response.headers.get('location');
  if (location === null || !location.startsWith('/')) return response;
  const headers = new Headers(response.headers);
  headers.set('Location', sameOriginLocation(location));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
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
  const encoded = body.length < 1024 ? null : encoding === 'br' ? await fastBrotli(body) : await fastGzip(body);
  if (encoded) headers.set('Content-Encoding', encoding);
  headers.set('Content-Length', String((encoded ?? body).length));
  return new Response(encoded ?? body, { status: response.status, headers });
}
