/**
 * The rc-pub compatible API: every route under /rc-pub/ answers the envelope {status, message,
 * data} with the message in the request's language. Handlers are a thin layer over ContentSource
 * and a few store queries; the route table also produces /rc-pub/openapi.json.
 */
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ArticleDetail } from '../../content/types.ts';
import { API_HEADERS, API_STATUS, apiPaths } from '../../lib/api-paths.ts';
import { isLang, type Lang, langOfRequest } from '../../lib/lang.ts';
import { fromOwnOrigin, mediaType } from '../auth/same-origin.ts';
import { pdfInputOf } from '../files/pdf-input.ts';
import { outboxMailer } from '../mail/mailer.ts';
import { outboxSmsSender } from '../mail/sms.ts';
import { albumRoutes } from './album.ts';
import { articleRoutes } from './article.ts';
import { articleFullTextRoutes } from './article-fulltext.ts';
import { articleRelationRoutes } from './article-relations.ts';
import { bookRoutes } from './book.ts';
import { channelRoutes } from './channel.ts';
import { citationRoutes } from './citation.ts';
import { configRoutes } from './config.ts';
import { countRoutes } from './counts.ts';
import type { ApiDeps, ResolvedDeps } from './deps.ts';
import { failure, ok } from './envelope.ts';
import { ApiError } from './errors.ts';
import { expertRoutes } from './expert.ts';
import { fileRoutes } from './files.ts';
import { jumpRoutes } from './jump.ts';
import { loginRoutes } from './login.ts';
import { loginCodeRoutes } from './login-codes.ts';
import { memberSubscriptionRoutes } from './member-subscriptions.ts';
import { memberRoutes } from './members.ts';
import { newsRoutes } from './news.ts';
import { openApiDocument } from './openapi.ts';
import { periodRoutes } from './period.ts';
import { personalAlbumRoutes } from './personal-album.ts';
import type { ApiEnv, ApiRoute, RouteScope } from './route.ts';
import { rssRoutes } from './rss.ts';
import { ensureOpen, requestSite, requireMember } from './scope.ts';
import { searchRoutes } from './search.ts';
import { siteRoutes } from './site.ts';
import { subscriptionRoutes } from './subscription.ts';
import { thirdLoginRoutes } from './third-login.ts';
import { uploadSizeMessage } from './uploads.ts';

export type { ApiDeps } from './deps.ts';

/** docs/product-rules.md#languages: the language header, else the lang query parameter, else the cookie, else zh. */
export function requestLang(c: Context): Lang {
  return langOfRequest({
    header: c.req.header(API_HEADERS.language),
    query: c.req.query('lang'),
    cookies: c.req.header('cookie'),
  });
}

async function renderPdfOnDemand(article: ArticleDetail): Promise<Uint8Array> {
  // loaded on first use: most processes never draw a PDF
  const { renderArticlePdf } = await import('../files/pdf.ts');
  return renderArticlePdf(pdfInputOf(article));
}

/** Every route, in registration order: fixed paths before the `:id` patterns they share a prefix with. */
export function apiRoutes(deps: ResolvedDeps): ApiRoute[] {
  return [
    ...siteRoutes(deps),
    ...searchRoutes(deps),
    ...configRoutes(deps),
    ...bookRoutes(deps),
    ...channelRoutes(deps),
    ...periodRoutes(deps),
    ...citationRoutes(deps),
    ...countRoutes(deps),
    ...articleFullTextRoutes(deps),
    ...articleRelationRoutes(deps),
    ...articleRoutes(deps),
    ...jumpRoutes(deps),
    ...newsRoutes(deps),
    ...albumRoutes(deps),
    ...expertRoutes(deps),
    ...fileRoutes(deps),
    ...rssRoutes(deps),
    ...subscriptionRoutes(deps),
    ...loginRoutes(deps),
    ...loginCodeRoutes(deps),
    ...thirdLoginRoutes(deps),
    ...memberRoutes(deps),
    ...memberSubscriptionRoutes(deps),
    ...personalAlbumRoutes(deps),
  ];
}

/** An upload route reads no more than its own limit, whatever the declared length says; beyond it, the size message of its picture (docs/product-rules.md#uploads). */
function uploadLimit(path: string, maxSize: number): MiddlewareHandler<ApiEnv> {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError(API_STATUS.badRequest, uploadSizeMessage(path));
    },
  });
}

/**
 * A call that changes state comes from the site's own pages (or from no browser at all), and in
 * the one body type its route reads: JSON, or the multipart form of an upload. A cross-site page
 * can post text/plain or a form without asking first; JSON it cannot send without CORS, which
 * the API never grants.
 */
function ownOriginWrites(form: boolean): MiddlewareHandler<ApiEnv> {
  const expected = form ? 'multipart/form-data' : 'application/json';
  return async (c, next) => {
    if (
      !fromOwnOrigin({
        origin: c.req.header('origin'),
        fetchSite: c.req.header('sec-fetch-site'),
        host: c.req.header('host'),
      })
    ) {
      throw new ApiError(API_STATUS.forbidden, 'crossSiteRefused');
    }
    const type = mediaType(c.req.header('content-type'));
    // a DELETE carries no body, and no page can send one cross-site without CORS
    if (c.req.method === 'POST' && type !== expected)
      throw new ApiError(API_STATUS.badRequest, 'contentTypeRefused', { type: expected });
    await next();
  };
}

export function createApi(deps: ApiDeps): Hono<ApiEnv> {
  const resolved: ResolvedDeps = {
    db: deps.db,
    source: deps.source,
    siteForHost: deps.siteForHost,
    now: deps.now ?? (() => new Date()),
    log: deps.log ?? ((message, error) => console.error(message, error)),
    renderPdf: deps.renderPdf ?? renderPdfOnDemand,
    trustedProxies: deps.trustedProxies ?? [],
    mailer: deps.mailer ?? outboxMailer(deps.db),
    sms: deps.sms === undefined ? outboxSmsSender(deps.db) : deps.sms,
    book: deps.book ?? { url: undefined, secret: undefined },
    thirdParty: deps.thirdParty ?? [],
  };
  const routes = apiRoutes(resolved);
  const app = new Hono<ApiEnv>();

  app.use('*', async (c, next) => {
    c.set('lang', requestLang(c));
    await next();
  });

  for (const apiRoute of routes) {
    if (apiRoute.method !== 'get') app.on(apiRoute.method.toUpperCase(), apiRoute.path, ownOriginWrites(apiRoute.form));
    if (apiRoute.maxBodyBytes)
      app.on(apiRoute.method.toUpperCase(), apiRoute.path, uploadLimit(apiRoute.path, apiRoute.maxBodyBytes));
    app.on(apiRoute.method.toUpperCase(), apiRoute.path, async (c) => {
      const lang = c.get('lang');
      const scope: RouteScope = { lang, site: null, member: null };
      if (apiRoute.scope !== 'none') {
        scope.site = await requestSite(c, resolved);
        ensureOpen(scope.site);
        if (apiRoute.scope === 'member') scope.member = await requireMember(c, resolved, scope.site);
      }
      const result = await apiRoute.run(c, scope);
      if (result instanceof Response) return result;
      // a member's data and the answers of writes (a login's token among them) are no cache's to keep
      if (apiRoute.scope === 'member' || apiRoute.method !== 'get') c.header('Cache-Control', 'no-store');
      return ok(c, lang, result, apiRoute.successMessage);
    });
  }

  let document: unknown = null;
  app.get(apiPaths.openapi, (c) => {
    document ??= openApiDocument(routes);
    return c.json(document);
  });

  app.notFound((c) => failure(c, requestLang(c), new ApiError(API_STATUS.notFound, 'routeNotFound'), 404));

  app.onError((error, c) => {
    const lang = isLang(c.get('lang')) ? c.get('lang') : requestLang(c);
    if (error instanceof ApiError) return failure(c, lang, error);
    resolved.log(`rc-pub API error on ${c.req.method} ${c.req.path}`, error);
    return failure(c, lang, new ApiError(API_STATUS.serverError, 'serverError'), 500);
  });

  return app;
}
