/**
 * The PostgreSQL migrations (src/server/store/migrations/postgres) make the schema the SQLite ones
 * make: the same tables, columns in the same order with mapped types, keys and indexes. Runs
 * against a throwaway PostgreSQL 15 cluster (tests/fixtures/postgres-cluster.ts).
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/server/store/db.ts';
import { migratePostgres, openPostgres } from '../../src/server/store/postgres.ts';
import type { Database } from '../../src/server/store/schema.ts';
import { describePostgres, describeSqlite, type Schema } from '../fixtures/engine-schemas.ts';
import { type PostgresCluster, startPostgresCluster } from '../fixtures/postgres-cluster.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const run = promisify(execFile);

let cluster: PostgresCluster;
let postgres: Kysely<Database>;
let migrateOutput: string;
let sqliteSchema: Schema;

beforeAll(async () => {
  cluster = await startPostgresCluster();
  const migrated = await run(process.execPath, ['scripts/pg-migrate.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: cluster.url },
  });
  migrateOutput = migrated.stdout;
  postgres = openPostgres(cluster.url);
  const sqlite = openDb(':memory:');
  try {
    sqliteSchema = describeSqlite(sqlite);
  } finally {
    sqlite.close();
  }
});

afterAll(async () => {
  await postgres?.destroy();
  await cluster?.stop();
});

describe('the PostgreSQL schema', () => {
  it('is made by `npm run pg-migrate`, once', async () => {
    expect(migrateOutput).toMatch(/^applied migrations \d+/);
    expect(await migratePostgres(postgres)).toEqual([]);
  });

  it('has the tables, columns, keys and indexes of the SQLite schema', async () => {
    expect(Object.keys(sqliteSchema).length).toBeGreaterThan(60);
    expect(sqliteSchema['articles']?.indexes.length).toBeGreaterThan(5);
    expect(await describePostgres(postgres)).toEqual(sqliteSchema);
  });

  it('tells a schema that drifted from the SQLite one', async () => {
    await postgres
      .transaction()
      .execute(async (trx) => {
        await sql`ALTER TABLE news ADD COLUMN drift_probe bigint NOT NULL DEFAULT 0`.execute(trx);
        await sql`DROP INDEX articles_doi_lower`.execute(trx);
        await sql`CREATE INDEX articles_doi_lower ON articles (doi)`.execute(trx);
        const drifted = await describePostgres(trx);
        expect(drifted['news']?.columns.at(-1)).toEqual({
          name: 'drift_probe',
          type: 'integer',
          notNull: true,
          filledIn: true,
        });
        expect(drifted['articles']?.indexes.find((index) => index.name === 'articles_doi_lower')?.columns).toEqual([
          'doi',
        ]);
        expect(drifted).not.toEqual(sqliteSchema);
        // thrown to roll the drift back
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
  });

  it('reads bigint columns as numbers, as the shared schema types declare', async () => {
    const site = await postgres
      .insertInto('sites')
      .values({ sld: 'pgsite', name: '站', en_name: 'Site', type: 'single', created_at: '2026-01-01T00:00:00.000Z' })
      .returning(['id', 'colour'])
      .executeTakeFirstOrThrow();
    expect(site).toEqual({ id: 1, colour: 1 });
  });
});

class Rollback extends Error {}
