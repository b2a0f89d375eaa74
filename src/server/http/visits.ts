/** Page views: counted for open sites and people (not bots), added up in memory by store/visits.ts. */
import type { Site } from '../../content/types.ts';
import type { Db } from '../store/db.ts';
import { recordVisit } from '../store/visits.ts';

const BOT = /bot|crawler|spider/i;

export type PageViews = (site: Site, userAgent: string | undefined) => void;

export function pageViewCounter(db: Db, now: () => Date): PageViews {
  return (site, userAgent) => {
    if (site.status !== 'active' || BOT.test(userAgent ?? '')) return;
    try {
      recordVisit(db, site.id, now());
    } catch (error) {
      console.error('could not record a visit', error);
    }
  };
}
