/**
 * The publishing history lives in the store: a new server over the same database still lists its
 * passes, each with what caused it and its failures keyed for the console's language.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminTexts } from '../../src/islands/console/admin-texts.ts';
import { causeWords, pagesWords, problemWords } from '../../src/islands/console/pass-words.ts';
import type { PublishingAnswer } from '../../src/lib/console-answers.ts';
import { createAdminApi } from '../../src/server/admin/routes.ts';
import { passCauses } from '../../src/server/build/pass-causes.ts';
import { createPassTracker } from '../../src/server/build/pass-status.ts';
import { closeStore } from '../../src/server/store/open-store.ts';
import { recordPass } from '../../src/server/store/pass-history.ts';
import { createSharedStore, type SharedStore } from '../fixtures/shared-store.ts';
import { addConsoleSites } from './console-sites.ts';

const PLATFORM = 'platform-token-for-tests';
const HOST = 'jmst.localhost:4321';
/** the history's bound per site (the store's) */
const PASS_HISTORY_SIZE = 50;

let store: SharedStore;

beforeEach(async () => {
  store = await createSharedStore();
  const db = await store.open();
  await addConsoleSites(db);
  await closeStore(db);
});

afterEach(() => store.close());

/** A server as it starts: its own, empty pass tracker, over its own handle on the database. */
async function startServer() {
  const db = await store.open();
  const tracker = createPassTracker();
  const app = createAdminApi({
    db,
    token: PLATFORM,
    rebuilder: {
      request: async () => ({ ok: true, summary: {} }),
      state: () => 'idle',
      last: () => undefined,
      passStatus: (sld) => tracker.status(sld),
    },
  });
  const status = async (sld: string) => {
    const response = await app.request(`http://${HOST}/_admin/rebuild/${sld}`, {
      headers: { host: HOST, authorization: `Bearer ${PLATFORM}` },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as PublishingAnswer;
  };
  const history = async (sld: string) => (await status(sld)).pass.history;
  return { db, tracker, status, history };
}

describe('publishing history', () => {
  it('lists a finished pass after the server restarts', async () => {
    const first = await startServer();
    first.tracker.start('jmst', 'changes');
    const pass = first.tracker.finish('jmst', {
      ok: false,
      kind: 'changes',
      pages: { article: 3, home: 2 },
      failed: [{ path: 'en/article/7/', reason: 'render error' }],
      error: '1 page failed',
    });
    await recordPass(first.db, 1, pass);
    expect(await first.history('jmst')).toHaveLength(1);
    await closeStore(first.db);

    const second = await startServer();
    const listed = await second.history('jmst');
    expect(listed).toEqual([
      {
        ok: false,
        kind: 'changes',
        pages: { article: 3, home: 2 },
        failed: [{ path: 'en/article/7/', problem: { code: 'renderFailed', params: {} } }],
        problem: { code: 'pagesFailed', params: { count: 1 } },
        startedAt: pass.startedAt,
        durationMs: pass.durationMs,
        finishedAt: pass.finishedAt,
      },
    ]);
    expect(await second.history('cpg')).toEqual([]);
    await closeStore(second.db);
  });

  it(`keeps a site's newest ${PASS_HISTORY_SIZE} passes`, async () => {
    const server = await startServer();
    for (let n = 0; n < PASS_HISTORY_SIZE + 5; n++) {
      const pass = server.tracker.finish('jmst', { ok: true, kind: 'full', pages: { all: n }, failed: [] });
      await recordPass(server.db, 1, pass);
    }
    await recordPass(server.db, 2, server.tracker.finish('cpg', { ok: true, kind: 'full', pages: {}, failed: [] }));
    const listed = await server.history('jmst');
    expect(listed).toHaveLength(PASS_HISTORY_SIZE);
    expect(listed[0]?.pages).toEqual({ all: PASS_HISTORY_SIZE + 4 });
    expect(listed.at(-1)?.pages).toEqual({ all: 5 });
    expect(await server.history('cpg')).toHaveLength(1);
    await closeStore(server.db);
  });

  it('names what a pass applies while it runs and afterwards, with its pages by kind, in the editor’s language', async () => {
    const server = await startServer();
    const causes = passCauses([
      { siteId: 1, kind: 'article', action: 'updated', ids: [7, 8] },
      { siteId: 1, kind: 'article', action: 'updated', ids: [8] },
      { siteId: 1, kind: 'menu', action: 'updated', ids: [] },
    ]);
    server.tracker.start('jmst', 'changes', causes);
    const running = (await server.status('jmst')).pass.running;
    expect(running).toMatchObject({ kind: 'changes', causes, done: 0, total: 0 });
    expect(causes).toEqual([
      { kind: 'article', action: 'updated', count: 2 },
      { kind: 'menu', action: 'updated', count: 1 },
    ]);
    server.tracker.progress('jmst', 3, 9);
    expect((await server.status('jmst')).pass.running).toMatchObject({ causes, done: 3, total: 9 });
    await recordPass(
      server.db,
      1,
      server.tracker.finish('jmst', { ok: true, kind: 'changes', pages: { article: 4, toc: 2, home: 2 }, failed: [] }),
    );
    const restarted = await startServer();
    const [listed] = await restarted.history('jmst');
    expect(listed).toMatchObject({ ok: true, causes, pages: { article: 4, toc: 2, home: 2 } });
    const zh = adminTexts('zh');
    expect(causeWords(listed?.causes, zh, 'zh')).toBe('修改2 篇文章，修改菜单');
    expect(pagesWords(listed?.pages ?? {}, zh)).toBe('文章 4，目录 2，首页 2');
    // channel pages at their code's path have no kind name of their own
    expect(pagesWords({ article: 1, aboutus: 2, guide: 1 }, zh)).toBe('其他页面 3，文章 1');
    expect(causeWords(listed?.causes, adminTexts('en'), 'en')).toBe('2 articles changed, the menu changed');
    await closeStore(server.db);
    await closeStore(restarted.db);
  });

  it('keys a failed page and a failed pass: the answer carries the route and status, not the builder’s English', async () => {
    const server = await startServer();
    server.tracker.start('jmst', 'changes', [{ kind: 'issue', action: 'updated', count: 1 }]);
    const pass = server.tracker.finish('jmst', {
      ok: false,
      kind: 'changes',
      pages: {},
      failed: [
        { path: '/zh/article/7/', reason: 'HTTP 500' },
        { path: '/zh/issue/2026/1/', reason: "TypeError: Cannot read properties of undefined (reading 'title')" },
      ],
      error: 'site jmst: 2 page(s) failed to render, the previous version keeps serving',
    });
    await recordPass(server.db, 1, pass);
    const answer = await server.status('jmst');
    const text = JSON.stringify(answer.pass);
    expect(text).not.toMatch(/TypeError|failed to render|previous version/);
    const [listed] = answer.pass.history;
    expect(listed?.failed).toEqual([
      { path: '/zh/article/7/', problem: { code: 'httpStatus', params: { status: 500 } } },
      { path: '/zh/issue/2026/1/', problem: { code: 'renderFailed', params: {} } },
    ]);
    expect(listed?.problem).toEqual({ code: 'pagesFailed', params: { count: 2 } });
    const zh = adminTexts('zh');
    const words = [
      problemWords(listed?.problem ?? { code: 'passFailed', params: {} }, zh),
      ...(listed?.failed ?? []).map((f) => problemWords(f.problem, zh)),
      causeWords(listed?.causes, zh, 'zh'),
    ];
    expect(words).toEqual(['2 个页面失败，仍使用之前的版本', '页面返回 HTTP 500', '页面无法生成', '修改1 期']);
    // no English but the protocol's name
    expect(words.join(' ').replace('HTTP', '')).not.toMatch(/[A-Za-z]/);
    await closeStore(server.db);
  });
});
