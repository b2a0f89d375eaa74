/** The publishing history lives in the store: a new server over the same database still lists its passes. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdminApi } from '../../src/server/admin/routes.ts';
import { createPassTracker } from '../../src/server/build/pass-status.ts';
import { openDb } from '../../src/server/store/db.ts';
import { recordPass } from '../../src/server/store/pass-history.ts';

const PLATFORM = 'platform-token-for-tests';
const HOST = 'jmst.localhost:4321';
/** the history's bound per site (the store's) */
const PASS_HISTORY_SIZE = 50;

let dir: string;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pass-history-'));
  file = join(dir, 'portal.db');
  const db = openDb(file);
  const now = new Date().toISOString();
  const site = db.prepare(
    "INSERT INTO sites (id, sld, name, en_name, type, created_at) VALUES (?, ?, ?, ?, 'single', ?)",
  );
  site.run(1, 'jmst', '材料', 'Materials', now);
  site.run(2, 'cpg', '集团', 'Group', now);
  db.close();
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A server as it starts: its own, empty pass tracker, over the database file. */
function startServer() {
  const db = openDb(file);
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
  const history = async (sld: string) => {
    const response = await app.request(`http://${HOST}/_admin/rebuild/${sld}`, {
      headers: { host: HOST, authorization: `Bearer ${PLATFORM}` },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { pass: { history: Record<string, unknown>[] } };
    return body.pass.history;
  };
  return { db, tracker, history };
}

describe('publishing history', () => {
  it('lists a finished pass after the server restarts', async () => {
    const first = startServer();
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
    first.db.close();

    const second = startServer();
    const listed = await second.history('jmst');
    expect(listed).toEqual([pass]);
    expect(listed[0]).toMatchObject({
      kind: 'changes',
      pages: { article: 3, home: 2 },
      failed: [{ path: 'en/article/7/', reason: 'render error' }],
      error: '1 page failed',
    });
    expect(await second.history('cpg')).toEqual([]);
    second.db.close();
  });

  it(`keeps a site's newest ${PASS_HISTORY_SIZE} passes`, async () => {
    const server = startServer();
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
    server.db.close();
  });
});
