/**
 * Links between sites and a closed site's own assets, in Chromium (issue 25): the header's
 * publication-group entries lead to the group site on this portal (same kind of host, scheme and
 * port), and a closed site's notice loads everything it asks for.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
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
    for (const href of await links.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href))) expect(href).toMatch(new RegExp(`^${portal.origin('jmst')}/`));
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
    const viaOwnDomain = await requestVia(portal.port, 'www.jmst-demo.org', '/_site/cpg/en/', { headers: { 'x-forwarded-proto': 'https' } });
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
        if (response.status() >= 400 && response.request().resourceType() !== 'document') failed.push(`${response.url()} ${response.status()}`);
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
