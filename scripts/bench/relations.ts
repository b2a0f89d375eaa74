/**
 * node scripts/bench/relations.ts (also step 9 of `npm run bench`): an article page's relation
 * lists (same author, grant, institution, related by content, cited by) and its resource
 * statistics, read for 300 articles of jmst at 2,000 and at 100,000 articles; prints p50/p95 per
 * size. The databases are scale.ts's (SCALE_DATA_DIR, SCALE_SIZES), seeded when missing; a
 * database seeded before article_relation_keys existed gets its keys first (timed). Prints, never
 * asserts.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { isSeeded, seedDemo } from '../../src/server/seed/index.ts';
import { articleRelations, resourceStatistics } from '../../src/server/store/article-relations.ts';
import { sampleArticleIds } from '../../src/server/store/bench-samples.ts';
import { ensureRelationKeys } from '../../src/server/store/bulk/relation-keys.ts';
import { openDb } from '../../src/server/store/db.ts';
import { gatherStatistics } from '../../src/server/store/planner-statistics.ts';
import { siteIdBySld } from '../../src/server/store/sites.ts';
import { visibilityNow } from '../../src/server/store/visibility.ts';
import { percentile } from './load.ts';

const sizes = (process.env['SCALE_SIZES'] ?? '2000,100000').split(',').map(Number);
const dataDir = process.env['SCALE_DATA_DIR'] ?? join(tmpdir(), 'portal-scale-bench');
const SAMPLE = 300;
mkdirSync(dataDir, { recursive: true });

const rows: string[] = [];
for (const size of sizes) {
  const db = openDb(join(dataDir, `portal-${size}.db`));
  if (!(await isSeeded(db))) await seedDemo(db, { articles: size });
  const keyed = performance.now();
  await ensureRelationKeys(db);
  const keying = performance.now() - keyed;
  if (keying > 100) {
    console.log(`relations: relation keys and cited-by counts written in ${(keying / 1000).toFixed(1)} s`);
    gatherStatistics(db);
  }
  const site = Number(await siteIdBySld(db, 'jmst'));
  const ids = await sampleArticleIds(db, 'jmst', SAMPLE);
  const now = visibilityNow();
  for (const id of ids.slice(0, 20)) await articleRelations(db, site, id, now);
  const times: number[] = [];
  let listed = 0;
  for (const id of ids) {
    const started = performance.now();
    const relations = await articleRelations(db, site, id, now);
    await resourceStatistics(db, site, id, now);
    times.push(performance.now() - started);
    if (relations) listed += Object.values(relations).reduce((sum, list) => sum + list.length, 0);
  }
  db.close();
  rows.push(
    `${size.toLocaleString('en').padStart(8)} articles: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms (${ids.length} articles, ${(listed / Math.max(ids.length, 1)).toFixed(1)} related a page)`,
  );
}
console.log('\nrelated articles of an article page (five lists and its counts), goal p95 < 20 ms');
for (const row of rows) console.log(row);
