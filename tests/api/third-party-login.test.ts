/**
 * Third-party login against a fake OAuth 2.0 provider on 127.0.0.1: the redirect with PKCE and a
 * single-use state bound to the browser, the callback's code exchange, login of a bound member,
 * the bind ticket for anyone else, thirdBind by password or code with the messages of docs/product-rules.md#third-party-login in both
 * languages, and that states, tickets and bindings belong to one site. Without a provider the
 * calls are not there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { LOGIN_IP_LIMIT } from '../../src/lib/constants.ts';
import type { ThirdPartyProvider } from '../../src/server/auth/third-party-config.ts';
import { type FakeProvider, providerConfig, startFakeProvider } from '../fixtures/fake-oauth-provider.ts';
import { run } from '../fixtures/rows.ts';
import { accountCalls } from './account-calls.ts';
import { type ApiFixture, createApiFixture } from './api-fixture.ts';

let api: ApiFixture;
let bare: ApiFixture;
let campus: FakeProvider;
const { post, codeFor, registered, freshIp } = accountCalls(() => api);

const CLIENT = { clientId: 'portal-client', clientSecret: 'portal-secret-0123456789' };

beforeAll(async () => {
  campus = await startFakeProvider(CLIENT);
  const provider: ThirdPartyProvider = providerConfig(campus, CLIENT, {
    name: 'campus',
    label: 'Campus ID',
    scope: 'profile',
  });
  // the same provider asked for OpenID Connect: a nonce goes out, an id token comes back and is checked
  const openId: ThirdPartyProvider = {
    ...provider,
    name: 'campus-oidc',
    label: 'Campus OpenID',
    scope: 'openid profile',
  };
  api = await createApiFixture({ articles: 20, thirdParty: [provider, openId] });
  bare = await createApiFixture({ articles: 20 });
});
afterAll(async () => {
  await api.cleanup();
  await bare.cleanup();
  await campus.close();
});

/** the value of a Set-Cookie of this response, or null */
function setCookie(response: Response, name: string): string | null {
  const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
  return line ? decodeURIComponent(line.slice(name.length + 1).split(';')[0] ?? '') : null;
}

type Started = { authorize: URL; stateCookie: string };

async function start(options: { sld?: string; lang?: string; provider?: string } = {}): Promise<Started> {
  const response = await api.call(
    `${apiPaths.thirdLoginUrl}?provider=${options.provider ?? 'campus'}&lang=${options.lang ?? 'en'}`,
    { sld: options.sld ?? 'jmst', ip: freshIp() },
  );
  expect(response.status).toBe(302);
  const stateCookie = setCookie(response, 'thirdLoginState');
  if (!stateCookie) throw new Error('no state cookie');
  return { authorize: new URL(response.headers.get('location') ?? ''), stateCookie };
}

/** The browser at the provider: logs in as `user` and follows the redirect back; answers the callback path. */
async function atProvider(started: Started, user: string): Promise<string> {
  const url = new URL(started.authorize);
  url.searchParams.set('user', user);
  const answer = await fetch(url, { redirect: 'manual' });
  const back = new URL(answer.headers.get('location') ?? '');
  return back.pathname + back.search;
}

async function callback(path: string, cookie: string, sld = 'jmst'): Promise<Response> {
  return api.call(path, { sld, headers: { cookie } });
}

/** A whole trip for `user` up to the callback's answer. */
async function thirdLogin(user: string, sld = 'jmst'): Promise<Response> {
  const started = await start({ sld });
  return callback(await atProvider(started, user), `thirdLoginState=${started.stateCookie}`, sld);
}

async function ticketFor(user: string, sld = 'jmst'): Promise<string> {
  const answer = await thirdLogin(user, sld);
  expect(answer.headers.get('location')).toBe('/accountBinding?lang=en&provider=campus');
  const ticket = setCookie(answer, 'thirdBindTicket');
  if (!ticket) throw new Error('no bind ticket');
  return ticket;
}

const bind = (body: Record<string, unknown>, ticket: string | null, options: { lang?: string; sld?: string } = {}) =>
  post(apiPaths.thirdBind, body, { ...options, headers: ticket ? { cookie: `thirdBindTicket=${ticket}` } : {} });

describe('third-party login', () => {
  it('is absent without a configured provider: an empty list, and no login, callback or bind call', async () => {
    expect(await bare.json(apiPaths.thirdLoginProviders)).toMatchObject({ status: 0, data: [] });
    for (const path of [`${apiPaths.thirdLoginUrl}?provider=campus`, `${apiPaths.thirdLoginCallback}?state=x&code=y`]) {
      expect(await bare.json(path, { headers: { language: 'en' } })).toMatchObject({
        http: 404,
        message: 'No such API path',
      });
    }
    expect(
      (await bare.json(apiPaths.thirdBind, { method: 'POST', body: { account: 'demo', password: 'x' } })).http,
    ).toBe(404);
    expect(bare.routes.map((route) => route.path)).not.toContain(apiPaths.thirdBind);
  });

  it('lists the provider and redirects to it with PKCE, a state and an HttpOnly state cookie for the login group only', async () => {
    expect(await api.json(apiPaths.thirdLoginProviders)).toMatchObject({
      status: 0,
      data: [
        { name: 'campus', label: 'Campus ID' },
        { name: 'campus-oidc', label: 'Campus OpenID' },
      ],
    });
    const response = await api.call(`${apiPaths.thirdLoginUrl}?provider=campus`, { ip: freshIp() });
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.origin + location.pathname).toBe(`${campus.origin}/authorize`);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: CLIENT.clientId,
      redirect_uri: `http://jmst.localhost:4321${apiPaths.thirdLoginCallback}`,
      scope: 'profile',
      code_challenge_method: 'S256',
    });
    expect(location.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(location.searchParams.has('nonce')).toBe(false);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('thirdLoginState='));
    expect(cookie).toMatch(/Path=\/rc-pub\/api\/; Max-Age=600; SameSite=Lax; HttpOnly/);
    expect(setCookie(response, 'thirdLoginState')).toBe(location.searchParams.get('state'));
    const doc = (await (await api.call(apiPaths.openapi)).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    for (const [path, method] of [
      [apiPaths.thirdLoginProviders, 'get'],
      [apiPaths.thirdLoginUrl, 'get'],
      [apiPaths.thirdLoginCallback, 'get'],
      [apiPaths.thirdBind, 'post'],
    ] as const) {
      expect(doc.paths[path]?.[method], path).toBeDefined();
    }
    for (const path of [apiPaths.thirdLoginUrl, apiPaths.thirdLoginCallback])
      expect(doc.paths[path]?.['get'], path).toMatchObject({ responses: { '302': { headers: { Location: {} } } } });
    expect(
      await api.json(`${apiPaths.thirdLoginUrl}?provider=elsewhere`, { headers: { language: 'en' } }),
    ).toMatchObject({ status: 404, message: 'Resource not found' });
  });

  it('sends an unbound account to /accountBinding with a bind ticket, and the state works once', async () => {
    const started = await start();
    const path = await atProvider(started, 'alice');
    const first = await callback(path, `thirdLoginState=${started.stateCookie}`);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/accountBinding?lang=en&provider=campus');
    expect(first.headers.getSetCookie().find((line) => line.startsWith('thirdBindTicket='))).toMatch(
      /Path=\/rc-pub\/api\/; Max-Age=600; SameSite=Lax; HttpOnly/,
    );
    expect(setCookie(first, 'commonToken')).toBeNull();
    // a used state is unknown, so the failure page speaks the browser's language (its cookie, else zh)
    const again = await callback(path, `thirdLoginState=${started.stateCookie}`);
    expect(again.headers.get('location')).toBe('/accountBinding?lang=zh&error=failed');
    expect((await callback(path, `thirdLoginState=${started.stateCookie}; language=en`)).headers.get('location')).toBe(
      '/accountBinding?lang=en&error=failed',
    );
  });

  it('asks an OpenID Connect provider with a nonce and accepts its id token', async () => {
    const started = await start({ provider: 'campus-oidc' });
    expect(started.authorize.searchParams.get('scope')).toBe('openid profile');
    expect(started.authorize.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
    const answer = await callback(await atProvider(started, 'olga'), `thirdLoginState=${started.stateCookie}`);
    expect(answer.headers.get('location')).toBe('/accountBinding?lang=en&provider=campus-oidc');
  });

  it('refuses a callback from another browser (no or another state cookie), of another site, or with a code the provider refuses', async () => {
    const calls = campus.tokenCalls;
    const started = await start();
    const path = await atProvider(started, 'mallory');
    expect((await callback(path, '')).headers.get('location')).toBe('/accountBinding?lang=zh&error=failed');
    expect((await callback(path, 'thirdLoginState=forged-state-0123456789')).headers.get('location')).toBe(
      '/accountBinding?lang=zh&error=failed',
    );
    expect((await callback(path, `thirdLoginState=${started.stateCookie}`, 'cpg')).headers.get('location')).toBe(
      '/accountBinding?lang=zh&error=failed',
    );
    // none of these reached the provider's token endpoint
    expect(campus.tokenCalls).toBe(calls);

    const other = await start({ lang: 'zh' });
    const tampered = (await atProvider(other, 'mallory')).replace(/code=\w+/, 'code=not-a-code');
    const errorsBefore = api.errors.length;
    expect((await callback(tampered, `thirdLoginState=${other.stateCookie}`)).headers.get('location')).toBe(
      '/accountBinding?lang=zh&error=failed',
    );
    expect(api.errors.length).toBe(errorsBefore + 1);
  });

  it('binds by password with SPEC’s messages, then logs the member in on the next third-party login', async () => {
    await registered('13900000301');
    const ticket = await ticketFor('bob');
    expect(await bind({ account: '13900000301', password: 'Strong2026Pw' }, null)).toMatchObject({
      status: 400,
      message: '绑定已过期，请重新用第三方账号登录',
    });
    expect(
      await bind({ account: '13900000301', password: 'Strong2026Pw' }, 'unknown-ticket-0123456789', { lang: 'en' }),
    ).toMatchObject({
      status: 400,
      message: 'The binding has expired, please log in with the third-party account again',
    });
    expect(await bind({ account: '13900000399', password: 'Strong2026Pw' }, ticket, { lang: 'en' })).toMatchObject({
      status: 400,
      message: 'User not found, please register first.',
    });
    expect(await bind({ account: '13900000301', password: 'Wrong2026Pw' }, ticket)).toMatchObject({
      status: 400,
      message: '账号或密码错误',
    });
    expect(await bind({ account: '13900000301' }, ticket, { lang: 'en' })).toMatchObject({
      status: 400,
      message: 'Invalid parameter: password',
    });

    const response = await api.call(apiPaths.thirdBind, {
      method: 'POST',
      ip: freshIp(),
      headers: { cookie: `thirdBindTicket=${ticket}`, language: 'en' },
      body: { account: '13900000301', password: 'Strong2026Pw' },
    });
    expect(await response.json()).toMatchObject({
      status: 0,
      message: 'Account bound',
      data: { userName: '13900000301' },
    });
    expect(setCookie(response, 'commonToken')).toBeTruthy();
    expect(setCookie(response, 'thirdBindTicket')).toBe('');
    // the ticket is used up
    expect(await bind({ account: '13900000301', password: 'Strong2026Pw' }, ticket)).toMatchObject({
      status: 400,
      message: '绑定已过期，请重新用第三方账号登录',
    });

    const login = await thirdLogin('bob');
    expect(login.headers.get('location')).toBe('/personal?lang=en');
    const token = setCookie(login, 'commonToken') ?? '';
    expect(await api.json(apiPaths.memberInfo, { headers: { token } })).toMatchObject({
      status: 0,
      data: { userName: '13900000301' },
    });
  });

  it('binds by a login code, and keeps one account of a provider per member', async () => {
    await registered('13900000302');
    const ticket = await ticketFor('carol');
    expect(await bind({ account: '13900000302', code: '000000' }, ticket, { lang: 'en' })).toMatchObject({
      status: 400,
      message: 'The verification code is wrong or has expired, please get a new one',
    });
    const code = await codeFor('13900000302', 'login');
    expect(await bind({ account: '13900000302', code }, ticket)).toMatchObject({ status: 0, message: '绑定成功' });
    expect((await thirdLogin('carol')).headers.get('location')).toBe('/personal?lang=en');

    const second = await ticketFor('carol-again');
    expect(await bind({ account: '13900000302', password: 'Strong2026Pw' }, second, { lang: 'en' })).toMatchObject({
      status: 400,
      message: 'This account is already bound to another third-party account',
    });
    expect(await bind({ account: '13900000302', password: 'Strong2026Pw' }, second)).toMatchObject({
      status: 400,
      message: '该账号已绑定另一个第三方账号',
    });
  });

  it('keeps bindings and tickets to one site', async () => {
    await registered('13900000303');
    const ticket = await ticketFor('dave');
    // a jmst ticket means nothing on cpg
    await registered('13900000303', 'cpg');
    expect(await bind({ account: '13900000303', password: 'Strong2026Pw' }, ticket, { sld: 'cpg' })).toMatchObject({
      status: 400,
      message: '绑定已过期，请重新用第三方账号登录',
    });
    expect((await bind({ account: '13900000303', password: 'Strong2026Pw' }, ticket)).status).toBe(0);
    // bound on jmst, still unbound on cpg
    expect((await thirdLogin('dave')).headers.get('location')).toBe('/personal?lang=en');
    expect((await thirdLogin('dave', 'cpg')).headers.get('location')).toBe('/accountBinding?lang=en&provider=campus');
  });

  it('refuses an expired state and an expired ticket', async () => {
    const started = await start();
    const path = await atProvider(started, 'erin');
    await run(api.demo.db, "UPDATE oauth_states SET expires_at = '2000-01-01T00:00:00.000Z'");
    expect((await callback(path, `thirdLoginState=${started.stateCookie}`)).headers.get('location')).toBe(
      '/accountBinding?lang=en&error=failed',
    );

    await registered('13900000304');
    const ticket = await ticketFor('erin');
    await run(api.demo.db, "UPDATE bind_tickets SET expires_at = '2000-01-01T00:00:00.000Z'");
    expect(await bind({ account: '13900000304', password: 'Strong2026Pw' }, ticket, { lang: 'en' })).toMatchObject({
      status: 400,
      message: 'The binding has expired, please log in with the third-party account again',
    });
  });

  it('limits login redirects per client address', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < LOGIN_IP_LIMIT; i += 1)
      expect((await api.call(`${apiPaths.thirdLoginUrl}?provider=campus`, { ip })).status).toBe(302);
    expect(
      await api.json(`${apiPaths.thirdLoginUrl}?provider=campus`, { ip, headers: { language: 'en' } }),
    ).toMatchObject({ status: 429, message: 'Too many requests, please try again later' });
    expect((await api.call(`${apiPaths.thirdLoginUrl}?provider=campus`, { ip: freshIp() })).status).toBe(302);
  });

  it('shares the login limits: thirdBind by password counts as a login attempt of the account', async () => {
    await registered('13900000305');
    const ticket = await ticketFor('frank');
    for (let i = 0; i < 3; i += 1)
      expect((await bind({ account: '13900000305', password: 'Wrong2026Pw' }, ticket)).status).toBe(400);
    expect(
      await post(apiPaths.login, { account: '13900000305', password: 'Strong2026Pw' }, { lang: 'en' }),
    ).toMatchObject({ status: 400, message: 'Please enter the picture code' });
  });
});
