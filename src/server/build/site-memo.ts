/**
 * The site-wide answers of on-demand renders (the shell, menus, journal lists: SITE_WIDE) kept
 * across renders, as a prebuild keeps them across a job's pages. Each render first asks the change
 * log for its newest id (src/server/store/changes.ts): whatever process wrote (an import, the
 * console, the publish job), a write that changes what a page shows records a change in its own
 * transaction, so a new id drops everything kept and that render reads the site again. An
 * on-demand page therefore changes with the same write that re-renders its prebuilt twin.
 */
import type { ContentSource } from '../../content/source.ts';
import type { SiteShell } from '../../content/types.ts';
import { lastChangeId } from '../store/changes.ts';
import type { Db } from '../store/db.ts';
import { visitTotals } from '../store/visits.ts';
import { SITE_WIDE } from './snapshot-source.ts';

/** Past this many kept answers (the board's pages, the issue browser's years) start again. */
const MAX_KEPT = 2000;

export type SiteMemo = {
  /** the source of one render: site-wide answers as of the change log's newest id when it first asks */
  snapshot(): ContentSource;
};

export function createSiteMemo(options: { db: Db; source: ContentSource; now?: () => Date }): SiteMemo {
  const { db, source } = options;
  const now = options.now ?? (() => new Date());
  const kept = new Map<string, Promise<unknown>>();
  let seen = -1;
  const checked = async () => {
    const last = await lastChangeId(db);
    if (last !== seen || kept.size > MAX_KEPT) {
      kept.clear();
      seen = last;
    }
  };
  const answer = (key: string, read: () => Promise<unknown>) => {
    let found = kept.get(key);
    if (!found) {
      const reading = read();
      found = reading;
      kept.set(key, reading);
      // a failed read is not kept: the next render asks again
      reading.catch(() => {
        if (kept.get(key) === reading) kept.delete(key);
      });
    }
    return found;
  };
  // the footer's visit counts change with every visit, which records no change: read per render
  const withVisits = (shell: SiteShell | null): SiteShell | null =>
    shell && { ...shell, footer: { ...shell.footer, ...visitTotals(db, shell.site.id, now()) } };
  return {
    snapshot() {
      let check: Promise<void> | null = null;
      const own = new Map<string, Promise<unknown>>();
      return new Proxy(source, {
        get(target, prop, receiver) {
          const value: unknown = Reflect.get(target, prop, receiver);
          if (typeof value !== 'function') return value;
          const method = value.bind(target) as (...args: unknown[]) => Promise<unknown>;
          if (!SITE_WIDE.has(prop)) return method;
          return (...args: unknown[]) => {
            const key = `${String(prop)}:${JSON.stringify(args)}`;
            let mine = own.get(key);
            if (!mine) {
              check ??= checked();
              mine = check.then(async () => {
                const shared = answer(key, () => method(...args));
                return prop === 'getSiteShell' ? withVisits((await shared) as SiteShell | null) : shared;
              });
              own.set(key, mine);
            }
            return mine;
          };
        },
      });
    },
  };
}
