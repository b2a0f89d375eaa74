/**
 * A builder's hold on the sites it renders (src/server/store/render-leases.ts): a render of a site
 * starts once this process holds the site's lease, waiting while another process renders it; the
 * lease is renewed while the render runs and given up at its end. A render whose lease ran out
 * meanwhile (this process stalled past it, and another took the site) is not swapped in.
 */
import { hostname } from 'node:os';
import { processAlive } from '../static/site-folder.ts';
import type { Db } from '../store/db.ts';
import {
  holdsRenderLease,
  type RenderLease,
  releaseRenderLease,
  renderLeaseOf,
  renewRenderLease,
  takeRenderLease,
} from '../store/render-leases.ts';
import { STOPPING } from './rebuild-queue.ts';

/** How long a lease lasts unless renewed: how long a killed builder's sites wait for another. */
export const RENDER_LEASE_MS = 15_000;

export type HeldSite = {
  /** the lease as taken: how far the site's pages are rendered, and whether its last owner died building all of it */
  taken: RenderLease;
  /** throws unless the lease is still this process's: called before a render is swapped in */
  stillHeld(): Promise<void>;
  /** the pages now show the change log through this id (recorded when the lease is given up) */
  rendered(changeId: number): void;
};

export type SiteLeases = {
  hold<T>(sld: string, work: { wholeSite: boolean }, fn: (held: HeldSite) => Promise<T>): Promise<T>;
};

export class LeaseLost extends Error {
  constructor(sld: string) {
    super(`the render lease of ${sld} ran out and another server took the site: this render is not swapped in`);
    this.name = 'LeaseLost';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How a lease names its owner: the machine, then the process ('host pid 4242'). */
const LOCAL_OWNER = `${hostname()} pid `;
/** This process, as the store names the owner of a lease or the server that ran a job. */
export const THIS_PROCESS = `${LOCAL_OWNER}${process.pid}`;

/**
 * True when a lease's owner is a process of this machine that is gone (killed, or restarted with
 * another pid): its leases need not run out first. Another machine's owners are not known here.
 */
export function ownerGone(owner: string): boolean {
  if (!owner.startsWith(LOCAL_OWNER)) return false;
  const pid = Number(owner.slice(LOCAL_OWNER.length));
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && !processAlive(pid);
}

export function siteLeases(options: {
  db: Db;
  ms: number;
  log: (line: string) => void;
  /** true once the builder stops: a render still waiting for its lease gives up */
  stopping: () => boolean;
}): SiteLeases {
  const owner = THIS_PROCESS;
  const every = Math.max(100, Math.floor(options.ms / 3));
  // the lease's clock is the wall clock, never a builder's fixed `now` for content
  const lease = (sld: string) => ({ sld, owner, now: new Date(), ms: options.ms });

  const take = async (sld: string, wholeSite: boolean): Promise<RenderLease> => {
    let waited = false;
    for (;;) {
      const taken = await takeRenderLease(options.db, { ...lease(sld), wholeSite });
      if (taken) return taken;
      const holder = (await renderLeaseOf(options.db, sld))?.owner;
      if (holder && ownerGone(holder)) {
        const fromDead = await takeRenderLease(options.db, { ...lease(sld), wholeSite, deadOwner: holder });
        if (fromDead) {
          options.log(`render lease of ${sld} taken from ${holder}, which is gone`);
          return fromDead;
        }
      }
      if (options.stopping()) throw new Error(STOPPING);
      if (!waited) options.log(`render of ${sld} waits: another server renders it`);
      waited = true;
      await sleep(every);
    }
  };

  return {
    async hold(sld, work, fn) {
      const taken = await take(sld, work.wholeSite);
      let lost = false;
      let renderedChangeId: number | undefined;
      const renewal = setInterval(() => {
        renewRenderLease(options.db, lease(sld)).then(
          (kept) => {
            if (!kept && !lost) options.log(`render lease of ${sld} lost: another server took the site`);
            lost ||= !kept;
          },
          (error: unknown) => options.log(`render lease of ${sld} not renewed: ${String(error)}`),
        );
      }, every);
      renewal.unref();
      const held: HeldSite = {
        taken,
        async stillHeld() {
          if (lost || !(await holdsRenderLease(options.db, { sld, owner, now: new Date() }))) throw new LeaseLost(sld);
        },
        rendered(changeId) {
          renderedChangeId = changeId;
        },
      };
      try {
        return await fn(held);
      } finally {
        clearInterval(renewal);
        await releaseRenderLease(options.db, {
          ...lease(sld),
          ...(renderedChangeId === undefined ? {} : { renderedChangeId }),
        }).catch((error: unknown) => options.log(`render lease of ${sld} not given up: ${String(error)}`));
      }
    },
  };
}
