/**
 * The site-wide answers of on-demand renders (the shell, menus, journal lists: SITE_WIDE) and the
 * HTML of the shell's island-free parts (BuildCached.astro) kept across renders, as a prebuild keeps
 * them across a job's pages. Each render first asks the change log for its newest id
 * (src/server/store/changes.ts): whatever process wrote (an import, the console, the publish job), a
 * write that changes what a page shows records a change in its own transaction, so a new id starts a
 * new generation and that render reads the site again. An on-demand page therefore changes with the
 * same write that re-renders its prebuilt twin.
 */
import type { ContentSource } from '../../content/source.ts';
import type { SiteShell } from '../../content/types.ts';
import { lastChangeId } from '../store/changes.ts';
import type { Db } from '../store/db.ts';
import { visitTotals } from '../store/visits.ts';
import { siteWideSource } from './snapshot-source.ts';

/** Past this many kept answers (the board's pages, the issue browser's years) start again. */
const MAX_KEPT = 2000;

/** What one render reads through: the source, and the site's kept shell HTML (locals.siteFragments). */
export type KeptForRender = { source: ContentSource; fragments: Map<string, string> };

export type SiteMemo = {
  /** reads the change log's newest id; what is kept for the site as of it */
  open(siteId: number): Promise<KeptForRender>;
};

type Generation = {
  lastChange: number;
  answers: Map<string, Promise<unknown>>;
  fragments: Map<number, Map<string, string>>;
};

export function createSiteMemo(options: { db: Db; source: ContentSource; now?: () => Date }): SiteMemo {
  const { db, source } = options;
  const now = options.now ?? (() => new Date());
  let current: Generation | null = null;
  // the footer's visit counts change with every visit, which records no change: read per render
  const withVisits = async (shell: SiteShell | null): Promise<SiteShell | null> =>
    shell && { ...shell, footer: { ...shell.footer, ...(await visitTotals(db, shell.site.id, now())) } };

  const kept = (generation: Generation, key: string, read: () => Promise<unknown>) => {
    let found = generation.answers.get(key);
    if (!found) {
      const reading = read();
      found = reading;
      generation.answers.set(key, reading);
      // a failed read is not kept: the next render asks again
      reading.catch(() => {
        if (generation.answers.get(key) === reading) generation.answers.delete(key);
      });
    }
    return found;
  };

  const sourceOf = (generation: Generation): ContentSource => {
    const mine = new Map<string, Promise<unknown>>();
    return siteWideSource(source, (key, method, call) => {
      let answer = mine.get(key);
      if (!answer) {
        const shared = kept(generation, key, call);
        answer = method === 'getSiteShell' ? shared.then((shell) => withVisits(shell as SiteShell | null)) : shared;
        mine.set(key, answer);
      }
      return answer;
    });
  };

  return {
    async open(siteId) {
      const lastChange = await lastChangeId(db);
      if (!current || current.lastChange !== lastChange || current.answers.size > MAX_KEPT)
        current = { lastChange, answers: new Map(), fragments: new Map() };
      let fragments = current.fragments.get(siteId);
      if (!fragments) {
        fragments = new Map();
        current.fragments.set(siteId, fragments);
      }
      return { source: sourceOf(current), fragments };
    },
  };
}
