/** src/server/store/schema.ts is what the SQLite migrations make: `npm run store-schema` rewrites it. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openDb } from '../../src/server/store/db.ts';
import { schemaText } from '../../src/server/store/schema-text.ts';

describe('store schema types', () => {
  it('match the migrated database', () => {
    const db = openDb(':memory:');
    try {
      const written = readFileSync(new URL('../../src/server/store/schema.ts', import.meta.url), 'utf8');
      expect(written).toBe(schemaText(db));
    } finally {
      db.close();
    }
  });
});
