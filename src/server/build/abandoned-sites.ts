/**
 * A builder's watch over the other builders: a site whose lease ran out while its owner was
 * building all of it (the owner was killed mid-render) is built again here. Its change passes need
 * no watch: every builder follows the change log and waits for the lease (site-builder.ts).
 */
import type { Db } from '../store/db.ts';
import { abandonedWholeSites } from '../store/render-leases.ts';
import type { SiteBuilder } from './site-builder.ts';

export function takeOverAbandonedSites(options: {
  db: Db;
  builder: SiteBuilder;
  everyMs: number;
  log?: (line: string) => void;
}): { stop(): void } {
  const log = options.log ?? ((line: string) => console.log(line));
  let looking = false;
  const look = async () => {
    for (const sld of await abandonedWholeSites(options.db, new Date())) {
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
