/**
 * `npm run rebuild -- --site jmst`: rebuilds one site into a fresh folder and swaps it in. On
 * failure the old site keeps serving and the reason is printed (exit code 1).
 */

import { parseArgs } from 'node:util';
import { openContent } from '../src/server/build/open-content.ts';
import { builderPaths, createSiteBuilder } from '../src/server/build/site-builder.ts';
import { loadConfig } from '../src/server/config.ts';
import { closeStore } from '../src/server/store/open-store.ts';
import { setUsage } from './cli.ts';
import { type Progress, startProgress } from './lib/progress.ts';

setUsage('usage: npm run rebuild -- --site <sld> [--site <sld> …]');
const { values } = parseArgs({ options: { site: { type: 'string', multiple: true } } });
const slds = values.site ?? [];
if (slds.length === 0) {
  console.error('usage: npm run rebuild -- --site <sld> [--site <sld> …]');
  process.exit(2);
}
const config = loadConfig();
const { db, source } = await openContent(config);
let progress: Progress | null = null;
const builder = createSiteBuilder({
  db,
  source,
  ...builderPaths(config),
  onProgress: (_sld, done, total) => progress?.update(done, total),
});
try {
  for (const sld of slds) {
    progress = startProgress(`rebuild ${sld}`, 'pages', 0);
    const outcome = await builder.rebuild.request(sld);
    if (outcome.ok) {
      const s = outcome.summary;
      progress.finish([
        `${sld}: ${s.written} pages in ${s.seconds.toFixed(1)} s, now live (${(s.written / s.seconds).toFixed(0)} pages/s)`,
      ]);
    } else {
      progress.finish([]);
      console.error(`${sld}: rebuild failed, the previous build keeps serving: ${outcome.error}`);
      process.exitCode = 1;
    }
  }
} finally {
  await builder.close();
  await closeStore(db);
}
