/**
 * `npm run screenshots`: the home page of every open demo site in both languages at 1366 and
 * 390 px, scrolled through first so lazy pictures load, written to screenshots/ (git-ignored).
 * Uses a temporary seeded store and the built Astro app (run `npx astro build` first).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { loadConfig } from '../src/server/config.ts';
import { createLocalSource } from '../src/server/local-source.ts';
import { listen } from '../src/server/process.ts';
import { seedDemo } from '../src/server/seed/index.ts';
import { openDb } from '../src/server/store/db.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

const WIDTHS = [1366, 390] as const;
const OUT = resolve('screenshots');

const env = loadConfig();
if (!existsSync(join(resolve(env.astroOutDir), 'server', 'entry.mjs'))) {
  console.error(`no Astro build in ${env.astroOutDir}: run \`npx astro build\` first`);
  process.exit(1);
}
const work = mkdtempSync(join(tmpdir(), 'portal-screenshots-'));
const databasePath = join(work, 'portal.db');
const db = openDb(databasePath);
// the same demo data as `npm start`, so every issue on the home pages has its articles
await seedDemo(db);
const config = {
  ...env,
  port: 0,
  host: '127.0.0.1',
  databasePath,
  rcPubOrigin: undefined,
  sitesDir: join(work, 'sites'),
};
const portal = await listen({ config, db, source: createLocalSource(db) });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
mkdirSync(OUT, { recursive: true });
try {
  // the open sites (the builder's list: expired and forbidden sites are never built)
  for (const site of await portal.app.builder.sitesToBuild()) {
    for (const lang of ['zh', 'en']) {
      for (const width of WIDTHS) {
        const page = await browser.newPage({ viewport: { width, height: 900 } });
        await page.goto(`http://${site.sld}.localhost:${portal.port}/${lang}/home/`, { waitUntil: 'load' });
        // scroll through so lazy pictures and client:visible islands load, then back to the top
        await page.evaluate(async () => {
          for (let y = 0; y < document.documentElement.scrollHeight; y += 600) {
            window.scrollTo(0, y);
            await new Promise((done) => setTimeout(done, 60));
          }
          window.scrollTo(0, 0);
        });
        await page.waitForLoadState('networkidle');
        const file = join(OUT, `${site.sld}-${lang}-${width}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.log(file);
        await page.close();
      }
    }
  }
} finally {
  await browser.close();
  await portal.close();
  db.close();
  rmSync(work, { recursive: true, force: true });
}
