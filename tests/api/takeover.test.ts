/**
 * Takeover and cross-site requests (docs/decisions.md, "Accounts and security"), at the API: codes go to the current number only,
 * writes come from the site's own origin in JSON, the session comes from the header or the
 * scheme's own cookie, and the per-account limits count the member whatever identifier was typed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { LOGIN_ACCOUNT_LIMIT, LOGIN_FAILURES_BEFORE_CAPTCHA } from '../../src/lib/constants.ts';
import { DEMO_USER } from '../../src/server/seed/site-data.ts';
import { row } from '../fixtures/rows.ts';
import { accountCalls } from './account-calls.ts';
import { type ApiFixture, createApiFixture, type Envelope } from './api-fixture.ts';

let api: ApiFixture;
const { freshIp, post, codeFor, lastCode, registered } = accountCalls(() => api, 3000);
const ORIGIN = 'http://jmst.localhost:4321';

beforeAll(async () => {
  api = await createApiFixture({ articles: 20 });
});
afterAll(() => api.cleanup());

async function demoRow(sld: string): Promise<{ mobile: string; email: string }> {
  const user = await row(
    api.demo.db,
    'SELECT u.mobile_no, u.verified_email FROM users u JOIN sites s ON s.id = u.site_id WHERE s.sld = ? AND u.user_name = ?',
    sld,
    DEMO_USER.userName,
  );
  return { mobile: String(user?.['mobile_no']), email: String(user?.['verified_email']) };
}

describe('codes after changeMobile', () => {
  it('sends login and reset codes to the current number only, not to the old number kept as user name', async () => {
    const token = await registered('13900000701');
    await codeFor('13900000702', 'mobile');
    const changed = await post(
      apiPaths.changeMobile,
      { mobile: '13900000702', code: await lastCode('13900000702') },
      { token },
    );
    expect(changed).toMatchObject({ status: 0 });

    // whoever holds the old number now: no code, no quick login, no reset
    for (const purpose of ['login', 'reset']) {
      expect(await post(apiPaths.sendReceiverMessage, { account: '13900000701', purpose }), purpose).toMatchObject({
        status: 400,
        message: '用户不存在，请先注册',
      });
    }
    expect(await post(apiPaths.loginByMessage, { account: '13900000701', code: '123456' })).toMatchObject({
      status: 400,
      message: '用户不存在，请先注册',
    });
    expect(
      await post(apiPaths.setNewPwd, {
        account: '13900000701',
        code: '123456',
        password: 'Other2026Pw',
        confirmPassword: 'Other2026Pw',
      }),
    ).toMatchObject({
      status: 400,
      message: '用户不存在，请先注册',
    });

    // the member's current number logs in by code, as the member
    const code = await codeFor('13900000702', 'login');
    expect(await post(apiPaths.loginByMessage, { account: '13900000702', code })).toMatchObject({
      status: 0,
      data: { userName: '13900000701' },
    });
    // the password still logs in by the user name
    expect(await post(apiPaths.login, { account: '13900000701', password: 'Strong2026Pw' })).toMatchObject({
      status: 0,
    });
  });
});

describe('writes from other origins', () => {
  it('refuses a cross-site text/plain login: no session cookie is set', async () => {
    const response = await api.call(apiPaths.login, {
      method: 'POST',
      ip: freshIp(),
      headers: { 'content-type': 'text/plain', origin: 'http://evil.localhost:4321' },
      body: JSON.stringify({ account: DEMO_USER.userName, password: DEMO_USER.password }),
    });
    expect(((await response.json()) as Envelope).status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('refuses a sister sub-domain by Origin or Sec-Fetch-Site, and Origin null, in the request language', async () => {
    const body = { account: DEMO_USER.userName, password: DEMO_USER.password };
    const cases: Record<string, string>[] = [
      { origin: 'http://gzxb.localhost:4321' },
      { origin: 'null' },
      { origin: ORIGIN, 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of cases) {
      expect(await post(apiPaths.login, body, { headers, lang: 'en' }), JSON.stringify(headers)).toMatchObject({
        status: 403,
        message: 'This request came from another website and was refused',
      });
    }
    const token = await api.login(1);
    const collect = await post(
      apiPaths.memberCollect,
      { type: 'article', id: 1 },
      { token, headers: { origin: 'http://gzxb.localhost:4321' } },
    );
    expect(collect).toMatchObject({ status: 403, message: '来自其他网站的请求已被拒绝' });
    const form = new FormData();
    form.set('name', 'Mallory');
    const saved = await api.json(apiPaths.memberSaveInfo, {
      method: 'POST',
      body: form,
      ip: freshIp(),
      headers: { token, origin: 'http://gzxb.localhost:4321' },
    });
    expect(saved.status).toBe(403);
    expect((await api.json(apiPaths.memberInfo, { headers: { token } })).data).not.toMatchObject({ name: 'Mallory' });
  });

  it('takes JSON only (a form body only where the route documents an upload), and the site’s own origin', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      // the body says JSON; its declared type does not (the fixture would declare JSON itself)
      const response = await api.app.request(
        apiPaths.login,
        {
          method: 'POST',
          headers: { host: 'jmst.localhost:4321', 'content-type': type, origin: ORIGIN },
          body: JSON.stringify({ account: 'demo', password: DEMO_USER.password }),
        },
        { incoming: { socket: { remoteAddress: freshIp() } } },
      );
      expect(await response.json(), type).toMatchObject({
        status: 400,
        message: '此接口只接受 application/json 格式的请求',
      });
      expect(response.headers.getSetCookie(), type).toEqual([]);
    }
    expect(
      await post(
        apiPaths.login,
        { account: DEMO_USER.userName, password: DEMO_USER.password },
        { headers: { origin: ORIGIN, 'sec-fetch-site': 'same-origin' } },
      ),
    ).toMatchObject({ status: 0 });
    // behind a proxy that passes Host without the port
    expect(
      await post(
        apiPaths.login,
        { account: DEMO_USER.userName, password: DEMO_USER.password },
        { headers: { host: 'jmst.localhost', origin: ORIGIN } },
      ),
    ).toMatchObject({ status: 0 });
    const token = await api.login(1);
    const json = await post(apiPaths.memberSaveInfo, { name: 'JSON' }, { token, headers: { origin: ORIGIN } });
    expect(json).toMatchObject({ status: 400, message: '此接口只接受 multipart/form-data 格式的请求' });
  });
});

describe('where the session comes from', () => {
  it('never from the legacy token cookie, nor from two different session cookies', async () => {
    const token = await api.login(1);
    expect((await api.json(apiPaths.memberInfo, { headers: { cookie: `commonToken=${token}` } })).status).toBe(0);
    expect((await api.json(apiPaths.memberInfo, { headers: { cookie: `token=${token}` } })).status).toBe(401);
    // a sister sub-domain planted its own commonToken for the parent domain: neither is believed
    const other = await api.login(1);
    expect(
      (await api.json(apiPaths.memberInfo, { headers: { cookie: `commonToken=${other}; commonToken=${token}` } }))
        .status,
    ).toBe(401);
    expect(
      (await api.json(apiPaths.memberInfo, { headers: { cookie: `commonToken=${token}; commonToken=${token}` } }))
        .status,
    ).toBe(0);
    expect((await api.json(apiPaths.memberInfo, { headers: { token } })).status).toBe(0);
  });

  it('uses a __Host- cookie over HTTPS, and reads only that one there', async () => {
    const response = await api.call(apiPaths.login, {
      method: 'POST',
      ip: freshIp(),
      headers: { 'x-forwarded-proto': 'https' },
      body: { account: DEMO_USER.userName, password: DEMO_USER.password },
    });
    const token = ((await response.json()) as Envelope & { data: { token: string } }).data.token;
    const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith('__Host-commonToken='));
    expect(session).toMatch(/; Path=\/;/);
    expect(session).toMatch(/; Secure$/);
    expect(session).not.toMatch(/Domain=/i);
    const https = { 'x-forwarded-proto': 'https' };
    expect(
      (await api.json(apiPaths.memberInfo, { headers: { ...https, cookie: `__Host-commonToken=${token}` } })).status,
    ).toBe(0);
    expect(
      (await api.json(apiPaths.memberInfo, { headers: { ...https, cookie: `commonToken=${token}` } })).status,
    ).toBe(401);
  });

  it('keeps the login answer and the member info out of caches', async () => {
    const login = await api.call(apiPaths.login, {
      method: 'POST',
      ip: freshIp(),
      body: { account: DEMO_USER.userName, password: DEMO_USER.password },
    });
    expect(login.headers.get('cache-control')).toBe('no-store');
    const info = await api.call(apiPaths.memberInfo, { headers: { token: await api.login(1) } });
    expect(info.headers.get('cache-control')).toBe('no-store');
  });
});

describe('per-account limits count the member', () => {
  it('after the user name hits 429, the same member’s number and address are limited too', async () => {
    const { mobile, email } = await demoRow('gzxb');
    const ip = () => freshIp();
    let last: Envelope | null = null;
    for (let i = 0; i <= LOGIN_ACCOUNT_LIMIT; i += 1)
      last = await post(
        apiPaths.login,
        { account: DEMO_USER.userName, password: 'Wrong2026Pw' },
        { sld: 'gzxb', ip: ip() },
      );
    expect(last).toMatchObject({ status: 429 });
    expect(
      await post(apiPaths.login, { account: mobile, password: DEMO_USER.password }, { sld: 'gzxb', ip: ip() }),
    ).toMatchObject({ status: 429 });
    expect(
      await post(apiPaths.login, { account: email, password: DEMO_USER.password }, { sld: 'gzxb', ip: ip() }),
    ).toMatchObject({ status: 429 });
    expect(
      await post(apiPaths.sendReceiverMessage, { account: mobile, purpose: 'login' }, { sld: 'gzxb', ip: ip() }),
    ).toMatchObject({ status: 429 });
  });

  it('after 3 failures by user name, the e-mail address needs the picture code too', async () => {
    const { email } = await demoRow('jmst');
    for (let i = 0; i < LOGIN_FAILURES_BEFORE_CAPTCHA; i += 1)
      await post(apiPaths.login, { account: DEMO_USER.userName, password: 'Wrong2026Pw' });
    expect(await post(apiPaths.login, { account: email, password: 'Wrong2026Pw' })).toMatchObject({
      status: 400,
      message: '请输入图形验证码',
    });
    expect(await post(apiPaths.login, { account: email, password: DEMO_USER.password })).toMatchObject({
      status: 400,
      data: { captchaRequired: true },
    });
  });
});
