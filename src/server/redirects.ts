/**
 * Legacy URL families (SPEC section 2) answer 301 to their canonical language-prefixed URL.
 * The table lives in src/lib/routes.ts; this only supplies the language and the period lookup.
 */
import type { Db } from './store/db.ts';
import { LANG_COOKIE, readCookie, resolveLang } from '../lib/lang.ts';
import { type LegacyLookup, matchLegacy } from '../lib/routes.ts';

/** Looks a period up on the visited site only, whatever site id the old URL carries. */
export function periodLookup(db: Db, hostSite: { id: number; sld: string }): LegacyLookup {
  const hostSiteId = hostSite.id;
  return {
    site: { id: hostSite.id, sld: hostSite.sld },
    periodById: async (_siteId, periodId) => {
      const row = db.prepare('SELECT year, issue FROM periods WHERE id = ? AND site_id = ?').get(periodId, hostSiteId);
      return row ? { year: Number(row['year']), issue: Number(row['issue']) } : null;
    },
  };
}

/**
 * The canonical path a legacy path redirects to, or null when it is not a (resolvable) legacy URL.
 * Language: the path's, else `?lang=`, else the cookie, else zh.
 */
export async function legacyTarget(
  request: { pathname: string; queryLang: string | undefined; cookieHeader: string | undefined },
  lookup: LegacyLookup,
): Promise<string | null> {
  const match = matchLegacy(request.pathname);
  if (!match) return null;
  const lang = resolveLang(match.params['lang'] ?? request.queryLang, readCookie(request.cookieHeader, LANG_COOKIE));
  return match.route.toCanonical(match.params, lang, lookup);
}
