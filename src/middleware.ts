/**
 * Runs before every page render (prebuilt or on demand). The Node server has already put the
 * visited site and the content source in locals (src/server/http/ssr.ts, src/server/build/prerender.ts); this adds the one language
 * rule (docs/product-rules.md#languages) so pages read it instead of working it out each:
 *   lang     the language the page speaks: the /{lang}/ prefix, else ?lang=, else the cookie, else zh
 *   pathLang the /{lang}/ prefix when it names a language, else null (a page under [lang] then 404s)
 *   t        the dictionary of `lang`
 */
import { defineMiddleware } from 'astro:middleware';
import { langParam } from './components/content/params.ts';
import { dictionary } from './i18n/index.ts';
import { langOfRequest } from './lib/lang.ts';

export const onRequest = defineMiddleware((context, next) => {
  const { url, request } = context;
  const lang = langOfRequest({
    path: url.pathname,
    query: url.searchParams.get('lang'),
    cookies: request.headers.get('cookie'),
  });
  context.locals.lang = lang;
  context.locals.pathLang = langParam(context.url.pathname.split('/')[1]);
  context.locals.t = dictionary(lang);
  return next();
});
