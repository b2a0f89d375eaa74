/**
 * What the seed steps share: the database and its open transaction, the async writers (the
 * import's, through the transaction), the random source and the fixed clock. The seed's few reads
 * of what it wrote (src/server/store/bulk/lookups.ts) are synchronous on the transaction's own
 * connection, so they see its rows.
 */
import { THEME_PRESETS } from '../../lib/theme.ts';
import { insertFile } from '../store/bulk/files.ts';
import { insertRow, insertRows, type RowValues, type TableWithId, type Tx } from '../store/bulk/insert.ts';
import type { Db } from '../store/db.ts';
import type { Database } from '../store/schema.ts';
import type { Random } from './random.ts';
import { BASE_DATE, type SiteSpec } from './site-data.ts';

export type SeedContext = {
  db: Db;
  trx: Tx;
  /** inserts a row and gives its id */
  insert: (table: TableWithId, row: RowValues) => Promise<number>;
  /** inserts a row of a table without an id */
  add: (table: keyof Database, row: RowValues) => Promise<void>;
  random: Random;
};

export function seedContext(db: Db, trx: Tx, random: Random): SeedContext {
  return {
    db,
    trx,
    insert: (table, row) => insertRow(trx, table, row),
    add: (table, row) => insertRows(trx, table, [row]),
    random,
  };
}

export const CREATED_AT = `${BASE_DATE}T00:00:00.000Z`;

/** The primary colour a site's pictures are drawn in. */
export function primaryColour(site: SiteSpec): string {
  if (site.custom) return site.custom.colour1;
  return THEME_PRESETS[site.colour]?.primary ?? '#0b5394';
}

export function addSvg(ctx: SeedContext, siteId: number | null, name: string, svg: string): Promise<number> {
  return insertFile(ctx.trx, { siteId, name, contentType: 'image/svg+xml', data: svg, createdAt: CREATED_AT });
}

/** yyyy-mm-dd of a date shifted by whole days */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export const pad = (value: number, width: number) => String(value).padStart(width, '0');
