/**
 * Links between sites, a closed site's own assets and an ended session, in Chromium:
 * the header's publication-group entries lead to the group site on this portal (same kind of host,
 * scheme and port), a closed site's notice loads everything it asks for, and a 401 answer drops the
 * HttpOnly session cookie so the next page is not logged in.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { loadConfig } from '../../src/server/config.ts';
import { DEMO_USER } from '../../src/server/seed/site-data.ts';
import { launchBrowser, type Portal, requestVia, startPortal } from './harness.ts';

let portal: Portal;
let browser: Browser;

beforeAll(async () => {
  portal = await startPortal({ articles: 20 });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

describe('the publication-group link', () => {
  it('opens the group site of this portal, on the host, scheme and port the visitor uses', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${portal.origin('jmst')}/en/home/`);
    const group = page.locator('details.group-entrance');
    await group.locator('summary').click();
    const links = group.locator('a');
    expect(await links.count()).toBeGreaterThan(0);
    for (const href of await links.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href)))
      expect(href).toMatch(new RegExp(`^${portal.origin('jmst')}/`));
    await Promise.all([page.waitForURL(`${portal.origin('cpg')}/en/home/`), links.first().click()]);
    expect(await page.title()).not.toBe('');
    expect(await page.locator('main').count()).toBe(1);
    await context.close();
  });

  it('follows the host the visitor came in on: BASE_DOMAIN and a site’s own domain', async () => {
    const baseDomain = loadConfig(process.env).baseDomain;
    const viaBase = await requestVia(portal.port, `jmst.${baseDomain}:${portal.port}`, '/_site/cpg/zh/');
    expect(viaBase.status).toBe(302);
    expect(viaBase.headers.location).toBe(`http://cpg.${baseDomain}:${portal.port}/zh/home/`);
    // on a site's own domain (behind a TLS proxy) the other site's own domain, else its BASE_DOMAIN host
    const viaOwnDomain = await requestVia(portal.port, 'www.jmst-demo.org', '/_site/cpg/en/', {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(viaOwnDomain.headers.location).toBe(`https://cpg.${baseDomain}/en/home/`);
    const toOwnDomain = await requestVia(portal.port, 'cpg.localhost', '/_site/jmst/en/');
    expect(toOwnDomain.headers.location).toBe('http://jmst.localhost/en/home/');
    expect((await portal.request('jmst', '/_site/nosuchsite/en/')).status).toBe(404);
  });
});

describe("a closed site's notice", () => {
  for (const sld of ['lapsed', 'closed']) {
    it(`${sld}: every request the notice makes succeeds`, async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const failed: string[] = [];
      page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText}`));
      page.on('response', (response) => {
        if (response.status() >= 400 && response.request().resourceType() !== 'document')
          failed.push(`${response.url()} ${response.status()}`);
      });
      const response = await page.goto(`${portal.origin(sld)}/en/home/`);
      expect(response?.status()).toBe(403);
      await page.waitForLoadState('networkidle');
      expect(await page.locator('h1').textContent()).not.toBe('');
      expect(failed).toEqual([]);
      await context.close();
    });
  }
});

describe('a session that ended', () => {
  it('is dropped by the 401 answer itself: no session cookie stays, the next page shows the login link', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const origin = portal.origin('jmst');
    await page.goto(`${origin}/en/home/`);
    const status = await page.evaluate(
      async ([path, body]) => {
        const answer = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        return ((await answer.json()) as { status: number }).status;
      },
      [apiPaths.login, JSON.stringify({ account: DEMO_USER.userName, password: DEMO_USER.password })] as const,
    );
    expect(status).toBe(0);
    const names = async () => (await context.cookies(origin)).map((cookie) => cookie.name);
    expect(await names()).toContain('commonToken');
    portal.db.prepare("UPDATE sessions SET expires_at = '2000-01-01T00:00:00.000Z'").run();
    const article = portal.db
      .prepare("SELECT id FROM articles WHERE site_id = 1 AND status = 'formal' ORDER BY id LIMIT 1")
      .get() as { id: number };
    const refused = page.waitForResponse((response) => response.url().includes(apiPaths.memberIsCollect));
    await page.goto(`${origin}/en/article/${article.id}/`);
    expect(((await (await refused).json()) as { status: number }).status).toBe(401);
    await expect.poll(names).not.toContain('commonToken');
    expect(await names()).not.toContain('userName');
    await page.goto(`${origin}/en/home/`);
    await page.waitForFunction(() => document.querySelector('astro-island[component-url*="LoginState"]:not([ssr])'));
    expect(await page.locator('.login-state.user-menu').count()).toBe(0);
    expect(await page.locator('.login-state a[href*="login"]').count()).toBeGreaterThan(0);
    await context.close();
  });
});
