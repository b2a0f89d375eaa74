/** The request path's limits come from the validated environment, with defaults for a server behind nginx. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { serverOptions } from '../../src/server/process.ts';

describe('limits in the configuration', () => {
  it('default to values that suit a server behind nginx', () => {
    const config = loadConfig({});
    expect(config.timeouts).toEqual({ headersMs: 10_000, requestMs: 30_000, keepAliveMs: 65_000 });
    expect(config.render).toEqual({ concurrency: 4, queue: 32 });
    expect(config.apiBodyLimit).toBe(64 * 1024);
  });

  it('are read from the environment and set on the node:http server', () => {
    const config = loadConfig({
      HEADERS_TIMEOUT_MS: '2000',
      REQUEST_TIMEOUT_MS: '5000',
      KEEP_ALIVE_TIMEOUT_MS: '70000',
      RENDER_CONCURRENCY: '2',
      RENDER_QUEUE: '0',
    });
    expect(serverOptions(config.timeouts)).toEqual({
      headersTimeout: 2000,
      requestTimeout: 5000,
      keepAliveTimeout: 70_000,
      connectionsCheckingInterval: 1000,
    });
    expect(config.render).toEqual({ concurrency: 2, queue: 0 });
  });

  it('never lets the whole request end before its headers may, and refuses nonsense', () => {
    expect(loadConfig({ HEADERS_TIMEOUT_MS: '20000', REQUEST_TIMEOUT_MS: '5000' }).timeouts.requestMs).toBe(20_000);
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '0' })).toThrow(/HEADERS_TIMEOUT_MS/);
    expect(() => loadConfig({ RENDER_CONCURRENCY: 'many' })).toThrow(/RENDER_CONCURRENCY/);
    expect(() => loadConfig({ API_BODY_LIMIT_BYTES: '10' })).toThrow(/API_BODY_LIMIT_BYTES/);
  });

  it('reads how long a render lease lasts, 15 s unless told, and refuses nonsense', () => {
    expect(loadConfig({}).renderLeaseMs).toBe(15_000);
    expect(loadConfig({ RENDER_LEASE_SECONDS: '4' }).renderLeaseMs).toBe(4_000);
    for (const bad of ['0', '601', 'soon', '2.5'])
      expect(() => loadConfig({ RENDER_LEASE_SECONDS: bad }), bad).toThrow(/RENDER_LEASE_SECONDS/);
  });
});

describe('third-party login providers (OAUTH_PROVIDERS)', () => {
  const provider = {
    name: 'orcid',
    label: 'ORCID',
    authorizationUrl: 'https://orcid.org/oauth/authorize',
    tokenUrl: 'https://orcid.org/oauth/token',
    userinfoUrl: 'https://orcid.org/oauth/userinfo',
    clientId: 'APP-1',
    clientSecret: 'secret',
  };

  it('are none by default, and read from a JSON list with OpenID Connect defaults', () => {
    expect(loadConfig({}).thirdPartyProviders).toEqual([]);
    expect(loadConfig({ OAUTH_PROVIDERS: JSON.stringify([provider]) }).thirdPartyProviders).toEqual([
      { ...provider, scope: 'openid', subjectField: 'sub' },
    ]);
    const local = {
      ...provider,
      name: 'dev',
      authorizationUrl: 'http://127.0.0.1:9000/authorize',
      tokenUrl: 'http://localhost:9000/token',
      userinfoUrl: 'http://127.0.0.1:9000/me',
      subjectField: 'id',
    };
    expect(loadConfig({ OAUTH_PROVIDERS: JSON.stringify([local]) }).thirdPartyProviders[0]?.subjectField).toBe('id');
  });

  it('refuse what cannot work or is unsafe, naming the variable', () => {
    const refused = (value: unknown) => () =>
      loadConfig({ OAUTH_PROVIDERS: typeof value === 'string' ? value : JSON.stringify(value) });
    expect(refused('not json')).toThrow(/OAUTH_PROVIDERS: must be a JSON list of providers/);
    expect(refused([{ ...provider, tokenUrl: 'http://orcid.org/oauth/token' }])).toThrow(/OAUTH_PROVIDERS.*https/);
    expect(refused([{ ...provider, name: 'Has Spaces' }])).toThrow(/OAUTH_PROVIDERS.*name/);
    expect(refused([{ ...provider, clientSecret: '' }])).toThrow(/OAUTH_PROVIDERS/);
    expect(refused([provider, provider])).toThrow(/provider names must be unique/);
  });
});

describe('the builder switch', () => {
  it('is on unless BUILDER=off, and refuses anything else, naming the variable', () => {
    expect(loadConfig({}).builder).toBe(true);
    expect(loadConfig({ BUILDER: 'on' }).builder).toBe(true);
    expect(loadConfig({ BUILDER: 'off' }).builder).toBe(false);
    expect(() => loadConfig({ BUILDER: 'no' })).toThrow(/BUILDER: BUILDER must be 'on' or 'off'/);
  });
});
