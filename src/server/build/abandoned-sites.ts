/**
 * A builder's watch over the other builders: a site whose owner was killed while building all of
 * it (its lease ran out, or it was a process of this machine that is gone) is built again here. Its change passes need
 * no watch: every builder follows the change log and waits for the lease (site-builder.ts).
 */
import type { Db } from '../store/db.ts';
import { wholeSiteLeases } from '../store/render-leases.ts';
import type { SiteBuilder } from './site-builder.ts';
import { ownerGone } from './site-leases.ts';

export function takeOverAbandonedSites(options: {
  db: Db;
  builder: SiteBuilder;
  everyMs: number;
  log?: (line: string) => void;
}): { stop(): void } {
  const log = options.log ?? ((line: string) => console.log(line));
  let looking = false;
  const look = async () => {
    const now = new Date().toISOString();
    const leases = await wholeSiteLeases(options.db);
    for (const { sld } of leases.filter((lease) => lease.expiresAt <= now || ownerGone(lease.owner))) {
      // a build here already waits for the lease, or runs: it is the one that completes the site
      if (options.builder.rebuild.state(sld) !== 'idle') continue;
      log(`taking over ${sld}: the server building it stopped before it finished`);
      void options.builder.rebuild.request(sld);
    }
  };
  const timer = setInterval(() => {
    if (looking) return;
    looking = true;
    look()
      .catch((error: unknown) => log(`looking for abandoned sites failed: ${String(error)}`))
      .finally(() => {
        looking = false;
      });
  }, options.everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
