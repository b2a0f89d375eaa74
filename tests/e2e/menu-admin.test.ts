/**
 * An editor's menu work end to end: an item's content set through the admin API shows on the
 * public item page once the site has re-rendered by itself (its script stripped), and
 * `npm run menu` says when a saved item is hidden in a language and refuses to delete the home
 * channel.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Portal, startPortal, TEST_REBUILD_TOKEN } from './harness.ts';

const run = promisify(execFile);
let portal: Portal;
let browser: Browser;
const admin = { authorization: `Bearer ${TEST_REBUILD_TOKEN}`, 'content-type': 'application/json' };

type ChannelRow = { id: number; code: string; name: string | null; enName: string | null; route: string | null };

beforeAll(async () => {
  portal = await startPortal({ articles: 30, prebuild: ['jmst'] });
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

async function channels(): Promise<ChannelRow[]> {
  const response = await portal.request('jmst', '/_admin/sites/jmst/channels', { headers: admin });
  expect(response.status).toBe(200);
  return (JSON.parse(response.body) as { channels: ChannelRow[] }).channels;
}

/** `npm run menu -- …` in its own process, against the running server's database. */
function menuCommand(args: string[]) {
  return run(process.execPath, ['scripts/menu.ts', ...args], {
    env: { ...process.env, DATABASE_PATH: portal.databasePath },
    cwd: process.cwd(),
  });
}

describe('menu items edited through the admin API', () => {
  it('shows an item’s new content on its public page after the automatic re-render, without its script', async () => {
    const item = (await channels()).find((c) => c.code === 'newItem' && c.route === null && c.enName);
    if (!item) throw new Error('jmst has a newItem channel without a route');
    const path = `/en/info/${item.id}/`;
    const marker = `Reviewers declare every competing interest ${Date.now()}`;
    const before = await portal.request('jmst', path);
    expect(before.status).toBe(200);
    expect(before.body).not.toContain(marker);

    const put = await portal.request('jmst', `/_admin/sites/jmst/channels/${item.id}/content`, {
      method: 'PUT',
      headers: admin,
      body: JSON.stringify({
        enContent: `<p>${marker}</p><script>document.title = 'owned'</script>`,
        content: '<p>审稿人须声明利益冲突。</p>',
      }),
    });
    expect(put.status).toBe(200);

    // no rebuild was asked for: the change log brings the prebuilt page up to date
    await expect
      .poll(async () => (await portal.request('jmst', path)).body, { timeout: 180_000, interval: 250 })
      .toContain(marker);
    const prebuilt = readFileSync(join(portal.sitesDir, 'jmst', 'en', 'info', String(item.id), 'index.html'), 'utf8');
    expect(prebuilt).toContain(marker);
    expect(prebuilt).not.toContain("document.title = 'owned'");
    // only the item's page was rendered again (both languages), not the whole site
    const status = JSON.parse((await portal.request('jmst', '/_admin/rebuild/jmst', { headers: admin })).body) as {
      pass: { last: { kind: string; pages: Record<string, number> } | null };
    };
    expect(status.pass.last).toMatchObject({ kind: 'changes', pages: { info: 2 } });

    const page = await browser.newPage();
    try {
      await page.goto(portal.origin('jmst') + path);
      await expect.poll(() => page.locator('.channel-page').getByText(marker).isVisible()).toBe(true);
      expect(await page.title()).not.toBe('owned');
    } finally {
      await page.close();
    }
  });

  it('npm run menu warns that an item without an English name is hidden in English, and keeps the home channel', async () => {
    const all = await channels();
    const item = all.find((c) => c.code === 'newItem' && c.enName);
    const home = all.find((c) => c.code === 'index');
    if (!item || !home) throw new Error('jmst has a home and a newItem channel');
    const renamed = await menuCommand(['rename', '--site', 'jmst', '--id', String(item.id), '--en-name', '']);
    expect(renamed.stderr).toContain(`warning: ${item.id}: Hidden in English: the channel has no English name.`);
    expect((await channels()).find((c) => c.id === item.id)?.enName).toBeNull();

    const refused = await menuCommand(['delete', '--site', 'jmst', '--id', String(home.id)]).then(
      () => null,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toContain('The home channel cannot be deleted.');
    expect((await channels()).some((c) => c.id === home.id)).toBe(true);
  });
});
