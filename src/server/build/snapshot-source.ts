import type { ContentSource } from '../../content/source.ts';

/** Site-wide calls every page makes (shell, menus, journal lists); the rest are per page. */
export const SITE_WIDE = new Set<string | symbol>([
  'getSiteShell',
  'getModules',
  'getSearchConfig',
  'getSearchConditions',
  'listEditorialTopics',
  'listPublications',
  'getPeriodTree',
  'getFirstTwoPeriods',
  // the editorial board's menu link is resolved from its first page of experts on every page
  'listExperts',
]);

/** How a proxied source answers a site-wide call: `key` names the method and its arguments. */
export type SiteWideAnswer = (key: string, method: string | symbol, call: () => Promise<unknown>) => Promise<unknown>;

/** `source` with its SITE_WIDE calls answered through `answer`; every other call goes straight through. */
export function siteWideSource(source: ContentSource, answer: SiteWideAnswer): ContentSource {
  return new Proxy(source, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      const method = value.bind(target) as (...args: unknown[]) => Promise<unknown>;
      if (!SITE_WIDE.has(prop)) return method;
      return (...args: unknown[]) => answer(`${String(prop)}:${JSON.stringify(args)}`, prop, () => method(...args));
    },
  });
}

/**
 * A source for one moment of a site: a prerender job (site-wide answers read once per job instead
 * of once per page) or one on-demand render (once per render instead of once per component that
 * asks; a new render, a new snapshot, so edits show at once).
 */
export function snapshotSource(source: ContentSource): ContentSource {
  const cache = new Map<string, Promise<unknown>>();
  return siteWideSource(source, (key, _method, call) => {
    let hit = cache.get(key);
    if (!hit) {
      hit = call();
      cache.set(key, hit);
    }
    return hit;
  });
}
