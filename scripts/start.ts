/**
 * `npm start`: seed the demo database if it is empty, build the Astro app if it is missing or
 * older than the sources, serve, prebuild the sites that have no prebuilt folder yet (in the
 * background: until a site is prebuilt its pages render on demand), and print the demo URLs.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { openContent } from '../src/server/build/open-content.ts';
import { STOPPING } from '../src/server/build/rebuild-queue.ts';
import { loadConfig } from '../src/server/config.ts';
import { serve, stopOnSignals } from '../src/server/process.ts';
import { isSeeded, seedDemo } from '../src/server/seed/index.ts';
import { hasBuild } from '../src/server/static/site-folder.ts';
import { siteNames } from '../src/server/store/sites.ts';

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
})();
const { db, source } = await openContent(config);

if (!config.rcPubOrigin && !(await isSeeded(db))) {
  const started = performance.now();
  console.log(`seeding the demo database at ${config.databasePath} …`);
  await seedDemo(db);
  console.log(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

function newestMtime(path: string): number {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

const entry = join(config.astroOutDir, 'server', 'entry.mjs');
const built = statSync(entry, { throwIfNoEntry: false })?.mtimeMs ?? 0;
// sites.config.ts is bundled into the app too (the closed-site notice reads its platform)
const sources = Math.max(
  newestMtime('src'),
  newestMtime('public'),
  newestMtime('astro.config.mjs'),
  newestMtime('sites.config.ts'),
);
if (built < sources) {
  console.log(
    built === 0 ? 'building the Astro app …' : 'sources changed since the last build: rebuilding the Astro app …',
  );
  const started = performance.now();
  execFileSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--silent'], {
    stdio: 'inherit',
    env: { ...process.env, ASTRO_OUT_DIR: config.astroOutDir, NODE_ENV: 'production' },
  });
  console.log(`  built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const portal = await serve(config, { db, source });
stopOnSignals(portal);
const sites = await siteNames(db);

const processes = config.workers > 1 ? ` (${config.workers} HTTP workers)` : '';
console.log(
  `\nportal listening on http://${config.host}:${portal.port}/${processes} — open a site in Chromium or Firefox:`,
);
for (const site of sites) {
  const note = site.status === 'active' ? '' : ` (${site.status})`;
  console.log(`  http://${site.sld}.localhost:${portal.port}/zh/home/   ${site.name} / ${site.enName}${note}`);
}
console.log(
  '(curl and Node cannot resolve *.localhost: curl -H "Host: jmst.localhost" http://127.0.0.1:' +
    portal.port +
    '/zh/home/)\n',
);

const missing = [];
for (const site of await portal.builder.sitesToBuild(config.sites)) {
  if (!(await hasBuild(config.sitesDir, site.sld))) missing.push(site.sld);
}
// BUILDER=off: the server with the builder prebuilds them
if (missing.length > 0 && config.builder) {
  console.log(`prebuilding ${missing.join(', ')} in the background; their pages render on demand meanwhile`);
  for (const sld of missing) {
    const outcome = await portal.rebuild(sld);
    if (!outcome.ok && outcome.error === STOPPING) break;
    if (outcome.ok)
      console.log(`  ${sld}: ${outcome.summary.written} pages prebuilt in ${outcome.summary.seconds.toFixed(1)} s`);
    else console.error(`  ${sld}: prebuild failed (pages keep rendering on demand): ${outcome.error}`);
  }
}
