/** Accounts in the console: disable, reset a password (one-time, then a forced change), editors refused, CSRF, audit. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { value } from '../fixtures/rows.ts';
import { consoleApi } from './console-harness.ts';

let api: Awaited<ReturnType<typeof consoleApi>>;
beforeEach(async () => {
  api = await consoleApi();
});
afterEach(() => api.close());

const idOf = (email: string) => value(api.db, 'SELECT id FROM staff WHERE email = ?', email);

describe('staff accounts', () => {
  it('an administrator resets an editor’s password: old sessions end, and the editor may do nothing but choose a new one', async () => {
    const admin = await api.session('admin@example.org');
    const before = await api.session('ed@example.org');
    const reset = await api.call(`/_admin/staff/${await idOf('ed@example.org')}/password`, {
      method: 'POST',
      body: {},
      headers: admin,
    });
    expect(reset.status).toBe(200);
    const { password } = (await reset.json()) as { password: string };
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect((await api.call('/_admin/me', { headers: before })).status).toBe(401);

    const editor = await api.session('ed@example.org', password);
    const me = (await (await api.call('/_admin/me', { headers: editor })).json()) as {
      principal: { mustChangePassword: boolean };
    };
    expect(me.principal.mustChangePassword).toBe(true);
    for (const path of ['/_admin/sites', '/_admin/sites/jmst/settings', '/_admin/audit', '/_admin/rebuild/jmst']) {
      const refused = await api.call(`${path}${path.includes('?') ? '&' : '?'}lang=en`, { headers: editor });
      expect(refused.status, path).toBe(403);
      expect(await refused.json()).toMatchObject({ error: 'Please set your own new password first.' });
    }
    const zh = await api.call('/_admin/sites', { headers: editor });
    expect(await zh.json()).toMatchObject({ error: '请先设置您自己的新密码。' });

    const change = (body: unknown, lang = 'en') =>
      api.call(`/_admin/password?lang=${lang}`, { method: 'POST', body, headers: editor });
    const short = await change({ current: password, password: 'short', confirm: 'short' });
    expect(await short.json()).toMatchObject({ error: 'The new password must be 12 to 200 characters long.' });
    const same = await change({ current: password, password, confirm: password }, 'zh');
    expect(await same.json()).toMatchObject({ error: '新密码不能与一次性密码相同。' });
    const wrong = await change({
      current: 'not it at all',
      password: 'my own passphrase',
      confirm: 'my own passphrase',
    });
    expect(await wrong.json()).toMatchObject({ error: 'The current password is wrong.' });
    const mismatch = await change({ current: password, password: 'my own passphrase', confirm: 'my own passphrase!' });
    expect(mismatch.status).toBe(400);
    const ok = await change({ current: password, password: 'my own passphrase', confirm: 'my own passphrase' });
    expect(ok.status).toBe(200);
    expect((await api.call('/_admin/sites', { headers: editor })).status).toBe(200);
    await api.session('ed@example.org', 'my own passphrase');

    expect(await api.audit('staff.password-reset')).toMatchObject([
      { actor: 'staff:admin@example.org', target: 'ed@example.org' },
    ]);
    expect(await api.audit('staff.password-change')).toMatchObject([
      { actor: 'staff:ed@example.org', target: 'ed@example.org' },
    ]);
    expect(JSON.stringify(await api.audit('staff.password-reset'))).not.toContain(password);
  });

  it('an editor created in the console must change the one-time password shown at creation', async () => {
    const admin = await api.session('admin@example.org');
    const created = await api.call('/_admin/staff', {
      method: 'POST',
      body: { email: 'new@example.org', role: 'editor', sites: ['jmst'] },
      headers: admin,
    });
    const { password } = (await created.json()) as { password: string };
    const editor = await api.session('new@example.org', password);
    expect((await api.call('/_admin/sites', { headers: editor })).status).toBe(403);
  });

  it('an administrator disables an editor (sessions end, login refused) and enables them again', async () => {
    const admin = await api.session('admin@example.org');
    const editor = await api.session('ed@example.org');
    const id = await idOf('ed@example.org');
    const disabled = await api.call(`/_admin/staff/${id}`, {
      method: 'PATCH',
      body: { disabled: true },
      headers: admin,
    });
    expect(await disabled.json()).toMatchObject({ staff: { email: 'ed@example.org', disabled: true } });
    expect((await api.call('/_admin/me', { headers: editor })).status).toBe(401);
    const login = await api.call('/_admin/login', {
      method: 'POST',
      body: { email: 'ed@example.org', password: 'a long editor password' },
    });
    expect(login.status).toBe(401);
    await api.call(`/_admin/staff/${id}`, { method: 'PATCH', body: { disabled: false }, headers: admin });
    await api.session('ed@example.org');
    expect(await api.audit('staff.disable')).toMatchObject([
      { actor: 'staff:admin@example.org', before_json: '{"disabled":false}', after_json: '{"disabled":true}' },
    ]);
    expect(await api.audit('staff.enable')).toHaveLength(1);
    const self = await api.call(`/_admin/staff/${await idOf('admin@example.org')}?lang=en`, {
      method: 'PATCH',
      body: { disabled: true },
      headers: admin,
    });
    expect(await self.json()).toEqual({ error: 'You cannot disable your own account.' });
    const missing = await api.call('/_admin/staff/999?lang=en', {
      method: 'PATCH',
      body: { disabled: true },
      headers: admin,
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'That account was not found.' });
  });

  it('site editors reach none of it; a write from another origin is refused', async () => {
    const editor = await api.session('other@example.org');
    const id = await idOf('ed@example.org');
    const tries = [
      { path: `/_admin/staff/${id}`, method: 'PATCH', body: { disabled: true } },
      { path: `/_admin/staff/${id}/password`, method: 'POST', body: {} },
      { path: '/_admin/staff', method: 'GET' },
      { path: '/_admin/sites/jmst/tokens', method: 'POST', body: { label: 'x' } },
      { path: '/_admin/sites/cpg/tokens', method: 'GET' },
    ];
    for (const attempt of tries) {
      const response = await api.call(`${attempt.path}?lang=en`, { ...attempt, headers: editor });
      expect(response.status, attempt.path).toBe(403);
      expect(await response.json()).toEqual({ error: 'Only a platform administrator may do this.' });
    }
    const admin = await api.session('admin@example.org');
    const forged = await api.call(`/_admin/staff/${id}/password`, {
      method: 'POST',
      body: {},
      headers: { ...admin, origin: 'https://evil.example' },
    });
    expect(forged.status).toBe(403);
    expect(await api.audit('staff.password-reset')).toEqual([]);
    expect(await api.audit('staff.disable')).toEqual([]);
  });
});
