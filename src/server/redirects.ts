/**
 * Legacy URL families (docs/product-rules.md#legacy-urls) answer 301 to their canonical language-prefixed URL.
 * The table lives in src/lib/routes.ts; this only supplies the language and the period lookup.
 */
import type { ContentSource } from '../content/source.ts';
import { type Lang, langOfRequest, namedLang } from '../lib/lang.ts';
import { type LegacyLookup, type LegacyMatch, matchLegacy } from '../lib/routes.ts';
import type { Db } from './store/db.ts';
import { periodYearIssue } from './store/periods.ts';

type YearIssue = { year: number; issue: number };

/** Looks a period up on the visited site only, whatever site id the old URL carries. */
function lookupOn(
  hostSite: { id: number; sld: string },
  periodById: (periodId: number) => Promise<YearIssue | null>,
): LegacyLookup {
  return { site: { id: hostSite.id, sld: hostSite.sld }, periodById: (_siteId, periodId) => periodById(periodId) };
}

/** Periods from the local store (one indexed row). */
export function periodLookup(db: Db, hostSite: { id: number; sld: string }): LegacyLookup {
  return lookupOn(hostSite, (periodId) => periodYearIssue(db, hostSite.id, periodId));
}

/** Periods from a content source (upstream mode: nothing is read locally). */
export function sourcePeriodLookup(source: ContentSource, hostSite: { id: number; sld: string }): LegacyLookup {
  return lookupOn(hostSite, async (periodId) => {
    const toc = await source.getIssueToc(hostSite.id, periodId, 0, 1);
    return toc ? { year: toc.period.year, issue: toc.period.issue } : null;
  });
}

/** A language named by the URL: its /zh/ or /en/ prefix, a legacy path's language segment, else `?lang=`. */
export function urlLang(
  pathname: string,
  queryLang: string | undefined,
  legacy: LegacyMatch | null = matchLegacy(pathname),
): Lang | undefined {
  return namedLang({ path: pathname, pathLang: legacy?.params['lang'], query: queryLang });
}

/**
 * Where a legacy path redirects, or null when it is not a (resolvable) legacy URL. Language: the
 * URL's (urlLang), else the cookie, else zh; `byCookie` says the URL did not name it, so the answer
 * differs between visitors and must not be cached as if it did not.
 */
export async function legacyTarget(
  request: { pathname: string; queryLang: string | undefined; cookieHeader: string | undefined },
  lookup: LegacyLookup,
): Promise<{ location: string; byCookie: boolean } | null> {
  const match = matchLegacy(request.pathname);
  if (!match) return null;
  const fromUrl = urlLang(request.pathname, request.queryLang, match);
  const lang = fromUrl ?? langOfRequest({ cookies: request.cookieHeader });
  const location = await match.route.toCanonical(match.params, lang, lookup);
  return location === null ? null : { location, byCookie: fromUrl === undefined };
}
