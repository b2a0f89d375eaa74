/**
 * axe-core in the e2e tests: the one check "no serious or critical violation" that the shell, the
 * content pages and the console share.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

type Violation = { id: string; impact: string | null; nodes: { target: unknown[] }[] };

let axeUrl: Promise<string> | undefined;

/**
 * axe's source as a cacheable script of its own origin, served by this test process: Chromium then
 * keeps it in the context's HTTP cache and, from its third page on, its compiled code, where a
 * script added by content is parsed and compiled again on every page.
 */
function servedAxe(): Promise<string> {
  axeUrl ??= new Promise((resolve, reject) => {
    const source = readFileSync(AXE_PATH);
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'max-age=86400, immutable' });
      response.end(source);
    });
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      // the file's process ends with its tests; the server must not keep it alive
      server.unref();
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/axe.min.js`);
    });
  });
  return axeUrl;
}

/**
 * The serious and critical violations of the page as it stands, as `id [targets]` lines: within the
 * `include` selectors that are on the page when given (none there fails), else the whole document.
 */
export async function seriousViolations(page: Page, include?: string[]): Promise<string[]> {
  await page.addScriptTag({ url: await servedAxe() });
  const violations = await page.evaluate(async (selectors) => {
    const axe = (
      window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: Violation[] }> } }
    ).axe;
    const present = selectors?.filter((selector) => document.querySelector(selector));
    if (present?.length === 0) throw new Error(`none of ${selectors?.join(', ')} is on the page`);
    const context = present ? { include: present.map((selector) => [selector]) } : document;
    return (await axe.run(context, { resultTypes: ['violations'] })).violations;
  }, include ?? null);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`);
}
