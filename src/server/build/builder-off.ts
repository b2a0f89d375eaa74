/**
 * The rebuild queue of a server started with BUILDER=off: another server on the same database and
 * SITES_DIR renders the sites, so two never write the same site's folder. Every request is refused.
 */
import { dictionary, format } from '../../i18n/index.ts';
import type { RebuildQueue } from './rebuild-queue.ts';

/** the state such a server reports for every site */
export const BUILDER_OFF = 'off';

export function refusedRebuilds(): RebuildQueue<never> {
  return {
    // build errors are read in the console and the admin API in English, as the builder's are
    request: (sld) => Promise.resolve({ ok: false, error: format(dictionary('en').server.rebuildBuilderOff, { sld }) }),
    state: () => BUILDER_OFF,
    last: () => undefined,
    idle: () => Promise.resolve(),
    stop: () => {},
  };
}
