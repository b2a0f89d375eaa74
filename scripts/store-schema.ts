/** `npm run store-schema`: rewrites src/server/store/schema.ts from the SQLite migrations. */
import { writeFileSync } from 'node:fs';
import { openDb } from '../src/server/store/db.ts';
import { schemaText } from '../src/server/store/schema-text.ts';

const db = openDb(':memory:');
writeFileSync(new URL('../src/server/store/schema.ts', import.meta.url), schemaText(db));
db.close();
console.log('wrote src/server/store/schema.ts');
