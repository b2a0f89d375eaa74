/**
 * What the seed steps share: the database and its open transaction, the insert helper, the random
 * source and the fixed clock. Steps still on `insert` (synchronous) write on the transaction's own
 * connection, so inside it.
 */
import { THEME_PRESETS } from '../../lib/theme.ts';
import type { Insert, Tx } from '../store/bulk/insert.ts';
import type { Db } from '../store/db.ts';
import { insertFileNow } from '../store/files.ts';
import type { Random } from './random.ts';
import { BASE_DATE, type SiteSpec } from './site-data.ts';

export type SeedContext = { db: Db; trx: Tx; insert: Insert; random: Random };

export const CREATED_AT = `${BASE_DATE}T00:00:00.000Z`;

/** The primary colour a site's pictures are drawn in. */
export function primaryColour(site: SiteSpec): string {
  if (site.custom) return site.custom.colour1;
  return THEME_PRESETS[site.colour]?.primary ?? '#0b5394';
}

export function addSvg(ctx: SeedContext, siteId: number | null, name: string, svg: string): number {
  return insertFileNow(ctx.db, { siteId, name, contentType: 'image/svg+xml', data: svg, createdAt: CREATED_AT });
}

/** yyyy-mm-dd of a date shifted by whole days */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export const pad = (value: number, width: number) => String(value).padStart(width, '0');
