/** `DATABASE_URL=postgres://… npm run pg-migrate`: applies the pending PostgreSQL migrations. */
import { z } from 'zod';
import { migratePostgres, openPostgres } from '../src/server/store/postgres.ts';
import { setUsage } from './cli.ts';

setUsage('usage: DATABASE_URL=postgres://user@host:port/database npm run pg-migrate');
const { DATABASE_URL: url } = z
  .object({ DATABASE_URL: z.string().regex(/^postgres(?:ql)?:\/\//, 'a postgres:// URL is needed') })
  .parse(process.env);
const db = openPostgres(url);
try {
  const applied = await migratePostgres(db);
  console.log(applied.length ? `applied migrations ${applied.join(', ')}` : 'no pending migrations');
} finally {
  await db.destroy();
}
