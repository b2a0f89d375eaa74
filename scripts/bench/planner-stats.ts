/**
 * `node scripts/bench/planner-stats.ts DATABASE`: gathers the planner's statistics of a large
 * database (seed one with `npm run seed -- --articles 100000`) and writes them to
 * tests/fixtures/planner-stats-100k.json, which the query-plan test gives a small store.
 */
import { writeFileSync } from 'node:fs';
import { openDb } from '../../src/server/store/db.ts';
import { gatherStatistics, plannerStatistics } from '../../src/server/store/planner-statistics.ts';

const path = process.argv[2];
if (!path) {
  console.error('usage: node scripts/bench/planner-stats.ts DATABASE');
  process.exit(2);
}
const db = openDb(path);
gatherStatistics(db);
const rows = plannerStatistics(db).filter((row) => !row.tbl.startsWith('search_text_'));
db.close();
writeFileSync(
  new URL('../../tests/fixtures/planner-stats-100k.json', import.meta.url),
  `${JSON.stringify(rows, null, 1)}\n`,
);
console.log(`wrote ${rows.length} rows`);
