import { startPortal, launchBrowser } from '/work/wt20-c/tests/e2e/harness.ts';
const portal = await startPortal({ articles: 60 });
const browser = await launchBrowser();
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
for (const sld of ['jmst', 'cpg', 'scholar', 'emf', 'gzxb', 'hxyj']) {
  for (const lang of ['zh', 'en']) {
    const page = await ctx.newPage();
    await page.goto(`${portal.origin(sld)}/${lang}/home/`, { waitUntil: 'load' });
    await page.waitForTimeout(500);
    const h = await page.evaluate(() => document.getElementById('site-header')!.getBoundingClientRect().height);
    const sw = await page.evaluate(() => document.documentElement.scrollWidth);
    console.log(sld, lang, 'header', h, 'scrollWidth', sw);
    await page.screenshot({ path: `/tmp/wt20c/${sld}-${lang}-390.png` });
    await page.close();
  }
}
await browser.close(); await portal.close();
