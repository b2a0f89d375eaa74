/**
 * Issue 29: when a scheduled article's time comes, the server's publish job rebuilds the site's
 * prebuilt pages and mails the digest that waited for it, with nobody acting; a removal found by a
 * later look rebuilds too. Signed preview links open one article until they expire.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalSource } from '../../src/server/local-source.ts';
import { importContent } from '../../src/server/import/index.ts';
import { outboxMailer } from '../../src/server/mail/mailer.ts';
import { previewTokenOpens, previewToken } from '../../src/server/preview-link.ts';
import { type PublishJob, startPublishJob } from '../../src/server/publish-job.ts';
import { type Db, openDb } from '../../src/server/store/db.ts';
import { outboxMessages } from '../../src/server/store/outbox.ts';
import { sendDigests } from '../../src/server/subscriptions/digest.ts';

type Json = { site: { sld: string }; periods: unknown[]; articles: Record<string, unknown>[]; news: unknown[] };
const fixture = () => JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/import-scheduling.json'), 'utf8')) as Json;

describe('the publish job', () => {
  let dir: string;
  let db: Db;
  let job: PublishJob | null = null;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'publish-job-'));
    db = openDb(join(dir, 'portal.db'));
  });
  afterEach(() => {
    job?.stop();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('rebuilds the site and mails the waiting digest once a scheduled article appears, and rebuilds after a removal', async () => {
    const file = fixture();
    const [published] = file.articles;
    importContent(db, { ...file, periods: file.periods.slice(0, 1), articles: [published], news: [] });
    const siteId = Number(db.prepare("SELECT id FROM sites WHERE sld = 'jos'").get()?.['id']);
    db.prepare("INSERT INTO subscriptions (site_id, email, target, verified, lang, unsubscribe_token, created_at) VALUES (?, 'reader@example.org', 'all', 1, 'en', 'u-token', '2026-01-01')").run(siteId);
    const source = createLocalSource(db);
    const rebuilt: number[] = [];
    job = startPublishJob({
      db,
      intervalMs: 60_000,
      rebuild: async (site) => {
        rebuilt.push(site);
      },
      sendDigests: () => sendDigests({ db, source, mailer: outboxMailer(db), baseDomain: 'portal.test', now: new Date(), log: () => {} }),
    });
    // what was there before the server started goes out at its first look (the 2026 issue)
    expect(await job.tick()).toMatchObject({ published: [], removed: [], digests: 1 });

    const publishAt = new Date(Date.now() + 1500).toISOString();
    importContent(db, { ...file, periods: [], news: [], articles: [{ ...published, status: 'online-first', period: null, doi: '10.3788/AOS.2026.OF.201', title: '定时网络首发', enTitle: 'Scheduled online first', publishAt }] });
    expect(await job.tick()).toEqual({ published: [], removed: [], digests: 0 });
    expect(rebuilt).toEqual([]);

    await expect.poll(async () => (await job?.tick())?.published, { timeout: 10_000, interval: 200 }).toEqual([siteId]);
    expect(rebuilt).toEqual([siteId]);
    const mails = await outboxMessages(db, { recipient: 'reader@example.org', limit: 10 });
    expect(mails).toHaveLength(2);
    expect(mails.map((mail) => mail.text).join('\n')).toContain('Online first: Scheduled online first');

    // a removal is a change the prebuilt pages must lose
    importContent(db, { ...file, periods: [], news: [], articles: [{ ...published, removed: { date: '2026-11-01', reason: 'court order' } }] });
    expect(await job.tick()).toEqual({ published: [], removed: [siteId], digests: 0 });
    expect(rebuilt).toEqual([siteId, siteId]);
  });
});

describe('preview links', () => {
  const secret = 'a-preview-secret-of-at-least-32-characters';
  const target = { siteId: 3, articleId: 2401 };
  const now = new Date('2026-11-26T12:00:00Z');
  const token = previewToken(secret, target, new Date('2026-11-28T12:00:00Z'));

  it('open their own article until they expire, and nothing else', () => {
    expect(previewTokenOpens(secret, target, token, now)).toBe(true);
    expect(previewTokenOpens(secret, target, token, new Date('2026-11-28T12:00:00Z'))).toBe(false);
    expect(previewTokenOpens(secret, { siteId: 3, articleId: 2402 }, token, now)).toBe(false);
    expect(previewTokenOpens(secret, { siteId: 4, articleId: 2401 }, token, now)).toBe(false);
    expect(previewTokenOpens('another-secret-of-at-least-32-characters!', target, token, now)).toBe(false);
    // a later expiry written into the token does not carry the signature along
    const [, signature] = token.split('.');
    expect(previewTokenOpens(secret, target, `${Math.floor(Date.parse('2027-01-01') / 1000)}.${signature}`, now)).toBe(false);
    expect(previewTokenOpens(secret, target, 'not a token', now)).toBe(false);
  });
});
