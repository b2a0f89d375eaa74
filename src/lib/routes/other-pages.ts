import type { Lang } from '../lang.ts';
import { type QueryValues, withQuery } from './with-query.ts';

/**
 * The non-prefixed other pages (docs/product-rules.md#other-pages) that carry content: each answers 302 to the
 * canonical page for its query (src/components/content/other-page-target.ts), or the 404 page.
 * One route (src/pages/[page].astro) serves them all.
 */
export const QUERY_PAGES = [
  'mag',
  'aboutus',
  'news',
  'newLink1',
  'newLeaguage',
  'newArticle',
  'academic',
  'new',
  'science',
  'thesisDetails',
] as const;

export type QueryPage = (typeof QUERY_PAGES)[number];

export function isQueryPage(value: string | undefined): value is QueryPage {
  return (QUERY_PAGES as readonly (string | undefined)[]).includes(value);
}

/** Pages outside both families (docs/product-rules.md#other-pages and #result-pages): fixed paths, state in the query. */
/** the login page: its form also posts here when JavaScript is off */
export const LOGIN_PATH = '/login';

export const otherPages = {
  /** `problem`: why the form posted without JavaScript was refused */
  login: (lang: Lang, query: { problem?: string } = {}) => withQuery(LOGIN_PATH, { lang, ...query }),
  register: (lang: Lang) => withQuery('/register', { lang }),
  quickLogin: (lang: Lang) => withQuery('/quickLogin', { lang }),
  forgetCode: (lang: Lang) => withQuery('/forgetCode', { lang }),
  /** `provider`: a third-party login waits to be bound; `error`: it failed */
  accountBinding: (lang: Lang, query: { provider?: string; error?: 'failed' } = {}) =>
    withQuery('/accountBinding', { lang, ...query }),
  /** without `lang` the header's link, which the server completes with the visitor's language */
  personal: (lang?: Lang) => withQuery('/personal', { lang }),
  seniorSearch: (lang: Lang) => withQuery('/seniorSearch', { lang }),
  errorPage: (lang: Lang) => withQuery('/errorPage', { lang }),
  forbiddenPage: (lang: Lang) => withQuery('/forbiddenPage', { lang }),
  /** a legacy query page such as /news, /aboutus, /newLink1, /newArticle or /{code} */
  page: (name: string, query: QueryValues = {}) => withQuery(`/${name}`, query),
} as const;
