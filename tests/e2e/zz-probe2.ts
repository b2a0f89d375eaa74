import { startPortal, launchBrowser } from './harness.ts';
const portal = await startPortal({ articles: 60 });
const browser = await launchBrowser();
for (const width of [1366, 390]) {
  const ctx = await browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 } });
  for (const sld of ['jmst', 'cpg', 'scholar', 'emf', 'gzxb', 'hxyj']) {
    for (const lang of ['zh', 'en']) {
      for (const path of [`/${lang}/home/`, `/${lang}/news/`, `/${lang}/issue/`, `/${lang}/article/1/1/`]) {
      const page = await ctx.newPage();
      await page.goto(`${portal.origin(sld)}${path}`, { waitUntil: 'load' });
      await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]:not([client=visible])').length === 0);
      await page.mouse.move(200, 400); await page.mouse.wheel(0, 320);
      await page.waitForTimeout(300);
      const r = await page.evaluate(() => ({ y: window.scrollY, max: document.documentElement.scrollHeight - innerHeight, fixed: document.getElementById('site-header')!.className.includes('is-fixed'), btn: !(document.querySelector('.back-to-top') as HTMLElement | null)?.hidden }));
      console.log(width, sld, path, JSON.stringify(r));
      await page.close();
      }
    }
  }
  await ctx.close();
}
await browser.close(); await portal.close();
