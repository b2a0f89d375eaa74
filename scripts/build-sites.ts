/**
 * `npm run build` (after `astro build`): prerenders every page of every site (or SITES=a,b) in
 * every language into SITES_DIR/{sld}/ on all cores, with a progress line per site and a closing
 * line of pages, seconds and pages per second.
 */
import './cli.ts';
import { openContent } from '../src/server/build/open-content.ts';
import { builderPaths, createSiteBuilder } from '../src/server/build/site-builder.ts';
import { loadConfig } from '../src/server/config.ts';
import { closeStore } from '../src/server/store/open-store.ts';

const config = loadConfig();
const { db, source } = await openContent(config);
const interactive = process.stdout.isTTY === true;
let lastLine = 0;
// sites build one after another, the next one queued behind: show the one being finished
let showing = '';
const builder = createSiteBuilder({
  db,
  source,
  ...builderPaths(config),
  onProgress: (sld, done, total) => {
    if (!interactive || sld !== showing) return;
    const now = performance.now();
    if (done < total && now - lastLine < 100) return;
    lastLine = now;
    const width = 30;
    const filled = total === 0 ? width : Math.round((done / total) * width);
    process.stdout.write(`\r  ${sld.padEnd(10)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`);
  },
});

const started = performance.now();
let pages = 0;
let failed = 0;
try {
  const sites = await builder.sitesToBuild(config.sites);
  console.log(`prebuilding ${sites.length} site(s) into ${config.sitesDir}`);
  showing = sites[0]?.sld ?? '';
  // a site's time is counted from the previous site's end: it was queued behind that one
  let previousEnd = performance.now();
  for await (const outcome of builder.buildEach(sites)) {
    const site = outcome.item;
    showing = sites[sites.indexOf(site) + 1]?.sld ?? '';
    if (interactive) process.stdout.write('\r\x1b[2K');
    if ('error' in outcome) {
      previousEnd = performance.now();
      failed++;
      console.error(`  ${site.sld.padEnd(10)} FAILED: ${outcome.error.message}`);
      continue;
    }
    const summary = outcome.value;
    pages += summary.written;
    const end = performance.now();
    const seconds = (end - previousEnd) / 1000;
    previousEnd = end;
    console.log(
      `  ${site.sld.padEnd(10)} ${String(summary.written).padStart(6)} pages in ${seconds.toFixed(1)} s` +
        (summary.skipped ? ` (${summary.skipped} listed URLs answered 404 and were left to on-demand rendering)` : ''),
    );
  }
} finally {
  await builder.close();
  await closeStore(db);
}
const seconds = (performance.now() - started) / 1000;
console.log(`${pages} pages, ${seconds.toFixed(1)} seconds, ${(pages / seconds).toFixed(0)} pages/s`);
if (failed > 0) process.exitCode = 1;
