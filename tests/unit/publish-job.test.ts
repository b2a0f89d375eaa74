/**
 * Issue 29: when a scheduled article's time comes, the server's publish job records the change
 * (the change feed re-renders the pages showing it) and mails the digest that waited for it, with
 * nobody acting; a removal found by a later look is recorded too. Signed preview links open one article until they expire.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importContent } from '../../src/server/import/index.ts';
import { createLocalSource } from '../../src/server/local-source.ts';
import { outboxMailer } from '../../src/server/mail/mailer.ts';
import { previewToken, previewTokenOpens } from '../../src/server/preview-link.ts';
import { type PublishJob, startPublishJob } from '../../src/server/publish-job.ts';
import { changesSince } from '../../src/server/store/changes.ts';
import { type Db, openDb } from '../../src/server/store/db.ts';
import { outboxMessages } from '../../src/server/store/outbox.ts';
import { sendDigests } from '../../src/server/subscriptions/digest.ts';

type Json = { site: { sld: string }; periods: unknown[]; articles: Record<string, unknown>[]; news: unknown[] };
const fixture = () =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/import-scheduling.json'), 'utf8')) as Json;

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

  it('records the article that appears and mails the waiting digest once a scheduled article appears, and records a removal', async () => {
    const file = fixture();
    const [published] = file.articles;
    await importContent(db, { ...file, periods: file.periods.slice(0, 1), articles: [published], news: [] });
    const siteId = Number(db.prepare("SELECT id FROM sites WHERE sld = 'jos'").get()?.['id']);
    db.prepare(
      "INSERT INTO subscriptions (site_id, email, target, verified, lang, unsubscribe_token, created_at) VALUES (?, 'reader@example.org', 'all', 1, 'en', 'u-token', '2026-01-01')",
    ).run(siteId);
    const source = createLocalSource(db);
    job = startPublishJob({
      db,
      owner: 'server a',
      intervalMs: 60_000,
      sendDigests: () =>
        sendDigests({
          db,
          source,
          mailer: outboxMailer(db),
          baseDomain: 'portal.test',
          now: new Date(),
          log: () => {},
        }),
    });
    /** what the job wrote to the change log after the change `after` */
    const recorded = async (after: number) =>
      (await changesSince(db, after))
        .filter((change) => change.origin.startsWith('publish job'))
        .map(({ siteId: site, kind, action, ids }) => ({ siteId: site, kind, action, ids }));
    // what was there before the server started goes out at its first look (the 2026 issue)
    expect(await job.tick()).toMatchObject({ published: [], removed: [], digests: 1, changes: [] });

    const publishAt = new Date(Date.now() + 1500).toISOString();
    await importContent(db, {
      ...file,
      periods: [],
      news: [],
      articles: [
        {
          ...published,
          status: 'online-first',
          period: null,
          doi: '10.3788/AOS.2026.OF.201',
          title: '定时网络首发',
          enTitle: 'Scheduled online first',
          publishAt,
        },
      ],
    });
    const scheduled = Number(db.prepare("SELECT id FROM articles WHERE doi = '10.3788/AOS.2026.OF.201'").get()?.['id']);
    const afterImport = Number(db.prepare('SELECT max(id) AS id FROM content_changes').get()?.['id']);
    expect(await job.tick()).toEqual({ published: [], removed: [], digests: 0, changes: [] });

    await expect.poll(async () => (await job?.tick())?.published, { timeout: 10_000, interval: 200 }).toEqual([siteId]);
    expect(await recorded(afterImport)).toEqual([{ siteId, kind: 'article', action: 'added', ids: [scheduled] }]);
    const mails = await outboxMessages(db, { recipient: 'reader@example.org', limit: 10 });
    expect(mails).toHaveLength(2);
    expect(mails.map((mail) => mail.text).join('\n')).toContain('Online first: Scheduled online first');

    // a removal is a change the prebuilt pages must lose
    const afterAppearing = Number(db.prepare('SELECT max(id) AS id FROM content_changes').get()?.['id']);
    await importContent(db, {
      ...file,
      periods: [],
      news: [],
      articles: [{ ...published, removed: { date: '2026-11-01', reason: 'court order' } }],
    });
    const removedId = Number(
      db.prepare('SELECT id FROM articles WHERE doi = ?').get(String(published?.['doi']))?.['id'],
    );
    expect(await job.tick()).toMatchObject({ published: [], removed: [siteId], digests: 0 });
    expect(await recorded(afterAppearing)).toEqual([{ siteId, kind: 'article', action: 'removed', ids: [removedId] }]);
  });

  it('records scheduled issues and news items as they appear', async () => {
    const file = fixture();
    job = startPublishJob({ db, owner: 'server a', intervalMs: 60_000, sendDigests: async () => 0 });
    await job.tick();
    await importContent(db, file);
    const siteId = Number(db.prepare("SELECT id FROM sites WHERE sld = 'jos'").get()?.['id']);
    const due = (table: string) =>
      db
        .prepare(`SELECT id FROM ${table} WHERE publish_at > ? ORDER BY id`)
        .all(new Date().toISOString())
        .map((row) => Number(row['id']));
    const [issues, news] = [due('periods'), due('news')];
    expect(issues.length).toBeGreaterThan(0);
    expect(news.length).toBeGreaterThan(0);
    // their time comes a moment from now
    const soon = new Date(Date.now() + 1000).toISOString();
    for (const table of ['periods', 'news'])
      db.prepare(`UPDATE ${table} SET publish_at = ? WHERE publish_at > ?`).run(soon, new Date().toISOString());
    await expect
      .poll(async () => (await job?.tick())?.changes.filter((change) => change.kind !== 'article'), {
        timeout: 10_000,
        interval: 200,
      })
      .toEqual([
        { siteId, kind: 'issue', action: 'added', ids: issues },
        { siteId, kind: 'news', action: 'added', ids: news },
      ]);
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
    expect(previewTokenOpens(secret, target, `${Math.floor(Date.parse('2027-01-01') / 1000)}.${signature}`, now)).toBe(
      false,
    );
    expect(previewTokenOpens(secret, target, 'not a token', now)).toBe(false);
  });

  it('open a news item or an issue by kind: a token for one kind opens no other item with that id', () => {
    const news = { siteId: 3, kind: 'news', id: 2401 } as const;
    const issue = { siteId: 3, kind: 'issue', id: 2401 } as const;
    const newsToken = previewToken(secret, news, new Date('2026-11-28T12:00:00Z'));
    expect(previewTokenOpens(secret, news, newsToken, now)).toBe(true);
    expect(previewTokenOpens(secret, news, newsToken, new Date('2026-11-28T12:00:00Z'))).toBe(false);
    expect(previewTokenOpens(secret, issue, newsToken, now)).toBe(false);
    expect(previewTokenOpens(secret, target, newsToken, now)).toBe(false);
    expect(previewTokenOpens(secret, news, token, now)).toBe(false);
    // an article's link signed the old way still opens it
    expect(previewTokenOpens(secret, { siteId: 3, kind: 'article', id: 2401 }, token, now)).toBe(true);
  });
});
