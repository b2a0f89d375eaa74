/**
 * The demo's videos and audios play: every open demo site's video and audio pages name a file the
 * portal serves with its media type, and in Chromium the players reach playable data, start and
 * move their clock, with no failed request.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Portal, startPortal } from './harness.ts';

let portal: Portal;
let browser: Browser;

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal({ articles: 60 }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

const HAVE_CURRENT_DATA = 2;

describe('demo media', () => {
  const media = () =>
    portal.db
      .prepare(
        "SELECT m.id, m.kind, s.sld FROM media m JOIN sites s ON s.id = m.site_id WHERE s.status = 'active' AND m.kind IN ('video', 'audio') ORDER BY m.id",
      )
      .all() as { id: number; kind: 'video' | 'audio'; sld: string }[];

  it("every open site's video and audio pages name a file of the portal that answers with its media type", async () => {
    const all = media();
    expect(new Set(all.map((m) => m.sld)).size).toBe(6);
    for (const medium of all) {
      const page = await portal.request(medium.sld, `/en/${medium.kind}/${medium.id}/`);
      const src = new RegExp(`<${medium.kind} [^>]*src="([^"]+)"`).exec(page.body)?.[1]?.replaceAll('&amp;', '&');
      expect(src, `${medium.sld} ${medium.kind} ${medium.id}`).toMatch(/^\/rc-pub\/front\/files\/get\?id=\d+$/);
      const file = await portal.request(medium.sld, src ?? '', { headers: { range: 'bytes=0-' } });
      expect(file.status).toBe(206);
      expect(file.headers['content-type']).toBe(medium.kind === 'video' ? 'video/webm' : 'audio/wav');
    }
  });

  it('the video and audio players play their files in Chromium, in both languages', async () => {
    const all = media();
    // two sites, one per language: each its video and its audio
    const sample = (['jmst', 'emf'] as const).flatMap((sld, i) =>
      (['video', 'audio'] as const).flatMap((kind) => {
        const first = all.find((m) => m.sld === sld && m.kind === kind);
        return first ? [{ ...first, lang: i === 0 ? 'zh' : 'en' }] : [];
      }),
    );
    expect(sample).toHaveLength(4);
    const context = await browser.newContext();
    try {
      for (const medium of sample) {
        const page = await context.newPage();
        const failed: string[] = [];
        const mediaResponses: string[] = [];
        page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText ?? ''}`));
        page.on('response', (response) => {
          if (response.status() >= 400) failed.push(`${response.url()} ${response.status()}`);
          if (response.request().resourceType() === 'media')
            mediaResponses.push(`${response.status()} ${response.headers()['content-type'] ?? ''}`);
        });
        const where = `${medium.sld} ${medium.lang} ${medium.kind} ${medium.id}`;
        await page.goto(`${portal.origin(medium.sld)}/${medium.lang}/${medium.kind}/${medium.id}/`, {
          waitUntil: 'domcontentloaded',
        });
        const player = page.locator(`main ${medium.kind}`);
        await expect(player.count(), where).resolves.toBe(1);
        // muted, so that Chromium's autoplay policy lets a script start it
        const started = await player.evaluate(async (element: HTMLMediaElement) => {
          element.muted = true;
          try {
            await element.play();
            return 'playing';
          } catch (error) {
            return `refused: ${String(error)} ${element.error?.message ?? ''}`;
          }
        });
        expect(started, where).toBe('playing');
        await page.waitForFunction(
          ([selector, ready]) => {
            const element = document.querySelector<HTMLMediaElement>(selector as string);
            return element !== null && element.readyState >= (ready as number) && element.currentTime > 0.2;
          },
          [`main ${medium.kind}`, HAVE_CURRENT_DATA] as const,
          { timeout: 15_000 },
        );
        const state = await player.evaluate((element: HTMLMediaElement) => ({
          error: element.error?.code ?? null,
          duration: element.duration,
        }));
        expect(state.error, where).toBeNull();
        expect(state.duration, where).toBeGreaterThan(1);
        expect(failed, where).toEqual([]);
        expect(mediaResponses.length, where).toBeGreaterThan(0);
        for (const line of mediaResponses)
          expect(line, where).toMatch(medium.kind === 'video' ? /^20[06] video\/webm$/ : /^20[06] audio\/wav$/);
        await page.close();
      }
    } finally {
      await context.close();
    }
  }, 120_000);
});
