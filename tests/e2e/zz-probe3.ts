import { startPortal, launchBrowser } from './harness.ts';
const portal = await startPortal({ articles: 60 });
const browser = await launchBrowser();
for (const h of [700, 720, 740, 760, 780]) {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: h } });
  for (const path of ['/en/issue/', '/zh/issue/']) {
    const page = await ctx.newPage();
    await page.goto(`${portal.origin('hxyj')}${path}`, { waitUntil: 'load' });
    await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]:not([client=visible])').length === 0);
    const before = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
    await page.evaluate(() => window.scrollTo(0, 320));
    await page.waitForTimeout(300);
    const r = await page.evaluate(() => ({ y: window.scrollY, max: document.documentElement.scrollHeight - innerHeight, fixed: document.getElementById('site-header')!.className.includes('is-fixed'), btn: !(document.querySelector('.back-to-top') as HTMLElement | null)?.hidden }));
    console.log(h, path, before, JSON.stringify(r));
    await page.close();
  }
  await ctx.close();
}
await browser.close(); await portal.close();
