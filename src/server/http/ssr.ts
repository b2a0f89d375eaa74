/**
 * Step 5 of the request path: Astro renders the page on demand, at the site's public URL, with the
 * site and the content source in locals (src/middleware.ts adds the language). No route: the 404
 * page in the URL's language. HTML leaves with its prebuilt twin's type and cache policy, compressed.
 */
import type { ContentSource } from '../../content/source.ts';
import type { Site } from '../../content/types.ts';
import { sameOriginLocation } from '../../lib/location.ts';
import { publicOrigin } from '../build/public-origin.ts';
import { type RenderPage, renderedPageOf } from '../build/renderer.ts';
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
  return responseOf(await compressed(request, rendered));
}

/** An answer as bytes, changed in place on its way out and made a Response once. */
type Answer = { status: number; statusText: string; headers: Headers; body: Buffer | null };

async function answerOf(response: Response): Promise<Answer> {
  // the renderer's own pages are bytes already (its headers are this answer's alone)
  const page = renderedPageOf(response);
  if (page) return { status: page.status, statusText: '', headers: page.headers, body: page.body };
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
  return { status: response.status, statusText: response.statusText, headers: new Headers(response.headers), body };
}

const responseOf = ({ status, statusText, headers, body }: Answer): Response =>
  new Response(body === null ? null : new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), {
    status,
    statusText,
    headers,
  });

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
): Promise<Answer> {
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
  if (response) return likePrebuilt(sameOriginRedirect(await answerOf(response)));
  // in the language the URL names, as a page's own 404 would be
  const lang = urlLang(url.pathname, url.searchParams.get('lang') ?? undefined);
  const notFound = await renderPage(
    new Request(`${origin}/404${lang ? `?lang=${lang}` : ''}`, { headers: request.headers }),
    locals,
  );
  if (!notFound)
    return {
      status: 404,
      statusText: '',
      headers: new Headers({ 'Content-Type': 'text/plain; charset=utf-8' }),
      body: Buffer.from('Not found'),
    };
  return likePrebuilt({ ...(await answerOf(notFound)), status: 404, statusText: '' });
}

/** A page's redirect leaves as a same-origin path, whatever segments it was built from. */
function sameOriginRedirect(answer: Answer): Answer {
  const location = answer.headers.get('location');
  if (location?.startsWith('/')) answer.headers.set('Location', sameOriginLocation(location));
  return answer;
}

/** An on-demand page carries the type and cache policy its prebuilt twin is served with. */
function likePrebuilt(answer: Answer): Answer {
  if (answer.headers.get('content-type')?.split(';')[0] !== 'text/html') return answer;
  answer.headers.set('Content-Type', contentTypeOf('index.html'));
  if (!answer.headers.has('cache-control')) answer.headers.set('Cache-Control', REVALIDATE);
  return answer;
}

/** Compresses an on-demand HTML page for clients that accept it (prebuilt ones come compressed). */
async function compressed(request: Request, answer: Answer): Promise<Answer> {
  const { body, headers } = answer;
  const type = headers.get('content-type') ?? '';
  if (!body || headers.has('content-encoding') || !/^text\/html|json|xml/.test(type)) return answer;
  // Vary on every answer a cache could keep, compressed or not: the next client may accept br.
  headers.append('Vary', 'Accept-Encoding');
  const [encoding] = preferredEncodings(request.headers.get('accept-encoding'));
  if (!encoding) return answer;
  const encoded = body.length < 1024 ? null : encoding === 'br' ? await fastBrotli(body) : await fastGzip(body);
  if (encoded) headers.set('Content-Encoding', encoding);
  headers.set('Content-Length', String((encoded ?? body).length));
  return { status: answer.status, statusText: '', headers, body: encoded ?? body };
}
