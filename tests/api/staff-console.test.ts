/**
 * The editors' console's admin API: staff login and sessions, CSRF refusal, the login rate limit,
 * roles, per-site tokens, the audit log, and isolation of one site's editor and token from another
 * site on every /_admin route.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdminApi } from '../../src/server/admin/routes.ts';
import { hashPassword } from '../../src/server/auth/password.ts';
import type { RebuildOutcome } from '../../src/server/build/rebuild-queue.ts';
import { recordAudit } from '../../src/server/store/audit.ts';
import { updateChannel } from '../../src/server/store/channel-writes.ts';
import type { Db } from '../../src/server/store/db.ts';
import { createStaff } from '../../src/server/store/staff.ts';
import type { EmptyStore } from '../fixtures/empty-store.ts';
import { row, rows, value } from '../fixtures/rows.ts';
import { type ChannelValues, createConsoleStore } from './console-sites.ts';

const PLATFORM = 'platform-token-for-tests';
const PASSWORD = 'a long editor password';
const ORIGIN = 'http://jmst.localhost:4321';
const HOST = 'jmst.localhost:4321';

/** each site's menu: a home and a news channel */
const HOME_AND_NEWS: ChannelValues[] = [1, 2].flatMap((site): ChannelValues[] => [
  [site * 10, site, 0, 'index', '首页', 'Home', 0],
  [site * 10 + 1, site, 0, 'news', '新闻', 'News', 1],
]);

let store: EmptyStore;
let db: Db;
let rebuilds: string[];
let app: ReturnType<typeof createAdminApi>;

beforeEach(async () => {
  store = await createConsoleStore(HOME_AND_NEWS);
  db = store.db;
  const hash = hashPassword(PASSWORD);
  await createStaff(db, { email: 'admin@example.org', passwordHash: hash, role: 'admin', sites: [] }, new Date());
  await createStaff(db, { email: 'ed@example.org', passwordHash: hash, role: 'editor', sites: ['jmst'] }, new Date());
  await createStaff(db, { email: 'other@example.org', passwordHash: hash, role: 'editor', sites: ['cpg'] }, new Date());
  rebuilds = [];
  const rebuilder = {
    request: async (sld: string): Promise<RebuildOutcome<unknown>> => {
      rebuilds.push(sld);
      return { ok: true, summary: { sld } };
    },
    state: () => 'idle',
    last: () => undefined,
    passStatus: () => ({ running: null, last: null, history: [], finished: { full: 0, changes: 0 } }),
  };
  app = createAdminApi({ db, token: PLATFORM, rebuilder });
});
afterEach(() => store.close());

type CallOptions = { method?: string; body?: unknown; headers?: Record<string, string> };

function call(path: string, options: CallOptions = {}) {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { host: HOST, ...(method === 'GET' ? {} : { origin: ORIGIN }) };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  return app.request(`http://${HOST}${path}`, {
    method,
    headers: { ...headers, ...options.headers },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
}

async function login(email: string, password = PASSWORD, headers: Record<string, string> = {}) {
  return call('/_admin/login', { method: 'POST', body: { email, password }, headers });
}

/** The cookie header a browser would send back after this login. */
async function session(email: string): Promise<Record<string, string>> {
  const response = await login(email);
  expect(response.status).toBe(200);
  const cookie = response.headers.get('set-cookie') ?? '';
  return { cookie: cookie.split(';')[0] ?? '' };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('staff login and sessions', () => {
  it('sets an HttpOnly SameSite=Strict staff cookie that opens the console API until logout', async () => {
    const response = await login('ED@example.org');
    expect(response.status).toBe(200);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^staffToken=[A-Za-z0-9_-]{40,};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    const headers = { cookie: cookie.split(';')[0] ?? '' };
    const me = await call('/_admin/me', { headers });
    expect(await me.json()).toEqual({
      principal: { kind: 'staff', email: 'ed@example.org', role: 'editor', sites: ['jmst'], mustChangePassword: false },
    });
    expect((await call('/_admin/logout', { method: 'POST', headers })).status).toBe(200);
    expect((await call('/_admin/me', { headers })).status).toBe(401);
  });

  it('refuses a wrong password in the language of the request', async () => {
    const zh = await login('ed@example.org', 'wrong password!');
    expect(zh.status).toBe(401);
    expect(await zh.json()).toEqual({ error: '邮箱或密码不正确。' });
    const en = await call('/_admin/login?lang=en', {
      method: 'POST',
      body: { email: 'ed@example.org', password: 'wrong password!' },
    });
    expect(await en.json()).toEqual({ error: 'The e-mail address or the password is wrong.' });
    expect(en.headers.get('set-cookie')).toBeNull();
  });

  it('answers malformed logins with a clear message, never a crash', async () => {
    const broken = await app.request(`http://${HOST}/_admin/login?lang=en`, {
      method: 'POST',
      headers: { host: HOST, origin: ORIGIN, 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ error: 'The request is not valid.' });
    const extra = await call('/_admin/login', { method: 'POST', body: { email: 'ed@example.org', password: 1, x: 2 } });
    expect(extra.status).toBe(400);
  });

  it('a member cookie opens nothing', async () => {
    const response = await call('/_admin/me', {
      headers: { cookie: 'commonToken=abcdefghijklmnopqrstuvwxyz0123456789' },
    });
    expect(response.status).toBe(401);
  });

  it('limits login attempts per account, then refuses even the right password with a clear message', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await login('ed@example.org', `wrong ${attempt}`)).status).toBe(401);
    }
    const limited = await login('ed@example.org', PASSWORD, { 'x-language': 'en', 'accept-language': 'en' });
    expect(limited.status).toBe(429);
    expect((await limited.json()) as { error: string }).toEqual({
      error: expect.stringMatching(/尝试次数过多|Too many/),
    });
  });
});

describe('CSRF', () => {
  it('refuses a cookie write from another origin, a sister site, or without JSON', async () => {
    const headers = await session('ed@example.org');
    const body = { name: '改名' };
    const path = '/_admin/sites/jmst/channels/11';
    const foreign = await call(path, {
      method: 'PATCH',
      body,
      headers: { ...headers, origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ error: '请求来自其他来源，已拒绝。' });
    const sister = await call(path, {
      method: 'PATCH',
      body,
      headers: { ...headers, origin: 'http://cpg.localhost:4321', 'sec-fetch-site': 'same-site' },
    });
    expect(sister.status).toBe(403);
    const form = await app.request(`http://${HOST}${path}`, {
      method: 'PATCH',
      headers: { ...headers, host: HOST, origin: ORIGIN, 'content-type': 'text/plain' },
      body: JSON.stringify(body),
    });
    expect(form.status).toBe(400);
    expect(await row(db, 'SELECT name FROM channels WHERE id = 11')).toEqual({ name: '新闻' });
    expect((await call(path, { method: 'PATCH', body, headers })).status).toBe(200);
  });

  it('refuses a login posted from another origin', async () => {
    const response = await login('ed@example.org', PASSWORD, { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(response.headers.get('set-cookie')).toBeNull();
  });
});

describe('roles and tokens', () => {
  it('an editor manages their sites; an administrator every site', async () => {
    const editor = await session('ed@example.org');
    const admin = await session('admin@example.org');
    const sites = async (headers: Record<string, string>) =>
      ((await (await call('/_admin/sites', { headers })).json()) as { sites: { sld: string }[] }).sites.map(
        (site) => site.sld,
      );
    expect(await sites(editor)).toEqual(['jmst']);
    expect(await sites(admin)).toEqual(['jmst', 'cpg']);
    expect((await call('/_admin/sites/cpg/channels', { headers: admin })).status).toBe(200);
    const refused = await call('/_admin/sites/cpg/channels?lang=en', { headers: editor });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'You may not manage site cpg.' });
  });

  it('an administrator creates a site token, shown once, that opens that site only until revoked', async () => {
    const admin = await session('admin@example.org');
    const created = await call('/_admin/sites/jmst/tokens', { method: 'POST', body: { label: 'ci' }, headers: admin });
    expect(created.status).toBe(201);
    const { id, token } = (await created.json()) as { id: number; token: string };
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const listed = await (await call('/_admin/sites/jmst/tokens', { headers: admin })).json();
    expect(JSON.stringify(listed)).not.toContain(token);
    const stored = (await row(db, 'SELECT token_hash FROM site_tokens WHERE id = ?', id)) as { token_hash: string };
    expect(stored.token_hash).not.toContain(token);

    expect((await call('/_admin/sites/jmst/channels', { headers: bearer(token) })).status).toBe(200);
    const rebuild = await call('/_admin/rebuild', { method: 'POST', body: { site: 'jmst' }, headers: bearer(token) });
    expect(rebuild.status).toBe(202);
    expect((await call('/_admin/sites/cpg/channels', { headers: bearer(token) })).status).toBe(403);
    expect((await call('/_admin/sites/jmst/tokens', { headers: bearer(token) })).status).toBe(403);

    const editor = await session('ed@example.org');
    expect(
      (await call('/_admin/sites/jmst/tokens', { method: 'POST', body: { label: 'x' }, headers: editor })).status,
    ).toBe(403);
    expect((await call(`/_admin/sites/jmst/tokens/${id}`, { method: 'DELETE', headers: admin })).status).toBe(200);
    expect((await call('/_admin/sites/jmst/channels', { headers: bearer(token) })).status).toBe(401);
  });

  it('an administrator creates an editor, who logs in with the password shown once', async () => {
    const admin = await session('admin@example.org');
    const created = await call('/_admin/staff', {
      method: 'POST',
      body: { email: 'new@example.org', role: 'editor', sites: ['cpg'] },
      headers: admin,
    });
    expect(created.status).toBe(201);
    const { password } = (await created.json()) as { password: string };
    expect((await login('new@example.org', password)).status).toBe(200);
    const again = await call('/_admin/staff?lang=en', {
      method: 'POST',
      body: { email: 'new@example.org', role: 'editor' },
      headers: admin,
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      error: 'The account cannot be created: the e-mail address is taken or a site does not exist.',
    });
    const entries = await entriesOf(await call('/_admin/audit?action=staff.add', { headers: admin }));
    expect(
      entries.find((entry) => entry.after !== null && JSON.stringify(entry.after).includes('new@example.org')),
    ).toMatchObject({
      actor: 'staff:admin@example.org',
      after: { email: 'new@example.org', role: 'editor', sites: ['cpg'] },
    });
    const editor = await session('ed@example.org');
    expect(await entriesOf(await call('/_admin/audit?action=staff.add', { headers: editor }))).toEqual([]);
  });

  it('REBUILD_TOKEN stays a platform token', async () => {
    expect((await call('/_admin/sites/cpg/channels', { headers: bearer(PLATFORM) })).status).toBe(200);
    expect((await call('/_admin/sites/jmst/tokens', { headers: bearer(PLATFORM) })).status).toBe(200);
  });
});

type AuditEntry = { site: string; actor: string; action: string; before: unknown; after: unknown; createdAt: string };
const entriesOf = async (response: Response) => ((await response.json()) as { entries: AuditEntry[] }).entries;

describe('audit log', () => {
  it('records who changed a menu item, with the values before and after, and each rebuild', async () => {
    const editor = await session('ed@example.org');
    const patched = await call('/_admin/sites/jmst/channels/11', {
      method: 'PATCH',
      body: { name: '新闻动态', enName: 'Latest news' },
      headers: editor,
    });
    expect(patched.status).toBe(200);
    await call('/_admin/rebuild', { method: 'POST', body: { site: 'jmst' }, headers: editor });
    const entries = await entriesOf(await call('/_admin/audit?site=jmst', { headers: editor }));
    expect(entries.map((entry) => entry.action)).toEqual(['site.rebuild', 'menu.update']);
    const update = entries[1];
    expect(update).toMatchObject({
      site: 'jmst',
      actor: 'staff:ed@example.org',
      before: { id: 11, name: '新闻', enName: 'News' },
      after: { id: 11, name: '新闻动态', enName: 'Latest news' },
    });
  });

  it('records a shell menu change as the shell, in the write itself', async () => {
    await updateChannel(db, 1, 11, { enable: false });
    const entries = await entriesOf(await call('/_admin/audit?site=jmst&actor=shell', { headers: bearer(PLATFORM) }));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: 'shell',
      action: 'menu.update',
      before: { enable: '1' },
      after: { enable: '0' },
    });
  });

  it('filters by actor, action and date range; an editor reads only their sites', async () => {
    await recordAudit(
      db,
      { siteId: 1, actor: 'shell', action: 'import', after: { articles: 3 } },
      new Date('2026-01-05T10:00:00Z'),
    );
    await recordAudit(db, { siteId: 1, actor: 'shell', action: 'menu.update' }, new Date('2026-02-05T10:00:00Z'));
    await recordAudit(db, { siteId: 2, actor: 'shell', action: 'import' }, new Date('2026-01-06T10:00:00Z'));
    const editor = await session('ed@example.org');
    const all = await entriesOf(await call('/_admin/audit', { headers: editor }));
    expect(all.map((entry) => entry.site)).toEqual(['jmst', 'jmst']);
    const imports = await entriesOf(await call('/_admin/audit?action=import', { headers: editor }));
    expect(imports).toHaveLength(1);
    const january = await entriesOf(await call('/_admin/audit?from=2026-01-01&to=2026-01-31', { headers: editor }));
    expect(january.map((entry) => entry.action)).toEqual(['import']);
    const admin = await session('admin@example.org');
    expect(await entriesOf(await call('/_admin/audit?action=import', { headers: admin }))).toHaveLength(2);
    expect((await call('/_admin/audit?from=yesterday', { headers: editor })).status).toBe(400);
  });

  it("shows administrators the platform's entries (accounts, tokens), never a site editor", async () => {
    const admin = await session('admin@example.org');
    const created = await call('/_admin/staff', {
      method: 'POST',
      body: { email: 'new@example.org', role: 'editor', sites: ['cpg'] },
      headers: admin,
    });
    expect(created.status).toBe(201);
    await call('/_admin/sites/jmst/channels/11', { method: 'PATCH', body: { name: '新闻动态' }, headers: admin });
    const platform = await entriesOf(await call('/_admin/audit?scope=platform', { headers: admin }));
    expect(platform.every((entry) => entry.site === null)).toBe(true);
    expect(platform[0]).toMatchObject({ action: 'staff.add', after: { email: 'new@example.org' } });
    expect(platform.some((entry) => entry.action === 'menu.update')).toBe(false);
    const byToken = await entriesOf(await call('/_admin/audit?scope=platform', { headers: bearer(PLATFORM) }));
    expect(byToken).toEqual(platform);

    const editor = await session('ed@example.org');
    const refused = await call('/_admin/audit?scope=platform&lang=en', { headers: editor });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'Only an administrator may read the platform’s audit log.' });
    const zh = await call('/_admin/audit?scope=platform', { headers: editor });
    expect(await zh.json()).toEqual({ error: '只有管理员可以查看平台操作记录。' });
    const own = await entriesOf(await call('/_admin/audit', { headers: editor }));
    expect(own.every((entry) => entry.site === 'jmst')).toBe(true);
  });
});

describe('isolation', () => {
  it('an editor of jmst and a jmst token can neither read nor change cpg through any /_admin route', async () => {
    const admin = await session('admin@example.org');
    const created = await call('/_admin/sites/jmst/tokens', { method: 'POST', body: { label: 'ci' }, headers: admin });
    const { token } = (await created.json()) as { token: string };
    const callers = { editor: await session('ed@example.org'), token: bearer(token) };
    const otherId = await value(db, "SELECT id FROM staff WHERE email = 'other@example.org'");
    // routes that name no site in their path, and how each is aimed at cpg
    const aimed: Record<string, CallOptions & { path: string }> = {
      'POST /_admin/rebuild': { path: '/_admin/rebuild', method: 'POST', body: { site: 'cpg' } },
      'GET /_admin/audit': { path: '/_admin/audit?site=cpg' },
      'GET /_admin/staff': { path: '/_admin/staff' },
      'POST /_admin/staff': {
        path: '/_admin/staff',
        method: 'POST',
        body: { email: 'x@example.org', role: 'editor', sites: ['cpg'] },
      },
      // the other site's editor's account
      'PATCH /_admin/staff/:id': { path: `/_admin/staff/${otherId}`, method: 'PATCH', body: { disabled: true } },
      'POST /_admin/staff/:id/password': { path: `/_admin/staff/${otherId}/password`, method: 'POST', body: {} },
    };
    // routes that concern only the caller themselves
    const ownOnly = new Set([
      'POST /_admin/login',
      'POST /_admin/logout',
      'GET /_admin/me',
      'GET /_admin/sites',
      'POST /_admin/password',
    ]);
    const routes = app.routes.filter((route) => route.method !== 'ALL');
    expect(routes.length).toBeGreaterThan(8);
    const tried: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      if (ownOnly.has(key)) continue;
      const target = route.path.includes(':sld')
        ? { path: route.path.replace(':sld', 'cpg').replace(':id', '20'), method: route.method, body: {} as unknown }
        : aimed[key];
      expect(target, `${key} is aimed at the other site`).toBeDefined();
      if (!target) continue;
      if (target.method === 'GET' || target.method === 'DELETE') delete target.body;
      for (const [who, headers] of Object.entries(callers)) {
        const response = await call(target.path, { ...target, headers });
        expect(response.status, `${who}: ${key}`).toBe(403);
      }
      tried.push(key);
    }
    expect(tried).toEqual(
      expect.arrayContaining([
        'GET /_admin/sites/:sld/channels',
        'POST /_admin/rebuild',
        'POST /_admin/sites/:sld/import/check',
        'POST /_admin/sites/:sld/import',
        'GET /_admin/sites/:sld/articles',
        'PATCH /_admin/sites/:sld/articles/:id',
        'GET /_admin/sites/:sld/news',
        'POST /_admin/sites/:sld/news',
        'PATCH /_admin/sites/:sld/news/:id',
        'GET /_admin/sites/:sld/issues',
        'PATCH /_admin/sites/:sld/issues/:id',

        'GET /_admin/sites/:sld/settings',
        'PUT /_admin/sites/:sld/settings',
        'PATCH /_admin/staff/:id',
        'POST /_admin/staff/:id/password',
      ]),
    );
    expect(rebuilds).toEqual([]);
    expect(await row(db, 'SELECT disabled_at, must_change_password FROM staff WHERE id = ?', otherId)).toEqual({
      disabled_at: null,
      must_change_password: 0,
    });
    expect(await row(db, 'SELECT colour FROM sites WHERE id = 2')).toEqual({ colour: 1 });
    const cpg = (await rows(db, 'SELECT name FROM channels WHERE site_id = 2 ORDER BY id')) as { name: string }[];
    expect(cpg.map((row) => row.name)).toEqual(['首页', '新闻']);
    const sites = (await (await call('/_admin/sites', { headers: callers.editor })).json()) as {
      sites: { sld: string }[];
    };
    expect(sites.sites.map((site) => site.sld)).toEqual(['jmst']);
    const audit = await entriesOf(await call('/_admin/audit', { headers: callers.token }));
    expect(audit.every((entry) => entry.site === 'jmst')).toBe(true);
  });
});
