/**
 * The store contract: the async store functions every server shares with the others (accounts,
 * sessions, rate limits, captchas, codes, the change log, page links, publishing history,
 * subscriptions, third-party bindings, counters, render leases) answer the same on the embedded SQLite store and on
 * PostgreSQL (a throwaway PostgreSQL 15 cluster, tests/fixtures/postgres-cluster.ts), through one
 * store handle opened by openStore; and the page-render reads answer the same on both engines for the
 * same rows.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCountRollupJob } from '../../src/server/count-rollup-job.ts';
import { startPublishJob } from '../../src/server/publish-job.ts';
import {
  insertMember,
  loginRowById,
  memberByAccount,
  memberByCodeAddress,
  memberEmails,
  setMobile,
  setPasswordHash,
  updateProfile,
} from '../../src/server/store/accounts.ts';
import { getAlbum, listAlbums } from '../../src/server/store/albums.ts';
import { articleStatistics, countArticleDownload, countArticleView } from '../../src/server/store/article-counts.ts';
import { getArticle, getArticleByDoi, getArticlePreview } from '../../src/server/store/article-detail.ts';
import { articleRelations, resourceStatistics } from '../../src/server/store/article-relations.ts';
import { articleSummariesByIds, listArticles } from '../../src/server/store/articles.ts';
import { listAudit } from '../../src/server/store/audit.ts';
import { recountAppeared } from '../../src/server/store/bulk/cited-by.ts';
import { pruneCaptchas, saveCaptcha, takeCaptcha } from '../../src/server/store/captchas.ts';
import { changesSince, lastChangeId, pruneChanges, recordChanges } from '../../src/server/store/changes.ts';
import { findChannelByCode, getChannelInfo } from '../../src/server/store/channels.ts';
import { rankFromRollups, refreshRollups } from '../../src/server/store/count-rollups.ts';
import { type Db, transaction } from '../../src/server/store/db.ts';
import { getEditorialTopic, listEditorialTopics, listExperts } from '../../src/server/store/experts.ts';
import {
  deleteUnusedUpload,
  etagOf,
  fileById,
  fileByKey,
  fileUrl,
  insertFile,
  insertMemberUpload,
  memberUploadBytes,
  pictureUrl,
  uploadUrl,
} from '../../src/server/store/files.ts';
import { getIssueToc } from '../../src/server/store/issue-toc.ts';
import { claimJobRun } from '../../src/server/store/job-runs.ts';
import { kysely } from '../../src/server/store/kysely.ts';
import {
  addCollect,
  addDownload,
  addHistory,
  collectsPage,
  downloadsPage,
  historiesPage,
  isCollected,
  removeCollect,
  resourceTitle,
} from '../../src/server/store/members.ts';
import { getModules } from '../../src/server/store/modules.ts';
import { getNews, getTopNews, listNews } from '../../src/server/store/news.ts';
import { closeStore, openStore } from '../../src/server/store/open-store.ts';
import { addToOutbox, outboxMessages } from '../../src/server/store/outbox.ts';
import { linkingRoutesOf, pagesLinking, writePageLinks } from '../../src/server/store/page-links.ts';
import { listPasses, recordPass } from '../../src/server/store/pass-history.ts';
import { findPeriod, getFirstTwoPeriods, getPeriodTree } from '../../src/server/store/periods.ts';
import {
  addPersonalAlbumItem,
  createPersonalAlbum,
  deletePersonalAlbum,
  editPersonalAlbum,
  personalAlbumItems,
  personalAlbums,
  removePersonalAlbumItem,
} from '../../src/server/store/personal-albums.ts';
import { getPublication, listPublications } from '../../src/server/store/publications.ts';
import { publishedBetween, removedArticlesBySite } from '../../src/server/store/publish-schedule.ts';
import { clearRateLimit, rateLimitCount } from '../../src/server/store/rate-limits.ts';
import {
  holdsRenderLease,
  releaseRenderLease,
  renewRenderLease,
  takeRenderLease,
  wholeSiteLeases,
} from '../../src/server/store/render-leases.ts';
import { getSearchConditions, getSearchConfig } from '../../src/server/store/search-config.ts';
import {
  deleteMemberSessions,
  deleteSession,
  insertSession,
  sessionByTokenHash,
  sessionExpiry,
} from '../../src/server/store/sessions.ts';
import { getSiteShell } from '../../src/server/store/shell.ts';
import {
  insertSiteToken,
  listSiteTokens,
  revokeSiteToken,
  siteTokenByHash,
} from '../../src/server/store/site-tokens.ts';
import { findSiteByDomain, findSiteById, findSiteBySld, getGroupEntries } from '../../src/server/store/sites.ts';
import {
  createStaff,
  grantSites,
  insertStaffSession,
  listStaff,
  revokeStaff,
  setStaffDisabled,
  setStaffPassword,
  staffBySessionHash,
  staffLogin,
  staffPasswordHash,
} from '../../src/server/store/staff.ts';
import {
  claimSubscriptionEvents,
  confirmedSubscribers,
  confirmSubscription,
  isConfirmedSubscriber,
  memberSubscriptions,
  removeMemberSubscription,
  removeSubscription,
  saveConfirmedSubscription,
  savePendingSubscription,
} from '../../src/server/store/subscriptions.ts';
import {
  bindIdentity,
  bindTicket,
  boundIdentity,
  saveBindTicket,
  saveLoginState,
  takeBindTicket,
  takeLoginState,
} from '../../src/server/store/third-party.ts';
import {
  countCodeAttempt,
  hitRateLimit,
  insertVerificationCode,
  markCodeUsed,
  openVerificationCode,
  pruneRateLimits,
} from '../../src/server/store/verification-codes.ts';
import { visibilityNow } from '../../src/server/store/visibility.ts';
import { countSiteVisit, visitTotals } from '../../src/server/store/visits.ts';
import { type PostgresCluster, startPostgresCluster } from '../fixtures/postgres-cluster.ts';
import { renderLeaseRow } from '../fixtures/render-lease-row.ts';
import { writeStoreFixture } from '../unit/store-fixture.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const SQLITE_MIGRATIONS = join(ROOT, 'src', 'server', 'store', 'migrations', 'sqlite');
const NOW = '2026-03-01T10:00:00.000Z';
const LATER = '2026-03-01T11:00:00.000Z';

let cluster: PostgresCluster;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'store-contract-'));
  cluster = await startPostgresCluster();
});

afterAll(async () => {
  await cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const engines = [
  { engine: 'sqlite', env: () => ({}) },
  { engine: 'postgres', env: () => ({ DATABASE_URL: cluster.url }) },
] as const;

type Ids = { siteId: number; otherSiteId: number; articleId: number; draftId: number; periodId: number };

/** Two sites, a journal, an issue, a published article and a draft: written with Kysely, so on either engine. */
async function addContent(db: Db): Promise<Ids> {
  const q = kysely(db);
  const site = async (sld: string) =>
    (
      await q
        .insertInto('sites')
        .values({ sld, name: `刊 ${sld}`, en_name: `Journal ${sld}`, type: 'single', created_at: NOW })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const siteId = await site('alpha');
  const otherSiteId = await site('beta');
  const { id: publicationId } = await q
    .insertInto('publications')
    .values({ site_id: siteId, name: '材料', en_name: 'Materials' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: periodId } = await q
    .insertInto('periods')
    .values({
      site_id: siteId,
      publication_id: publicationId,
      year: 2026,
      volume: 1,
      issue: 1,
      publish_date: '2026-01-01',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const article = async (status: string) =>
    (
      await q
        .insertInto('articles')
        .values({ site_id: siteId, publication_id: publicationId, title: '文', status, updated_at: NOW })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  return { siteId, otherSiteId, articleId: await article('formal'), draftId: await article('draft'), periodId };
}

/** A published article of the site's first journal that appears at `publishAt`. */
async function scheduledArticle(db: Db, siteId: number, publishAt: string): Promise<number> {
  const q = kysely(db);
  const publication = await q.selectFrom('publications').select('id').executeTakeFirstOrThrow();
  const { id } = await q
    .insertInto('articles')
    .values({
      site_id: siteId,
      publication_id: publication.id,
      title: '预定',
      status: 'formal',
      updated_at: NOW,
      publish_at: publishAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

describe('a store handle', () => {
  it('is the SQLite file by default, and its synchronous paths run on it', async () => {
    const db = await openStore(join(dir, 'default.db'), {});
    try {
      expect(db.engine).toBe('sqlite');
      await kysely(db)
        .insertInto('sites')
        .values({ sld: 'gamma', name: '丙', en_name: 'Gamma', type: 'single', created_at: NOW })
        .execute();
      expect((await findSiteBySld(db, 'gamma'))?.enName).toBe('Gamma');
      expect(transaction(db, () => db.prepare('SELECT COUNT(*) AS n FROM sites').get())).toEqual({ n: 1 });
    } finally {
      await closeStore(db);
    }
    expect(() => db.prepare('SELECT 1')).toThrow(/not open/);
  });

  it('is PostgreSQL, migrated, when DATABASE_URL names one; a SQLite-only path says what it is', async () => {
    const db = await openStore(join(dir, 'unused.db'), { DATABASE_URL: cluster.url });
    try {
      expect(db.engine).toBe('postgres');
      const versions = await sql<{ version: number }>`SELECT version FROM schema_migrations`.execute(kysely(db));
      const latest = Math.max(...readdirSync(SQLITE_MIGRATIONS).map((file) => Number.parseInt(file, 10)));
      expect(Math.max(...versions.rows.map((row) => row.version))).toBe(latest);
      expect(() => db.prepare('SELECT 1')).toThrow(/prepared statement .* is SQLite-only/);
      expect(() => transaction(db, () => 1)).toThrow(/db\.exec .* is SQLite-only/);
      expect(() => db.close()).toThrow(/closeStore|close\(\) is SQLite-only/);
    } finally {
      await closeStore(db);
    }
  });

  it('refuses a DATABASE_URL that names no PostgreSQL database, saying what it needs', async () => {
    await expect(openStore(join(dir, 'unused.db'), { DATABASE_URL: 'mysql://localhost/portal' })).rejects.toThrow(
      /DATABASE_URL must be a postgres:\/\/ URL/,
    );
  });
});

describe.each(engines)('the store contract on $engine', ({ engine, env }) => {
  let db: Db;
  let ids: Ids;

  beforeAll(async () => {
    db = await openStore(join(dir, `${engine}.db`), env());
    expect(db.engine).toBe(engine);
    ids = await addContent(db);
  });

  afterAll(async () => {
    if (db) await closeStore(db);
  });

  it('accounts: registers a member and finds them by name, mobile or proven e-mail only', async () => {
    const id = await insertMember(db, {
      siteId: ids.siteId,
      userName: 'reader',
      mobileNo: '13800000000',
      email: 'reader@example.org',
      passwordHash: 'h1',
      createdAt: NOW,
    });
    expect((await memberByAccount(db, ids.siteId, 'reader'))?.id).toBe(id);
    expect((await memberByAccount(db, ids.siteId, '13800000000'))?.id).toBe(id);
    expect((await memberByAccount(db, ids.siteId, 'reader@example.org'))?.id).toBe(id);
    expect(await memberByAccount(db, ids.siteId, 'READER')).toBeNull();
    expect(await memberByAccount(db, ids.otherSiteId, 'reader')).toBeNull();
    await updateProfile(db, ids.siteId, id, { email: 'typed@example.org', gender: 'female' });
    expect(await memberByAccount(db, ids.siteId, 'typed@example.org')).toBeNull();
    expect(await memberEmails(db, ids.siteId, id)).toEqual({
      email: 'typed@example.org',
      verifiedEmail: 'reader@example.org',
    });
    await setMobile(db, ids.siteId, id, '13900000000');
    expect((await memberByCodeAddress(db, ids.siteId, '13900000000'))?.id).toBe(id);
    expect(await memberByCodeAddress(db, ids.siteId, 'reader')).toBeNull();
    await setPasswordHash(db, ids.siteId, id, 'h2', LATER);
    expect(await loginRowById(db, ids.siteId, id)).toEqual({
      id,
      userName: 'reader',
      passwordHash: 'h2',
      passwordChangedAt: LATER,
      mobileNo: '13900000000',
      email: 'typed@example.org',
    });
    await expect(
      insertMember(db, {
        siteId: ids.siteId,
        userName: 'reader',
        mobileNo: null,
        email: null,
        passwordHash: 'h',
        createdAt: NOW,
      }),
    ).rejects.toThrow();
  });

  it('sessions: kept by token hash, ended one by one or all of a member', async () => {
    const userId = await insertMember(db, {
      siteId: ids.siteId,
      userName: 'session-user',
      mobileNo: null,
      email: null,
      passwordHash: 'h',
      createdAt: NOW,
    });
    for (const tokenHash of ['t1', 't2', 't3'])
      await insertSession(db, { tokenHash, userId, siteId: ids.siteId, createdAt: NOW, expiresAt: LATER });
    expect(await sessionByTokenHash(db, 't1')).toEqual({ userId, siteId: ids.siteId, expiresAt: LATER });
    expect((await sessionExpiry(db, 't2'))?.toISOString()).toBe(LATER);
    await deleteSession(db, 't1');
    expect(await sessionByTokenHash(db, 't1')).toBeNull();
    await deleteMemberSessions(db, ids.siteId, userId);
    expect(await sessionByTokenHash(db, 't2')).toBeNull();
    expect(await sessionExpiry(db, 't3')).toBeNull();
  });

  it('rate limits: counts per key and window, cleared and pruned', async () => {
    expect(await hitRateLimit(db, 'login:1', NOW)).toBe(1);
    expect(await hitRateLimit(db, 'login:1', NOW)).toBe(2);
    expect(await hitRateLimit(db, 'login:1', LATER)).toBe(1);
    expect(await rateLimitCount(db, 'login:1', NOW)).toBe(2);
    expect(await rateLimitCount(db, 'login:2', NOW)).toBe(0);
    await pruneRateLimits(db, LATER);
    expect(await rateLimitCount(db, 'login:1', NOW)).toBe(0);
    expect(await rateLimitCount(db, 'login:1', LATER)).toBe(1);
    await clearRateLimit(db, 'login:1');
    expect(await rateLimitCount(db, 'login:1', LATER)).toBe(0);
  });

  it('captchas: taken once, on their own site only', async () => {
    await saveCaptcha(db, { id: 'c1', siteId: ids.siteId, answerHash: 'a', expiresAt: LATER });
    await saveCaptcha(db, { id: 'c2', siteId: ids.siteId, answerHash: 'b', expiresAt: NOW });
    expect(await takeCaptcha(db, ids.otherSiteId, 'c1')).toBeNull();
    expect(await takeCaptcha(db, ids.siteId, 'c1')).toEqual({ answerHash: 'a', expiresAt: LATER });
    expect(await takeCaptcha(db, ids.siteId, 'c1')).toBeNull();
    await pruneCaptchas(db, LATER);
    expect(await takeCaptcha(db, ids.siteId, 'c2')).toBeNull();
  });

  it('verification codes: the newest open one, its attempts counted, used once', async () => {
    for (const codeHash of ['old', 'new'])
      await insertVerificationCode(db, {
        purpose: 'login',
        address: 'a@example.org',
        codeHash,
        expiresAt: LATER,
        createdAt: NOW,
      });
    const code = await openVerificationCode(db, 'login', 'a@example.org', NOW);
    expect(code).toMatchObject({ codeHash: 'new', attempts: 0 });
    await countCodeAttempt(db, code?.id ?? 0);
    expect(await openVerificationCode(db, 'login', 'a@example.org', NOW)).toMatchObject({ attempts: 1 });
    expect(await markCodeUsed(db, code?.id ?? 0, NOW)).toBe(true);
    expect(await markCodeUsed(db, code?.id ?? 0, NOW)).toBe(false);
    expect(await openVerificationCode(db, 'login', 'a@example.org', NOW)).toMatchObject({ codeHash: 'old' });
    expect(await openVerificationCode(db, 'login', 'a@example.org', LATER)).toBeNull();
  });

  it('the change log: merged rows read in order after a cursor, pruned by age', async () => {
    const before = await lastChangeId(db);
    await recordChanges(
      db,
      [
        { siteId: ids.siteId, kind: 'article', action: 'updated', ids: [3, 1] },
        { siteId: ids.siteId, kind: 'article', action: 'updated', ids: [1, 2] },
        { siteId: ids.siteId, kind: 'news', action: 'added', ids: [] },
        { siteId: ids.siteId, kind: 'menu', action: 'updated', ids: [] },
      ],
      'test pid 1',
      new Date(NOW),
    );
    await kysely(db)
      .transaction()
      .execute(async (trx) => {
        await recordChanges(
          trx,
          [{ siteId: ids.otherSiteId, kind: 'album', action: 'removed', ids: [9] }],
          'trx',
          new Date(LATER),
        );
      });
    const changes = await changesSince(db, before);
    expect(
      changes.map(({ siteId, kind, action, ids: rowIds, origin, createdAt }) => [
        siteId,
        kind,
        action,
        rowIds,
        origin,
        createdAt,
      ]),
    ).toEqual([
      [ids.siteId, 'article', 'updated', [3, 1, 2], 'test pid 1', NOW],
      [ids.siteId, 'menu', 'updated', [], 'test pid 1', NOW],
      [ids.otherSiteId, 'album', 'removed', [9], 'trx', LATER],
    ]);
    expect(await lastChangeId(db)).toBe(changes.at(-1)?.id);
    expect((await changesSince(db, changes[0]?.id ?? 0, 1)).map((change) => change.kind)).toEqual(['menu']);
    expect(await pruneChanges(db, new Date(LATER))).toBe(2);
    expect((await changesSince(db, before)).map((change) => change.kind)).toEqual(['album']);
  });

  it('page links: the pages linking articles, replaced per route', async () => {
    const pages = new Map([
      ['/', new Set([1, 2])],
      ['/article/1', new Set([1])],
      ['/news', new Set<number>()],
    ]);
    expect(await writePageLinks(db, ids.siteId, pages)).toBe(3);
    await writePageLinks(db, ids.otherSiteId, new Map([['/', new Set([2])]]));
    expect(await linkingRoutesOf(db, ids.siteId)).toEqual(new Set(['/', '/article/1']));
    expect(await pagesLinking(db, [2])).toEqual(
      new Map([
        [ids.siteId, new Set(['/'])],
        [ids.otherSiteId, new Set(['/'])],
      ]),
    );
    await writePageLinks(db, ids.siteId, new Map([['/', new Set([3])]]), ['/article/1']);
    expect(await pagesLinking(db, [1, 2, 3], ids.siteId)).toEqual(new Map([[ids.siteId, new Set(['/'])]]));
  });

  it('publishing history: newest first, bounded per site, read as written', async () => {
    for (let n = 0; n < 52; n++)
      await recordPass(db, ids.siteId, {
        ok: n % 2 === 0,
        kind: n === 51 ? 'full' : 'changes',
        pages: { article: n },
        failed: n === 51 ? [{ path: '/a', reason: 'boom' }] : [],
        startedAt: NOW,
        finishedAt: LATER,
        ...(n === 51 ? { durationMs: 1234, steps: { render: 1.5 }, error: 'late' } : {}),
      });
    await recordPass(db, ids.otherSiteId, {
      ok: true,
      kind: 'full',
      pages: {},
      failed: [],
      startedAt: NOW,
      finishedAt: NOW,
    });
    const passes = await listPasses(db, ids.siteId);
    expect(passes).toHaveLength(50);
    expect(passes[0]).toEqual({
      ok: false,
      kind: 'full',
      pages: { article: 51 },
      failed: [{ path: '/a', reason: 'boom' }],
      error: 'late',
      steps: { render: 1.5 },
      startedAt: NOW,
      durationMs: 1234,
      finishedAt: LATER,
    });
    expect(passes.at(-1)?.pages).toEqual({ article: 2 });
    expect(passes.at(-1)?.ok).toBe(true);
    expect(await listPasses(db, ids.otherSiteId, 5)).toHaveLength(1);
  });

  it('subscriptions: pending, confirmed, the member’s, unsubscribed', async () => {
    const userId = await insertMember(db, {
      siteId: ids.siteId,
      userName: 'subscriber',
      mobileNo: null,
      email: 'sub@example.org',
      passwordHash: 'h',
      createdAt: NOW,
    });
    await savePendingSubscription(db, {
      siteId: ids.siteId,
      email: 'pending@example.org',
      lang: 'en',
      confirmHash: 'c1',
      unsubscribeToken: 'u1',
      now: NOW,
    });
    await savePendingSubscription(db, {
      siteId: ids.siteId,
      email: 'pending@example.org',
      lang: 'en',
      confirmHash: 'c2',
      unsubscribeToken: 'u2',
      now: NOW,
    });
    expect(await isConfirmedSubscriber(db, ids.siteId, 'pending@example.org')).toBe(false);
    expect(await confirmSubscription(db, 'c1', ids.siteId, LATER)).toBeNull();
    const pendingId = await confirmSubscription(db, 'c2', ids.siteId, LATER);
    expect(pendingId).not.toBeNull();
    expect(await isConfirmedSubscriber(db, ids.siteId, 'pending@example.org')).toBe(true);
    await saveConfirmedSubscription(db, {
      siteId: ids.siteId,
      userId,
      email: 'sub@example.org',
      lang: 'zh',
      unsubscribeToken: 'u3',
      now: NOW,
    });
    const owner = { siteId: ids.siteId, userId, verifiedEmail: 'sub@example.org' };
    const mine = await memberSubscriptions(db, owner);
    expect(mine.map(({ email, confirmed, confirmedAt }) => ({ email, confirmed, confirmedAt }))).toEqual([
      { email: 'sub@example.org', confirmed: true, confirmedAt: NOW },
    ]);
    expect(
      (await confirmedSubscribers(db, ids.siteId)).map(({ email, lang, unsubscribeToken }) => [
        email,
        lang,
        unsubscribeToken,
      ]),
    ).toEqual([
      ['pending@example.org', 'en', 'u2'],
      ['sub@example.org', 'zh', 'u3'],
    ]);
    expect(await removeMemberSubscription(db, owner, pendingId ?? 0)).toBeNull();
    expect(await removeMemberSubscription(db, owner, mine[0]?.id ?? 0)).toBe(mine[0]?.id);
    expect(await removeSubscription(db, ids.otherSiteId, 'u2')).toBeNull();
    expect(await removeSubscription(db, ids.siteId, 'u2')).toBe(pendingId);
    expect(await confirmedSubscribers(db, ids.siteId)).toEqual([]);
  });

  it('subscription events: taken once each, when what they announce is visible', async () => {
    const q = kysely(db);
    const event = async (kind: string, refId: number) =>
      (
        await q
          .insertInto('subscription_events')
          .values({ site_id: ids.siteId, kind, ref_id: refId, created_at: NOW })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const issue = await event('issue', ids.periodId);
    const online = await event('online', ids.articleId);
    await event('online', ids.draftId);
    const taken = await claimSubscriptionEvents(db, NOW);
    expect(taken).toEqual([
      { id: issue, siteId: ids.siteId, kind: 'issue', refId: ids.periodId },
      { id: online, siteId: ids.siteId, kind: 'online', refId: ids.articleId },
    ]);
    expect(await claimSubscriptionEvents(db, LATER)).toEqual([]);
  });

  it('third-party login: states and tickets taken once, an account bound once', async () => {
    const userId = await insertMember(db, {
      siteId: ids.siteId,
      userName: 'bound',
      mobileNo: null,
      email: null,
      passwordHash: 'h',
      createdAt: NOW,
    });
    const state = {
      siteId: ids.siteId,
      provider: 'orcid',
      codeVerifier: 'v',
      nonce: 'n',
      lang: 'en' as const,
      expiresAt: LATER,
    };
    await saveLoginState(db, 's1', { ...state, expiresAt: NOW }, '2026-01-01T00:00:00.000Z');
    await saveLoginState(db, 's2', state, NOW);
    expect(await takeLoginState(db, ids.siteId, 's1')).toBeNull();
    expect(await takeLoginState(db, ids.otherSiteId, 's2')).toBeNull();
    expect(await takeLoginState(db, ids.siteId, 's2')).toEqual(state);
    expect(await takeLoginState(db, ids.siteId, 's2')).toBeNull();
    const ticket = { siteId: ids.siteId, provider: 'orcid', subject: '0000-0001', expiresAt: LATER };
    await saveBindTicket(db, 'b1', ticket, NOW);
    expect(await bindTicket(db, ids.siteId, 'b1')).toEqual(ticket);
    expect(await takeBindTicket(db, ids.siteId, 'b1')).toBe(true);
    expect(await takeBindTicket(db, ids.siteId, 'b1')).toBe(false);
    const binding = { siteId: ids.siteId, provider: 'orcid', subject: '0000-0001', userId, now: NOW };
    expect(await bindIdentity(db, binding)).toBe(true);
    expect(await bindIdentity(db, binding)).toBe(false);
    expect(await boundIdentity(db, ids.siteId, 'orcid', { userId })).toEqual({ subject: '0000-0001', userId });
    expect(await boundIdentity(db, ids.siteId, 'orcid', { subject: '0000-0001' })).toEqual({
      subject: '0000-0001',
      userId,
    });
    expect(await boundIdentity(db, ids.otherSiteId, 'orcid', { userId })).toBeNull();
  });

  it('counters: a visit and a view count once per visitor and day, downloads every time', async () => {
    expect(await countSiteVisit(db, ids.siteId, 'v1', '2026-03-01')).toEqual({
      counted: true,
      sumVisits: 1,
      todayVisits: 1,
    });
    expect(await countSiteVisit(db, ids.siteId, 'v1', '2026-03-01')).toEqual({
      counted: false,
      sumVisits: 1,
      todayVisits: 1,
    });
    expect(await countSiteVisit(db, ids.siteId, 'v1', '2026-03-02')).toEqual({
      counted: true,
      sumVisits: 2,
      todayVisits: 1,
    });
    expect(await countArticleView(db, ids.siteId, ids.articleId, 'v1', '2026-03-01')).toEqual({
      counted: true,
      views: 1,
    });
    expect(await countArticleView(db, ids.siteId, ids.articleId, 'v1', '2026-03-01')).toEqual({
      counted: false,
      views: 1,
    });
    expect(await countArticleView(db, ids.otherSiteId, ids.articleId, 'v2', '2026-03-01')).toBeNull();
    await countArticleDownload(db, ids.siteId, ids.articleId, '2026-03-01');
    await countArticleDownload(db, ids.siteId, ids.articleId, '2026-03-01');
    const sums = await kysely(db)
      .selectFrom('article_daily_counts')
      .select((eb) => [eb.fn.sum<number>('views').as('views'), eb.fn.sum<number>('downloads').as('downloads')])
      .where('article_id', '=', ids.articleId)
      .executeTakeFirstOrThrow();
    // a sum is numeric on PostgreSQL: read as the number the shared types declare
    expect(sums).toEqual({ views: 1, downloads: 2 });
    const totals = await kysely(db)
      .selectFrom('articles')
      .select(['views', 'downloads'])
      .where('id', '=', ids.articleId)
      .executeTakeFirstOrThrow();
    expect(totals).toEqual({ views: 1, downloads: 2 });
  });

  it('rankings: the rollups of views move with the day and leave drafts out', async () => {
    for (const [visitor, day] of [
      ['r1', '2026-05-02'],
      ['r2', '2026-05-02'],
      ['r3', '2026-07-01'],
    ] as const)
      await countArticleView(db, ids.siteId, ids.articleId, visitor, day);
    await countArticleView(db, ids.siteId, ids.draftId, 'r1', '2026-07-01');
    await countArticleDownload(db, ids.siteId, ids.articleId, '2026-07-01');
    const rank = (by: 'read' | 'download', period: '3m' | 'all', day: string) =>
      rankFromRollups(db, { siteId: ids.siteId, by, period, limit: 10 }, day);
    // the counters test counted a view and two downloads on 2026-03-01
    expect(await rank('read', '3m', '2026-07-01')).toEqual([{ articleId: ids.articleId, count: 3 }]);
    expect(await rank('read', '3m', '2026-08-15')).toEqual([{ articleId: ids.articleId, count: 1 }]);
    expect(await rank('read', 'all', '2026-08-15')).toEqual([{ articleId: ids.articleId, count: 4 }]);
    expect(await rank('download', 'all', '2026-08-15')).toEqual([{ articleId: ids.articleId, count: 3 }]);
    expect(await rank('read', '3m', '2026-07-01')).toEqual([{ articleId: ids.articleId, count: 3 }]);
    expect(await refreshRollups(db, ids.siteId, '2026-07-01')).toBe(false);
  });

  it('the daily rollup job moves every site to the day and stops cleanly (planner statistics are the engine’s)', async () => {
    const job = startCountRollupJob(db, 'server a', () => new Date('2026-09-01T00:00:05.000Z'));
    const days = () =>
      kysely(db).selectFrom('article_period_count_days').select(['site_id', 'day']).orderBy('site_id').execute();
    await expect.poll(days).toEqual([
      { site_id: ids.siteId, day: '2026-09-01' },
      { site_id: ids.otherSiteId, day: '2026-09-01' },
    ]);
    expect(() => job.stop()).not.toThrow();
  });

  it('staff: accounts by e-mail, their sites, sessions ended when disabled, each change audited', async () => {
    const now = new Date(NOW);
    const created = await createStaff(
      db,
      { email: 'Editor@Example.org', passwordHash: 'p1', role: 'editor', sites: ['alpha'], mustChangePassword: true },
      now,
    );
    expect(created).toEqual({
      id: created.id,
      email: 'editor@example.org',
      role: 'editor',
      sites: ['alpha'],
      disabled: false,
      mustChangePassword: true,
    });
    await expect(
      createStaff(db, { email: 'editor@example.org', passwordHash: 'p', role: 'admin', sites: [] }, now),
    ).rejects.toThrow(/already has a staff account/);
    await expect(grantSites(db, 'editor@example.org', ['nowhere'])).rejects.toThrow(/unknown site: nowhere/);
    expect((await grantSites(db, 'EDITOR@example.org', ['beta', 'alpha']))?.sites).toEqual(['alpha', 'beta']);
    expect(await staffLogin(db, 'editor@EXAMPLE.org')).toEqual({ id: created.id, passwordHash: 'p1', disabled: false });
    await insertStaffSession(db, { tokenHash: 's1', staffId: created.id, createdAt: NOW, expiresAt: LATER });
    expect((await staffBySessionHash(db, 's1', now))?.email).toBe('editor@example.org');
    expect(await staffBySessionHash(db, 's1', new Date(LATER))).toBeNull();
    expect((await setStaffPassword(db, created.id, 'p2', false, 'admin@example.org', now))?.mustChangePassword).toBe(
      false,
    );
    expect(await staffPasswordHash(db, created.id)).toBe('p2');
    expect((await setStaffDisabled(db, created.id, true, 'admin@example.org', now))?.disabled).toBe(true);
    expect(await staffBySessionHash(db, 's1', now)).toBeNull();
    expect((await revokeStaff(db, 'editor@example.org', ['beta'], now))?.sites).toEqual(['alpha']);
    expect((await listStaff(db)).map((staff) => staff.email)).toEqual(['editor@example.org']);
    const audit = await listAudit(db, { siteIds: null, platform: true, limit: 10 });
    expect(audit.map(({ actor, action, target, after }) => [actor, action, target, after])).toEqual([
      ['admin@example.org', 'staff.disable', 'editor@example.org', { disabled: true }],
      ['admin@example.org', 'staff.password-change', 'editor@example.org', { mustChangePassword: false }],
      ['shell', 'staff.add', 'editor@example.org', { email: 'editor@example.org', role: 'editor', sites: ['alpha'] }],
    ]);
  });

  it('site tokens: kept by hash, listed per site, revoked once, audited on their site', async () => {
    const now = new Date(NOW);
    const id = await insertSiteToken(
      db,
      { siteId: ids.siteId, tokenHash: 'k1', label: 'import', createdBy: 'shell' },
      now,
    );
    expect(await siteTokenByHash(db, 'k1')).toEqual({
      id,
      site: 'alpha',
      label: 'import',
      createdBy: 'shell',
      createdAt: NOW,
    });
    expect(await listSiteTokens(db, ids.otherSiteId)).toEqual([]);
    expect(await revokeSiteToken(db, ids.otherSiteId, id, 'admin', now)).toBe(false);
    expect(await revokeSiteToken(db, ids.siteId, id, 'admin', now)).toBe(true);
    expect(await revokeSiteToken(db, ids.siteId, id, 'admin', now)).toBe(false);
    expect(await siteTokenByHash(db, 'k1')).toBeNull();
    const audit = await listAudit(db, { siteIds: [ids.siteId], limit: 10, from: NOW, to: NOW });
    expect(audit.map(({ site, action, before }) => [site, action, before])).toEqual([
      ['alpha', 'token.revoke', { id, label: 'import' }],
      ['alpha', 'token.create', null],
    ]);
    expect(await listAudit(db, { siteIds: [ids.siteId], limit: 10, beforeId: audit.at(-1)?.id ?? 0 })).toEqual([]);
  });

  it('the outbox: newest first, by recipient', async () => {
    const message = { channel: 'email' as const, subject: 'Code', text: '123456', html: null, createdAt: NOW };
    const first = await addToOutbox(db, { ...message, recipient: 'a@example.org' });
    const second = await addToOutbox(db, { ...message, recipient: 'b@example.org', channel: 'sms', subject: '' });
    expect((await outboxMessages(db)).map((row) => [row.id, row.channel, row.recipient])).toEqual([
      [second, 'sms', 'b@example.org'],
      [first, 'email', 'a@example.org'],
    ]);
    expect(await outboxMessages(db, { recipient: 'a@example.org', limit: 5 })).toEqual([
      { id: first, recipient: 'a@example.org', ...message },
    ]);
  });

  it('files: a member upload by its key, a platform file by its id, bytes as stored, deleted once unused', async () => {
    const ownerId = await insertMember(db, {
      siteId: ids.siteId,
      userName: 'uploader',
      mobileNo: null,
      email: null,
      passwordHash: 'h',
      createdAt: NOW,
    });
    const bytes = new Uint8Array([0, 255, 1, 128, 10, 13]);
    const photo = await insertMemberUpload(db, ownerId, {
      siteId: ids.siteId,
      name: 'me.png',
      contentType: 'image/png',
      data: bytes,
      createdAt: NOW,
    });
    const other = await insertMemberUpload(db, ownerId, {
      siteId: ids.siteId,
      name: 'old.png',
      contentType: 'image/png',
      data: 'abc',
      createdAt: NOW,
    });
    expect(await fileByKey(db, photo.key)).toEqual({
      siteId: ids.siteId,
      ownerId,
      contentType: 'image/png',
      data: bytes,
      etag: etagOf(bytes),
    });
    expect(await memberUploadBytes(db, ownerId, null)).toBe(9);
    expect(await memberUploadBytes(db, ownerId, other.id)).toBe(6);
    expect(await pictureUrl(db, photo.id)).toBe(uploadUrl(photo.key));
    const logo = await insertFile(db, {
      siteId: null,
      name: 'logo.svg',
      contentType: 'image/svg+xml',
      data: '<svg/>',
      createdAt: NOW,
    });
    expect(await fileByKey(db, 'no-such-key')).toBeNull();
    expect(new TextDecoder().decode((await fileById(db, logo))?.data)).toBe('<svg/>');
    expect(await pictureUrl(db, logo)).toBe(fileUrl(logo));
    await updateProfile(db, ids.siteId, ownerId, { headPictureId: photo.id });
    await deleteUnusedUpload(db, ownerId, photo.id);
    await deleteUnusedUpload(db, ownerId, other.id);
    expect(await fileById(db, photo.id)).not.toBeNull();
    expect(await fileById(db, other.id)).toBeNull();
  });

  it('a member’s things: favourites, downloads, history and albums, paged and counted', async () => {
    const userId = await insertMember(db, {
      siteId: ids.siteId,
      userName: 'collector',
      mobileNo: null,
      email: null,
      passwordHash: 'h',
      createdAt: NOW,
    });
    const member = { userId, siteId: ids.siteId };
    await addCollect(db, member, 'article', ids.articleId, NOW);
    await addCollect(db, member, 'article', ids.articleId, LATER);
    await addCollect(db, member, 'news', 7, LATER);
    expect(await isCollected(db, member, 'article', ids.articleId)).toBe(true);
    expect(await collectsPage(db, member, { type: undefined, limit: 1, offset: 0 })).toEqual({
      total: 2,
      rows: [{ resourceType: 'news', resourceId: 7, createdAt: LATER }],
    });
    await removeCollect(db, member, 'news', 7);
    expect((await collectsPage(db, member, { type: 'news', limit: 10, offset: 0 })).total).toBe(0);
    expect(await resourceTitle(db, ids.siteId, 'article', ids.articleId)).toEqual({ title: '文', enTitle: null });
    expect(await resourceTitle(db, ids.siteId, 'article', ids.draftId)).toBeNull();
    await addDownload(db, member, ids.articleId, NOW);
    await addDownload(db, member, ids.articleId, LATER);
    expect(await downloadsPage(db, member, { limit: 10, offset: 1 })).toEqual({
      total: 2,
      rows: [{ articleId: ids.articleId, title: '文', enTitle: null, createdAt: NOW }],
    });
    await addHistory(db, member, 'article', ids.articleId, NOW);
    await addHistory(db, member, 'article', ids.articleId, LATER);
    expect(await historiesPage(db, member, { limit: 10, offset: 0 })).toEqual({
      total: 1,
      rows: [{ resourceType: 'article', resourceId: ids.articleId, viewedAt: LATER }],
    });
    const albumId = await createPersonalAlbum(db, member, { name: '收藏', enName: null }, NOW);
    const emptyId = await createPersonalAlbum(db, member, { name: '空', enName: 'Empty' }, LATER);
    await addPersonalAlbumItem(db, albumId, 'article', ids.articleId);
    await addPersonalAlbumItem(db, albumId, 'article', ids.articleId);
    await addPersonalAlbumItem(db, albumId, 'picture', 3);
    expect((await personalAlbums(db, member)).map(({ id, items }) => [id, items])).toEqual([
      [emptyId, 0],
      [albumId, 2],
    ]);
    expect(await personalAlbumItems(db, albumId, 'picture')).toEqual([{ resourceType: 'picture', resourceId: 3 }]);
    await removePersonalAlbumItem(db, albumId, 'picture', 3);
    expect(
      await editPersonalAlbum(db, { userId: userId + 1000, siteId: ids.siteId }, albumId, { name: 'x', enName: null }),
    ).toBe(false);
    expect(await editPersonalAlbum(db, member, albumId, { name: '改', enName: 'Renamed', coverId: null })).toBe(true);
    expect(await deletePersonalAlbum(db, member, emptyId)).toBe(true);
    expect(await personalAlbums(db, member)).toEqual([
      { id: albumId, name: '改', enName: 'Renamed', coverId: null, createdAt: NOW, items: 1 },
    ]);
  });

  it('the publish schedule: what became visible in a span, and the removed articles of each site', async () => {
    const q = kysely(db);
    const due = '2026-10-01T08:00:00.000Z';
    const scheduled = await scheduledArticle(db, ids.siteId, due);
    await q.updateTable('periods').set({ publish_at: due }).where('id', '=', ids.periodId).execute();
    expect(await publishedBetween(db, '2026-10-01T07:59:00.000Z', due)).toEqual([
      { siteId: ids.siteId, kind: 'article', action: 'added', ids: [scheduled] },
      { siteId: ids.siteId, kind: 'issue', action: 'added', ids: [ids.periodId] },
    ]);
    expect(await publishedBetween(db, due, '2026-10-02T00:00:00.000Z')).toEqual([]);
    await kysely(db)
      .transaction()
      .execute((trx) => recountAppeared(trx, [scheduled], due));
    await q
      .updateTable('articles')
      .set({ removed_at: NOW, removed_reason: 'court order' })
      .where('id', '=', scheduled)
      .execute();
    expect(await removedArticlesBySite(db)).toEqual(new Map([[ids.siteId, new Set([scheduled])]]));
  });

  it('render leases: one owner at a time, renewed by its owner only, free once run out or given up', async () => {
    const at = (seconds: number) => new Date(Date.parse(NOW) + seconds * 1000);
    const lease = (owner: string, seconds: number) => ({ sld: 'alpha', owner, now: at(seconds), ms: 10_000 });
    const a = await takeRenderLease(db, { ...lease('server a', 0), wholeSite: false });
    expect(a).toMatchObject({ owner: 'server a', renderedChangeId: 0, wholeSite: false });
    // another server waits; the owner may take it again
    expect(await takeRenderLease(db, { ...lease('server b', 1), wholeSite: false })).toBeNull();
    expect(await takeRenderLease(db, { ...lease('server a', 2), wholeSite: false })).not.toBeNull();
    expect(await renewRenderLease(db, lease('server a', 8))).toBe(true);
    expect(await renewRenderLease(db, lease('server b', 8))).toBe(false);
    // renewed at 8 s: still a's at 15 s, b's once it has run out
    expect(await takeRenderLease(db, { ...lease('server b', 15), wholeSite: false })).toBeNull();
    expect(await holdsRenderLease(db, lease('server a', 15))).toBe(true);
    expect(await holdsRenderLease(db, lease('server a', 18))).toBe(false);
    expect(await takeRenderLease(db, { ...lease('server b', 18), wholeSite: false })).toMatchObject({
      owner: 'server b',
    });
    expect(await renewRenderLease(db, lease('server a', 19))).toBe(false);
    // a's late release leaves b's lease alone
    await releaseRenderLease(db, { ...lease('server a', 19), renderedChangeId: 99 });
    expect(await renderLeaseRow(db, 'alpha')).toMatchObject({ owner: 'server b', renderedChangeId: 0 });
    await releaseRenderLease(db, { ...lease('server b', 20), renderedChangeId: 7 });
    expect(await renderLeaseRow(db, 'alpha')).toMatchObject({ owner: null, renderedChangeId: 7 });
    // free at once after a release; how far the pages are rendered only moves forward
    expect(await takeRenderLease(db, { ...lease('server a', 20), wholeSite: false })).toMatchObject({
      renderedChangeId: 7,
    });
    await releaseRenderLease(db, { ...lease('server a', 21), renderedChangeId: 5 });
    expect((await renderLeaseRow(db, 'alpha'))?.renderedChangeId).toBe(7);
  });

  it('render leases: a whole-site build passes on when its owner died, and a gone owner’s lease need not run out', async () => {
    const at = (seconds: number) => new Date(Date.parse(LATER) + seconds * 1000);
    const lease = (owner: string, seconds: number) => ({ sld: 'beta', owner, now: at(seconds), ms: 10_000 });
    await takeRenderLease(db, { ...lease('server a', 0), wholeSite: true });
    expect(await wholeSiteLeases(db)).toEqual([{ sld: 'beta', owner: 'server a', expiresAt: at(10).toISOString() }]);
    // whoever takes the site next learns that all of it is to be built, even for a pass over changes
    expect(await takeRenderLease(db, { ...lease('server b', 11), wholeSite: false })).toMatchObject({
      owner: 'server b',
      wholeSite: true,
    });
    await releaseRenderLease(db, lease('server b', 12));
    expect(await renderLeaseRow(db, 'beta')).toMatchObject({ owner: null, wholeSite: false });
    expect(await wholeSiteLeases(db)).toEqual([]);
    // a holder known to be gone is replaced at once; naming another owner as gone takes nothing
    await takeRenderLease(db, { ...lease('server c', 20), wholeSite: false });
    expect(await takeRenderLease(db, { ...lease('server d', 21), wholeSite: false, deadOwner: 'server x' })).toBeNull();
    expect(
      await takeRenderLease(db, { ...lease('server d', 21), wholeSite: false, deadOwner: 'server c' }),
    ).toMatchObject({ owner: 'server d' });
  });

  it('periodic jobs: a run is claimed by one server; what is due, and what is removed, is recorded once however many servers look', async () => {
    const day = (through: string, owner: string) =>
      claimJobRun(db, { job: 'contract job', owner, now: new Date(NOW), through });
    expect(await day('2026-10-05', 'server a')).toBe(true);
    expect(await day('2026-10-05', 'server b')).toBe(false);
    expect(await day('2026-10-04', 'server b')).toBe(false);
    expect(await day('2026-10-06', 'server b')).toBe(true);

    // a second server: its own handle on the same store
    const other = await openStore(join(dir, `${engine}.db`), env());
    let clock = new Date('2026-10-05T08:00:30.000Z');
    const jobs = [db, other].map((store, n) =>
      startPublishJob({
        db: store,
        owner: `server ${n}`,
        intervalMs: 60_000,
        now: () => clock,
        sendDigests: async () => 0,
      }),
    );
    // PostgreSQL: both at once. Two handles on one SQLite file in one process cannot: the second's
    // wait for the write lock would block the thread the first needs to commit (processes do not)
    const lookBoth = async () =>
      engine === 'postgres'
        ? Promise.all(jobs.map((job) => job.tick()))
        : [await jobs[0]?.tick(), await jobs[1]?.tick()].flatMap((look) => (look ? [look] : []));
    try {
      const q = kysely(db);
      const due = await scheduledArticle(db, ids.siteId, '2026-10-05T08:00:10.000Z');
      const before = await lastChangeId(db);
      const recorded = async () =>
        (await changesSince(db, before))
          .filter((change) => change.origin.startsWith('publish job'))
          .map(({ kind, action, ids: changed }) => ({ kind, action, ids: changed }));
      const looks = await lookBoth();
      expect(looks.map((look) => look.published).sort()).toEqual([[], [ids.siteId]]);
      expect(await recorded()).toEqual([{ kind: 'article', action: 'added', ids: [due] }]);

      await q
        .updateTable('articles')
        .set({ removed_at: NOW, removed_reason: 'retracted' })
        .where('id', '=', due)
        .execute();
      clock = new Date('2026-10-05T08:01:30.000Z');
      const later = await lookBoth();
      expect(later.map((look) => look.removed).sort()).toEqual([[], [ids.siteId]]);
      expect(await recorded()).toEqual([
        { kind: 'article', action: 'added', ids: [due] },
        { kind: 'article', action: 'removed', ids: [due] },
      ]);
    } finally {
      for (const job of jobs) job.stop();
      await closeStore(other);
    }
  });
});

describe('commands on PostgreSQL', () => {
  it('npm run staff and npm run outbox work on the database DATABASE_URL names', async () => {
    const admin = await openStore(join(dir, 'unused.db'), { DATABASE_URL: cluster.url });
    await sql`CREATE DATABASE commands`.execute(kysely(admin));
    await closeStore(admin);
    const env = {
      ...process.env,
      DATABASE_URL: cluster.url.replace(/\/postgres$/, '/commands'),
      DATABASE_PATH: join(dir, 'never.db'),
    };
    const command = (script: string, args: string[], input = '') =>
      new Promise<string>((resolve, reject) => {
        const child = execFile(process.execPath, [script, ...args], { cwd: ROOT, env }, (error, stdout, stderr) =>
          error ? reject(new Error(`${script}: ${stderr}`)) : resolve(stdout),
        );
        child.stdin?.end(input);
      });
    expect(
      await command(
        'scripts/staff.ts',
        ['add', '--email', 'Ed@Example.org', '--role', 'admin'],
        'a long password here\n',
      ),
    ).toContain('created admin ed@example.org');
    expect(await command('scripts/staff.ts', ['list'])).toBe('ed@example.org\tadmin\tall sites\n');
    const db = await openStore(join(dir, 'unused.db'), env);
    try {
      expect(db.engine).toBe('postgres');
      expect((await listStaff(db)).map((staff) => staff.email)).toEqual(['ed@example.org']);
      await addToOutbox(db, {
        channel: 'sms',
        recipient: '13800000000',
        subject: '',
        text: 'code 123456',
        html: null,
        createdAt: NOW,
      });
    } finally {
      await closeStore(db);
    }
    expect(await command('scripts/outbox.ts', [])).toMatch(
      /^#1 2026-03-01T10:00:00.000Z sms to 13800000000\ncode 123456\n/,
    );
    expect(existsSync(join(dir, 'never.db'))).toBe(false);
  });
});

/** Each page-render read, as a page asks it of the store fixture's rows (tests/unit/store-fixture.ts). */
const RENDER_READS: [string, (db: Db) => Promise<unknown>][] = [
  [
    'a site by id, short name and domain',
    async (db) => [
      await findSiteById(db, 1),
      await findSiteBySld(db, 'ALPHA'),
      await findSiteByDomain(db, 'www.alpha.test'),
    ],
  ],
  [
    'the group entrance of a group and of a member',
    async (db) => [await getGroupEntries(db, 2), await getGroupEntries(db, 1)],
  ],
  ['the site shell with the footer’s visits', (db) => getSiteShell(db, 1, new Date('2025-06-01T12:00:00Z'))],
  [
    'a group site’s shell (defaults where it has no rows)',
    (db) => getSiteShell(db, 2, new Date('2025-06-01T12:00:00Z')),
  ],
  ['the visit totals', (db) => visitTotals(db, 1, '2025-06-01')],
  ['a channel’s modules', (db) => getModules(db, 1, 1)],
  [
    'a channel by id and by code',
    async (db) => [await getChannelInfo(db, 1, 7), await findChannelByCode(db, 1, 'editorial')],
  ],
  ['the journals and one journal', async (db) => [await listPublications(db, 1), await getPublication(db, 1, 11)]],
  [
    'the issue tree, around a year, and the back issues oldest first',
    async (db) => [
      await getPeriodTree(db, 1),
      await getPeriodTree(db, 1, { aroundYear: 2024 }),
      await getPeriodTree(db, 1, { isBack: true, periodAsc: true }),
    ],
  ],
  [
    'the two newest issues and an issue by number',
    async (db) => [await getFirstTwoPeriods(db, 1, 11), await findPeriod(db, 1, 2025, 1)],
  ],
  ['a table of contents', async (db) => [await getIssueToc(db, 1, 100, 0, 50), await getIssueToc(db, 1, 102, 0, 2)]],
  [
    'the four article lists, and one journal’s',
    async (db) => [
      await listArticles(db, 1, 'latest', 0, 10),
      await listArticles(db, 1, 'most-read', 0, 10),
      await listArticles(db, 1, 'online-first', 0, 10),
      await listArticles(db, 1, 'just-accepted', 0, 10),
      await listArticles(db, 1, 'latest', 0, 10, 10),
    ],
  ],
  ['summaries by ids, in the ids’ order', (db) => articleSummariesByIds(db, 1, [1003, 1001, 1004, 2001])],
  [
    'an article page record, by id, by DOI, and a draft’s preview',
    async (db) => [
      await getArticle(db, 1, 1001),
      await getArticleByDoi(db, 1, '10.1000/ALPHA.1001'),
      await getArticlePreview(db, 1, 1004),
    ],
  ],
  [
    'an article’s relations, statistics and counts',
    async (db) => [
      await articleRelations(db, 1, 1001, visibilityNow()),
      await resourceStatistics(db, 1, 1001, visibilityNow()),
      await articleStatistics(db, 1, 1001, new Date('2025-06-01T12:00:00Z')),
    ],
  ],
  [
    'the news lists, the top news and an item with its neighbours',
    async (db) => [
      await listNews(db, 1, { page: 0, size: 4 }),
      await listNews(db, 1, { type: 'information', page: 1, size: 2 }),
      await listNews(db, 1, { channelId: 2, page: 0, size: 10 }),
      await getTopNews(db, 1),
      await getNews(db, 1, 3),
    ],
  ],
  ['albums and an album’s items', async (db) => [await listAlbums(db, 1), await getAlbum(db, 1, 1)]],
  [
    'editorial boards and experts in two orders',
    async (db) => [
      await listEditorialTopics(db, 1),
      await getEditorialTopic(db, 1, 1),
      await listExperts(db, 1, 1, 0, 5),
      await listExperts(db, 1, 1, 1, 5, { field: 'enName', direction: 'desc' }),
    ],
  ],
  [
    'the search box’s types and conditions',
    async (db) => [await getSearchConfig(db, 1), await getSearchConditions(db, 1, 'article')],
  ],
];

describe('the page-render reads answer the same on both engines', () => {
  const stores: Partial<Record<'sqlite' | 'postgres', Db>> = {};

  beforeAll(async () => {
    // a database of its own: the contract above writes its rows into the cluster's default one
    const admin = await openStore(join(dir, 'unused.db'), { DATABASE_URL: cluster.url });
    try {
      await sql`CREATE DATABASE render_reads`.execute(kysely(admin));
    } finally {
      await closeStore(admin);
    }
    stores.sqlite = await openStore(join(dir, 'render-reads.db'), {});
    stores.postgres = await openStore(join(dir, 'unused.db'), {
      DATABASE_URL: cluster.url.replace(/\/postgres$/, '/render_reads'),
    });
    for (const db of Object.values(stores)) await writeStoreFixture(db);
  });

  afterAll(async () => {
    for (const db of Object.values(stores)) await closeStore(db);
  });

  it.each(RENDER_READS)('%s', async (_what, read) => {
    const { sqlite, postgres } = stores;
    if (!sqlite || !postgres) throw new Error('both stores are open');
    const answer = await read(sqlite);
    expect(JSON.stringify(answer)).toMatch(/"id":\d|"type":\d|"sumVisits":[1-9]/);
    expect(await read(postgres)).toEqual(answer);
  });
});
