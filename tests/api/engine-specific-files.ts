/**
 * API files that are about one engine, or both at once, by their nature: the api-postgres project
 * leaves them out (each says which engines it opens). Every other API file runs on both engines.
 */
export const ENGINE_SPECIFIC_API_FILES = [
  'tests/api/store-contract.test.ts', // opens both engines and compares them
  'tests/api/search-engines.test.ts', // the same searches on both engines, compared
  'tests/api/store-engine-schemas.test.ts', // the two engines' schemas, compared
  'tests/api/migrate-to-postgres.test.ts', // a SQLite file copied into PostgreSQL
  'tests/api/backup-engine.test.ts', // pg_dump and pg_restore of a PostgreSQL store (the SQLite file's: e2e)
  'tests/api/store-concurrent-open.test.ts', // one SQLite file opened by several processes at once
  'tests/api/layers.test.ts', // the source's import rules: no store at all
];
