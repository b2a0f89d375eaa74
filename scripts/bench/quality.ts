/**
 * `npm run quality`: the budgets of docs/performance.md, measured on prebuilt pages, printed, never asserted.
 *  1. html-validate (standard preset) over every prebuilt index.html
 *  2. JavaScript per page (gzip): module scripts with their static imports, island components and
 *     renderers, inline scripts; plus pages whose <main> has no text without JavaScript
 *  3. axe-core (serious/critical) in Chromium on a sample of pages across sites and route families
 *  4. Lighthouse (mobile, the default config) on the home, an issue TOC and an article page of jmst
 * Pages come from SITES_DIR (with the DATABASE_PATH they were built from) when it holds sites;
 * otherwise a temporary database is seeded with the demo data (QUALITY_ARTICLES overrides its 2,400 articles) and every active site
 * (or SITES=a,b) is prebuilt into a temporary folder. Needs the Astro app built (ASTRO_OUT_DIR).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { HtmlValidate } from 'html-validate';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { loadConfig } from '../../src/server/config.ts';
import { createLocalSource } from '../../src/server/local-source.ts';
import { listen } from '../../src/server/process.ts';
import { seedDemo } from '../../src/server/seed/index.ts';
import { openDb } from '../../src/server/store/db.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts';
import { JS_BUDGET_BYTES, JS_BUDGET_LABEL } from './budgets.ts';
import { requestVia } from './load.ts';

const CHROMIUM = CHROMIUM_PATH;
const AXE_SAMPLE = Number(process.env['QUALITY_AXE_PAGES'] ?? 30);

const env = loadConfig();
const astroOutDir = resolve(env.astroOutDir);
if (!existsSync(join(astroOutDir, 'server', 'entry.mjs'))) {
  console.error(`no Astro build in ${astroOutDir}: run \`npx astro build\` first`);
  process.exit(1);
}

const siteFolders = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir).filter((name) => !name.startsWith('.') && statSync(join(dir, name)).isDirectory())
    : [];

// Pages: the given prebuilt folder, else a temporary seeded store prebuilt here.
const prebuilt = siteFolders(resolve(env.sitesDir)).length > 0;
const work = prebuilt ? null : mkdtempSync(join(tmpdir(), 'portal-quality-'));
const sitesDir = work ? join(work, 'sites') : resolve(env.sitesDir);
const databasePath = work ? join(work, 'portal.db') : env.databasePath;
const db = openDb(databasePath);
if (!prebuilt) {
  const articles = process.env['QUALITY_ARTICLES'] ? Number(process.env['QUALITY_ARTICLES']) : undefined;
  const started = performance.now();
  const seeded = await seedDemo(db, articles === undefined ? {} : { articles });
  console.log(
    `no prebuilt sites in ${env.sitesDir}: seeded the demo data (${JSON.stringify(seeded)}) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
const config = { ...env, port: 0, host: '127.0.0.1', databasePath, rcPubOrigin: undefined, sitesDir, astroOutDir };
const portal = await listen({ config, db, source: createLocalSource(db) });
const children: ChildProcess[] = [];
let profile: string | null = null;
const cleanup = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  if (work) rmSync(work, { recursive: true, force: true });
  if (profile) rmSync(profile, { recursive: true, force: true });
};
process.on('exit', cleanup);

if (!prebuilt) {
  const started = performance.now();
  let written = 0;
  for (const summary of await portal.app.builder.buildAll(await portal.app.builder.sitesToBuild(config.sites)))
    written += summary.written;
  console.log(`prebuilt ${written} pages in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

type Page = { sld: string; path: string; file: string };
const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : entry.name === 'index.html' ? [join(dir, entry.name)] : [],
  );
const pages: Page[] = siteFolders(sitesDir).flatMap((sld) => {
  const root = join(sitesDir, sld);
  return walk(root).map((file) => ({ sld, file, path: `/${relative(root, file).replace(/index\.html$/, '')}` }));
});
const sites = [...new Set(pages.map((page) => page.sld))];
console.log(`\n${pages.length} prebuilt pages in ${sites.length} sites (${sites.join(', ')}) under ${sitesDir}`);

// 1. html-validate over every page
const validator = new HtmlValidate({ extends: ['html-validate:standard'] });
const byRule = new Map<string, number>();
const firstErrors: string[] = [];
let errors = 0;
let pagesWithErrors = 0;
let started = performance.now();
for (const page of pages) {
  const report = await validator.validateString(readFileSync(page.file, 'utf8'), page.file);
  const pageErrors = report.results.flatMap((result) => result.messages).filter((message) => message.severity === 2);
  if (pageErrors.length > 0) pagesWithErrors++;
  for (const message of pageErrors) {
    errors++;
    const key = `${message.ruleId}: ${message.message}`;
    byRule.set(key, (byRule.get(key) ?? 0) + 1);
    if (firstErrors.length < 8)
      firstErrors.push(
        `${page.sld}${page.path}:${message.line}:${message.column} ${message.ruleId}: ${message.message}`,
      );
  }
}
console.log(
  `\n1. html-validate (standard): ${pages.length} pages, ${errors} errors on ${pagesWithErrors} pages (${((performance.now() - started) / 1000).toFixed(1)} s)`,
);
for (const [rule, count] of [...byRule].sort((a, b) => b[1] - a[1])) console.log(`   ${rule}: ${count}`);
for (const line of firstErrors) console.log(`   ${line}`);

// 2. JavaScript per page (gzip), static: scripts, islands and their static import graph
const scriptCache = new Map<string, Promise<{ gzip: number; imports: string[] }>>();
const fetchScript = (sld: string, url: string) => {
  let entry = scriptCache.get(url);
  if (!entry) {
    entry = requestVia(portal.port, `${sld}.localhost:${portal.port}`, url).then((res) => {
      if (res.status !== 200) return { gzip: 0, imports: [] };
      const text = res.body;
      const imports = [...text.matchAll(/(?:\bimport|\bexport)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.m?js)["']/g)].map(
        (match) => new URL(match[1] ?? '', new URL(url, 'http://x')).pathname,
      );
      return { gzip: gzipSync(text).length, imports };
    });
    scriptCache.set(url, entry);
  }
  return entry;
};
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]?.replace(/&amp;/g, '&');
const mainText = (html: string) =>
  (/<main[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1] ?? '')
    .replace(/<style[\s\S]*?<\/style>|<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[#\w]+;/g, 'x')
    .replace(/\s+/g, '');
started = performance.now();
const jsOf = async (page: Page, html: string) => {
  const roots = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\ssrc="[^"]*"[^>]*>/g)) roots.add(attr(match[0], 'src') ?? '');
  for (const match of html.matchAll(/<astro-island\b[^>]*>/g)) {
    for (const name of ['component-url', 'renderer-url']) {
      const url = attr(match[0], name);
      if (url) roots.add(url);
    }
  }
  const seen = new Set<string>();
  let external = 0;
  const queue = [...roots].filter(Boolean).map((url) => new URL(url, `http://x${page.path}`).pathname);
  while (queue.length > 0) {
    const url = queue.pop() ?? '';
    if (seen.has(url)) continue;
    seen.add(url);
    const script = await fetchScript(page.sld, url);
    external += script.gzip;
    queue.push(...script.imports);
  }
  const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter((match) => !/\ssrc=/.test(match[1] ?? '') && !/application\/(ld\+)?json/.test(match[1] ?? ''))
    .map((match) => match[2] ?? '')
    .join('\n');
  const inlineGzip = inline ? gzipSync(inline).length : 0;
  return { total: external + inlineGzip, external, inline: inlineGzip, files: seen.size };
};
let heaviest = { page: pages[0], total: 0, external: 0, inline: 0, files: 0 };
let totalJs = 0;
let overBudget = 0;
const emptyMain: string[] = [];
for (const page of pages) {
  const html = readFileSync(page.file, 'utf8');
  const js = await jsOf(page, html);
  totalJs += js.total;
  if (js.total > JS_BUDGET_BYTES) overBudget++;
  if (js.total > heaviest.total) heaviest = { page, ...js };
  if (mainText(html).length === 0) emptyMain.push(`${page.sld}${page.path}`);
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  `\n2. JavaScript (gzip) per page: max ${kb(heaviest.total)} on ${heaviest.page?.sld}${heaviest.page?.path} ` +
    `(${heaviest.files} files ${kb(heaviest.external)} + inline ${kb(heaviest.inline)}), mean ${kb(totalJs / Math.max(pages.length, 1))}, ` +
    `${overBudget} pages over ${JS_BUDGET_LABEL} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
);
console.log(
  `   pages whose <main> has no text without JavaScript: ${emptyMain.length}${emptyMain.length ? ` (${emptyMain.slice(0, 5).join(', ')})` : ''}`,
);

// 3. axe-core on a sample: sites in turn, within a site its route families in turn
const families = new Map<string, Map<string, Page[]>>();
for (const page of pages) {
  const family = page.path.split('/').slice(1, 3).join('/');
  const site = families.get(page.sld) ?? new Map<string, Page[]>();
  site.set(family, [...(site.get(family) ?? []), page]);
  families.set(page.sld, site);
}
const queues = [...families.values()].map((site) => {
  const groups = [...site.values()];
  const order: Page[] = [];
  for (let round = 0; order.length < groups.reduce((sum, group) => sum + group.length, 0); round++) {
    for (const group of groups) if (group[round]) order.push(group[round] as Page);
  }
  return order;
});
const sample: Page[] = [];
for (let round = 0; sample.length < Math.min(AXE_SAMPLE, pages.length); round++) {
  for (const queue of queues) if (queue[round] && sample.length < AXE_SAMPLE) sample.push(queue[round] as Page);
}
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const axeCounts = { serious: 0, critical: 0 };
const axeRules = new Map<string, { impact: string; pages: number; example: string }>();
let observedMax = { url: '', bytes: 0 };
started = performance.now();
const context = await browser.newContext();
const tab = await context.newPage();
let responses: Promise<number>[] = [];
tab.on('response', (response) => {
  if (response.request().resourceType() === 'script')
    responses.push(
      response.body().then(
        (body) => gzipSync(body).length,
        () => 0,
      ),
    );
});
for (const page of sample) {
  responses = [];
  const url = `http://${page.sld}.localhost:${portal.port}${page.path}`;
  await tab.goto(url, { waitUntil: 'networkidle' });
  const observed = (await Promise.all(responses)).reduce((sum, size) => sum + size, 0);
  if (observed > observedMax.bytes) observedMax = { url: `${page.sld}${page.path}`, bytes: observed };
  await tab.addScriptTag({ content: axeSource });
  const violations = await tab.evaluate(async () => {
    type Violation = { id: string; impact: string | null; nodes: { target: unknown[] }[] };
    const axe = (window as unknown as { axe: { run(options: object): Promise<{ violations: Violation[] }> } }).axe;
    const run = await axe.run({ resultTypes: ['violations'] });
    return run.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? '',
        nodes: v.nodes.length,
        target: JSON.stringify(v.nodes[0]?.target ?? []),
      }));
  });
  for (const violation of violations) {
    if (violation.impact === 'serious') axeCounts.serious += violation.nodes;
    else axeCounts.critical += violation.nodes;
    const known = axeRules.get(violation.id);
    axeRules.set(violation.id, {
      impact: violation.impact,
      pages: (known?.pages ?? 0) + 1,
      example: known?.example ?? `${page.sld}${page.path} ${violation.target}`,
    });
  }
}
await context.close();
await browser.close();
console.log(
  `\n3. axe-core on ${sample.length} pages of ${new Set(sample.map((page) => page.sld)).size} sites: ${axeCounts.critical} critical, ${axeCounts.serious} serious node violations (${((performance.now() - started) / 1000).toFixed(1)} s)`,
);
for (const [id, rule] of axeRules)
  console.log(`   ${id} (${rule.impact}) on ${rule.pages} pages, e.g. ${rule.example}`);
console.log(`   JavaScript (gzip) the browser actually loaded: max ${kb(observedMax.bytes)} on ${observedMax.url}`);

// 4. Lighthouse, mobile (default config: Moto G Power emulation, simulated slow 4G), on jmst
const jmst = pages.filter((page) => page.sld === 'jmst');
// the largest issue TOC and article page: the worst case of each
const largest = (pattern: RegExp) =>
  jmst.filter((page) => pattern.test(page.path)).sort((a, b) => statSync(b.file).size - statSync(a.file).size)[0];
const targets = [
  jmst.find((page) => page.path === '/zh/home/'),
  largest(/^\/zh\/issue\/\d+\/\d+\/$/),
  largest(/^\/zh\/article\/[^/]+\/$/),
].filter((page): page is Page => page !== undefined);
profile = mkdtempSync(join(tmpdir(), 'quality-chromium-'));
const chrome = spawn(
  CHROMIUM,
  [...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
  {
    stdio: ['ignore', 'ignore', 'pipe'],
  },
);
children.push(chrome);
const debugPort = await new Promise<number>((done, fail) => {
  let text = '';
  chrome.stderr?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
    const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(text);
    if (match) done(Number(match[1]));
  });
  chrome.once('exit', () => fail(new Error(`chromium exited before listening: ${text.slice(0, 500)}`)));
});
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
console.log(`\n4. Lighthouse (mobile) on jmst, Chromium ${await chromiumVersion()}:`);
for (const page of targets) {
  const url = `http://${page.sld}.localhost:${portal.port}${page.path}`;
  const result = await lighthouse(url, {
    port: debugPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  const lhr = result?.lhr;
  if (!lhr) {
    console.log(`   ${page.path}: no result`);
    continue;
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  console.log(
    `   ${page.path.padEnd(24)} performance ${score('performance')}, accessibility ${score('accessibility')}, best practices ${score('best-practices')}, SEO ${score('seo')}`,
  );
  if (lhr.runtimeError) console.log(`     runtime error: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  for (const warning of lhr.runWarnings) console.log(`     warning: ${warning}`);
  const metrics = [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
  ]
    .map((id) => `${id} ${lhr.audits[id]?.displayValue ?? '?'}`)
    .join(', ');
  console.log(`     ${metrics}`);
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    if (!category || (category.score ?? 0) >= 1) continue;
    const failing = category.auditRefs
      .filter((ref) => ref.weight > 0 || id === 'performance')
      .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
      .filter(
        ({ audit }) =>
          audit &&
          audit.score !== null &&
          audit.score < 0.9 &&
          audit.scoreDisplayMode !== 'informative' &&
          audit.scoreDisplayMode !== 'notApplicable',
      )
      .map(({ ref, audit }) => `${ref.id} (${audit?.score}${audit?.displayValue ? `, ${audit.displayValue}` : ''})`);
    if (failing.length > 0) console.log(`     ${id} below 100: ${failing.join('; ')}`);
    if (id === 'performance') continue;
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 0.9 || audit.scoreDisplayMode === 'informative') continue;
      for (const item of itemsOf(audit.details).slice(0, 3)) console.log(`       ${ref.id}: ${item}`);
    }
  }
}
chrome.kill('SIGTERM');
await portal.close();
db.close();
cleanup();
process.exit(0);

async function chromiumVersion(): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${debugPort}/json/version`).catch(() => null);
  const body: unknown = await res?.json().catch(() => null);
  return typeof body === 'object' && body !== null && 'Browser' in body ? String(body.Browser) : 'unknown';
}

/** the first words of each row of a Lighthouse audit's details table: the element, URL or message */
function itemsOf(details: unknown): string[] {
  if (typeof details !== 'object' || details === null || !('items' in details) || !Array.isArray(details.items))
    return [];
  return details.items.map((item: unknown) => {
    if (typeof item !== 'object' || item === null) return String(item);
    const row = item as Record<string, unknown>;
    const node = row['node'] as Record<string, unknown> | undefined;
    const location = row['sourceLocation'] ?? row['source'];
    const source =
      typeof location === 'object' && location !== null ? (location as Record<string, unknown>) : undefined;
    const parts = [
      row['url'],
      typeof row['source'] === 'string' ? row['source'] : undefined,
      row['description'],
      node?.['snippet'],
      source?.['url'] ? `${String(source['url'])}:${String(source['line'])}` : undefined,
      row['displayedAspectRatio']
        ? `displayed ${String(row['displayedAspectRatio'])}, actual ${String(row['actualAspectRatio'])}`
        : undefined,
    ];
    return parts
      .filter((part) => part !== undefined && part !== '')
      .map((part) => String(part).replace(/\s+/g, ' '))
      .join(' — ')
      .slice(0, 300);
  });
}
