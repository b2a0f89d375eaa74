import { beforeEach, describe, expect, it } from 'vitest';
import { bearerMatches } from '../../src/server/admin/auth.ts';
import { createAdminApi } from '../../src/server/admin/routes.ts';
import type { RebuildOutcome } from '../../src/server/build/rebuild-queue.ts';
import { type Db, openDb } from '../../src/server/store/db.ts';

const TOKEN = 'admin-token-for-tests';
const auth = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' };

let db: Db;
let rebuilds: string[];
let app: ReturnType<typeof createAdminApi>;

beforeEach(() => {
  db = openDb(':memory:');
  const now = new Date().toISOString();
  const site = db.prepare(
    "INSERT INTO sites (id, sld, name, en_name, type, created_at) VALUES (?, ?, ?, ?, 'single', ?)",
  );
  site.run(1, 'jmst', '材料', 'Materials', now);
  site.run(2, 'cpg', '集团', 'Group', now);
  site.run(3, 'lapsed', '过期', 'Lapsed', now);
  db.prepare("UPDATE sites SET status = 'expired' WHERE id = 3").run();
  const channel = db.prepare(
    'INSERT INTO channels (id, site_id, parent_id, code, name, en_name, sort_order) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  channel.run(10, 1, 0, 'index', '首页', 'Home', 0);
  channel.run(11, 1, 0, 'directory', '当期目录', 'Current Issue', 1);
  channel.run(12, 1, 0, 'news', '新闻', 'News', 2);
  channel.run(13, 1, 12, 'newNews', '通知', 'Notices', 0);
  channel.run(20, 2, 0, 'index', '首页', 'Home', 0);
  rebuilds = [];
  const rebuilder = {
    request: async (sld: string): Promise<RebuildOutcome<unknown>> => {
      rebuilds.push(sld);
      return { ok: true, summary: { sld } };
    },
    state: () => 'idle',
    last: () => undefined,
  };
  app = createAdminApi({ db, token: TOKEN, rebuilder });
});

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = auth) =>
  app.request(path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

describe('admin authentication', () => {
  it('answers 401 without a token, with a wrong one, and when no token is configured', async () => {
    expect((await call('POST', '/_admin/rebuild', { site: 'jmst' }, {})).status).toBe(401);
    expect((await call('POST', '/_admin/rebuild', { site: 'jmst' }, { Authorization: 'Bearer wrong' })).status).toBe(
      401,
    );
    expect((await call('GET', '/_admin/sites/jmst/channels', undefined, { Authorization: TOKEN })).status).toBe(401);
    const closed = createAdminApi({
      db,
      token: undefined,
      rebuilder: { request: async () => ({ ok: true, summary: null }), state: () => 'idle', last: () => undefined },
    });
    expect(
      (await closed.request('/_admin/sites/jmst/channels', { headers: { Authorization: 'Bearer undefined' } })).status,
    ).toBe(401);
    expect(rebuilds).toEqual([]);
  });

  it('compares tokens exactly', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(bearerMatches(`Basic ${TOKEN}`, TOKEN)).toBe(false);
  });
});

describe('rebuild endpoint', () => {
  it('starts a rebuild of a known site (202) and waits when asked (200)', async () => {
    expect((await call('POST', '/_admin/rebuild', { site: 'jmst' })).status).toBe(202);
    const waited = await call('POST', '/_admin/rebuild?wait=1', { site: 'cpg' });
    expect(waited.status).toBe(200);
    expect(await waited.json()).toEqual({ ok: true, summary: { sld: 'cpg' } });
    expect(rebuilds).toEqual(['jmst', 'cpg']);
  });

  it('rejects unknown sites and malformed bodies', async () => {
    expect((await call('POST', '/_admin/rebuild', { site: 'nosuch' })).status).toBe(404);
    expect((await call('POST', '/_admin/rebuild', { site: '../etc' })).status).toBe(400);
    expect((await call('POST', '/_admin/rebuild', { site: 'jmst', extra: 1 })).status).toBe(400);
  });

  it('refuses to build a closed site (409), naming why', async () => {
    const refused = await call('POST', '/_admin/rebuild?lang=en', { site: 'lapsed' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: 'Site lapsed is closed (expired); closed sites are not built.' });
    expect(rebuilds).toEqual([]);
  });

  it('answers refusals and states in the request’s language', async () => {
    const zh = { ...auth, language: 'zh' };
    const en = { ...auth, language: 'en' };
    const answer = async (method: string, path: string, body: unknown, headers: Record<string, string>) => {
      const response = await call(method, path, body, headers);
      return { status: response.status, ...((await response.json()) as { error?: string; message?: string }) };
    };
    expect(await answer('POST', '/_admin/rebuild', { site: 'lapsed' }, zh)).toMatchObject({
      status: 409,
      error: '网站 lapsed 已关闭（expired），关闭的网站不生成页面。',
    });
    expect(await answer('POST', '/_admin/rebuild', { site: 'nosuch' }, zh)).toMatchObject({
      status: 404,
      error: '找不到网站 nosuch。',
    });
    expect(await answer('POST', '/_admin/rebuild', { site: 'nosuch' }, en)).toMatchObject({
      error: 'Site nosuch was not found.',
    });
    expect(await answer('GET', '/_admin/rebuild/..%2Fetc', undefined, zh)).toMatchObject({
      status: 400,
      error: '请求内容无效。',
    });
    expect(await answer('GET', '/_admin/rebuild/..%2Fetc', undefined, en)).toMatchObject({
      error: 'The request is not valid.',
    });
    expect(await answer('POST', '/_admin/rebuild', { site: 'jmst' }, zh)).toMatchObject({
      status: 202,
      message: '网站 jmst 正在重新生成。',
    });
    expect(await answer('POST', '/_admin/rebuild', { site: 'jmst' }, en)).toMatchObject({
      message: expect.stringContaining('jmst'),
    });
    expect(
      await answer('POST', '/_admin/rebuild', { site: 'jmst' }, { ...zh, Authorization: 'Bearer wrong' }),
    ).toMatchObject({
      status: 401,
      error: '需要有效的管理令牌。',
    });
  });
});

describe('menu admin', () => {
  it('lists a site’s channels only', async () => {
    const body = (await (await call('GET', '/_admin/sites/jmst/channels')).json()) as { channels: { id: number }[] };
    expect(body.channels.map((c) => c.id).sort()).toEqual([10, 11, 12, 13]);
  });

  it('renames, disables and moves a channel, then rebuilds on request', async () => {
    const renamed = await call('PATCH', '/_admin/sites/jmst/channels/11?rebuild=1&wait=1', {
      name: '本期目录',
      enName: 'This Issue',
      enable: false,
    });
    expect(renamed.status).toBe(200);
    const row = db.prepare('SELECT name, en_name, enable FROM channels WHERE id = 11').get();
    expect(row).toEqual({ name: '本期目录', en_name: 'This Issue', enable: '0' });
    expect(rebuilds).toEqual(['jmst']);
    expect((await call('PATCH', '/_admin/sites/jmst/channels/13', { parentId: 0 })).status).toBe(200);
    expect(db.prepare('SELECT parent_id FROM channels WHERE id = 13').get()).toEqual({ parent_id: 0 });
  });

  it('creates a channel at the end of its parent', async () => {
    const created = await call('POST', '/_admin/sites/jmst/channels', {
      code: 'aboutJournal',
      name: '关于',
      enName: 'About',
      parentId: 12,
    });
    expect(created.status).toBe(201);
    const { channel } = (await created.json()) as {
      channel: { id: number; sortOrder: number; parentId: number; enable: string };
    };
    expect(channel).toMatchObject({ parentId: 12, sortOrder: 1, enable: '1' });
  });

  it('reorders the children of a parent', async () => {
    const response = await call('PUT', '/_admin/sites/jmst/channels/order', { parentId: 0, ids: [12, 10, 11] });
    expect(response.status).toBe(200);
    const order = db
      .prepare('SELECT id FROM channels WHERE site_id = 1 AND parent_id = 0 ORDER BY sort_order')
      .all()
      .map((r) => r['id']);
    expect(order).toEqual([12, 10, 11]);
    expect((await call('PUT', '/_admin/sites/jmst/channels/order', { parentId: 0, ids: [12, 10] })).status).toBe(400);
  });

  it('never touches another site’s channel and refuses cycles and bad input, changing nothing', async () => {
    expect((await call('PATCH', '/_admin/sites/jmst/channels/20', { name: 'x' })).status).toBe(404);
    expect((await call('PATCH', '/_admin/sites/jmst/channels/12', { parentId: 13 })).status).toBe(400);
    expect((await call('PATCH', '/_admin/sites/jmst/channels/12', { parentId: 20 })).status).toBe(400);
    expect((await call('PATCH', '/_admin/sites/jmst/channels/12', { name: '', enName: '' })).status).toBe(400);
    expect((await call('PATCH', '/_admin/sites/jmst/channels/12', {})).status).toBe(400);
    expect((await call('POST', '/_admin/sites/jmst/channels', { code: 'bad code', name: 'x' })).status).toBe(400);
    // ids are digits: '1e1' is not channel 10, nor '0x0c' channel 12
    for (const id of ['1e1', '0x0c', '12.0', '-12'])
      expect((await call('PATCH', `/_admin/sites/jmst/channels/${id}`, { name: 'x' })).status, id).toBe(400);
    expect(db.prepare('SELECT name FROM channels WHERE id = 10').get()).toEqual({ name: '首页' });
    expect(db.prepare('SELECT name, parent_id FROM channels WHERE id = 12').get()).toEqual({
      name: '新闻',
      parent_id: 0,
    });
    expect(db.prepare('SELECT name FROM channels WHERE id = 20').get()).toEqual({ name: '首页' });
  });
});
