/** Calls the account tests share: a POST with language, site, client address and token; a code read from the outbox; a registration. */
import { expect } from 'vitest';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { outboxMessages } from '../../src/server/store/outbox.ts';
import type { ApiFixture, Envelope } from './api-fixture.ts';

export type CallOptions = {
  lang?: string;
  sld?: string;
  ip?: string;
  token?: string;
  headers?: Record<string, string>;
};

export function accountCalls(fixture: () => ApiFixture, firstIp = 1) {
  let nextIp = firstIp;
  /** a fresh client address, so one test's rate limits do not spill into the next */
  const freshIp = () => `198.51.${100 + Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

  const post = (path: string, body: unknown, options: CallOptions = {}) =>
    fixture().json(path, {
      method: 'POST',
      body,
      sld: options.sld ?? 'jmst',
      ip: options.ip ?? freshIp(),
      headers: {
        ...(options.lang ? { language: options.lang } : {}),
        ...(options.token ? { token: options.token } : {}),
        ...options.headers,
      },
    });

  /** the newest six-digit code mailed or texted to this address */
  async function lastCode(address: string): Promise<string> {
    const [message] = await outboxMessages(fixture().demo.db, { recipient: address.toLowerCase(), limit: 1 });
    const code = message?.text.match(/\b\d{6}\b/)?.[0];
    if (!code) throw new Error(`no code in the outbox for ${address}`);
    return code;
  }

  async function codeFor(
    address: string,
    purpose: string,
    options: { sld?: string; lang?: string } = {},
  ): Promise<string> {
    const sent = await post(apiPaths.sendReceiverMessage, { account: address, purpose }, options);
    expect(sent, `${purpose} code for ${address}`).toMatchObject({ status: 0 });
    return lastCode(address);
  }

  async function register(account: string, password = 'Strong2026Pw', sld = 'jmst'): Promise<Envelope> {
    const code = await codeFor(account, 'register', { sld });
    return post(apiPaths.register, { account, code, password, confirmPassword: password, agreement: true }, { sld });
  }

  /** registers and answers the new member's token */
  async function registered(account: string, sld = 'jmst'): Promise<string> {
    const result = await register(account, 'Strong2026Pw', sld);
    expect(result, `register ${account}`).toMatchObject({ status: 0 });
    return (result.data as { token: string }).token;
  }

  return { freshIp, post, lastCode, codeFor, register, registered };
}
