import { isLang } from '../lang.ts';
import { type LegacyRoute, legacyRoutes } from './legacy.ts';
import { legacyId } from './legacy-id.ts';
import { matchPattern, type RouteParams } from './pattern.ts';

/**
 * Legacy ids are numbers; '/zh/article/doi/…' must not be read as '/zh/article/{siteId}/{id}', nor
 * '/newEditorial/1/6/fr' as editor 'fr'.
 */
const NUMERIC_PARAMS = ['siteId', 'thesisId', 'id', 'virtualId', 'editorialId', 'page', 'activeId'];

/**
 * Optional segments fill from the left, so in a short URL the language can land in an optional
 * segment before ':lang?' ('/newEditorial/1/6/en', '/homeNav/en'): a last segment that is zh or en
 * and filled an optional segment is the language.
 */
function takeTrailingLanguage(pattern: string, params: RouteParams): void {
  if (params['lang'] !== undefined || !pattern.endsWith('/:lang?')) return;
  const last = Object.keys(params).at(-1);
  if (last === undefined || !pattern.includes(`/:${last}?/`) || !isLang(params[last])) return;
  params['lang'] = params[last];
  delete params[last];
}

export type LegacyMatch = { route: LegacyRoute; params: RouteParams };

/** Finds the legacy row a path belongs to; canonical paths (/zh/home/ …) match nothing. */
export function matchLegacy(path: string): LegacyMatch | null {
  for (const route of legacyRoutes) {
    const params = matchPattern(route.pattern, path);
    if (!params) continue;
    if (route.claim && !route.claim(params)) continue;
    takeTrailingLanguage(route.pattern, params);
    // a style is always followed by a language
    if (params['style'] !== undefined && params['lang'] === undefined) return null;
    if (params['lang'] !== undefined && !isLang(params['lang'])) return null;
    if (NUMERIC_PARAMS.some((name) => params[name] !== undefined && legacyId(params[name]) === null)) continue;
    return { route, params };
  }
  return null;
}
