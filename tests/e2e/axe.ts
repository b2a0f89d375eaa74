/**
 * axe-core in the e2e tests: the one check "no serious or critical violation" that the shell, the
 * content pages and the console share.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

type Violation = { id: string; impact: string | null; nodes: { target: unknown[] }[] };

/**
 * The serious and critical violations of the page as it stands, as `id [targets]` lines: within the
 * `include` selectors that are on the page when given (none there fails), else the whole document.
 */
export async function seriousViolations(page: Page, include?: string[]): Promise<string[]> {
  await page.addScriptTag({ path: AXE_PATH });
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
