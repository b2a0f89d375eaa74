/** An admin API over a temporary store with two sites, an administrator and one editor per site, and a browser-like caller. */
import { expect } from 'vitest';
import { createAdminApi } from '../../src/server/admin/routes.ts';
import { hashPassword } from '../../src/server/auth/password.ts';
import type { RebuildOutcome } from '../../src/server/build/rebuild-queue.ts';
import { createStaff } from '../../src/server/store/staff.ts';
import { rows } from '../fixtures/rows.ts';
import { createConsoleStore } from './console-sites.ts';

export const PASSWORD = 'a long editor password';
const ORIGIN = 'http://jmst.localhost:4321';
const HOST = 'jmst.localhost:4321';

export type CallOptions = { method?: string; body?: unknown; headers?: Record<string, string> };

export async function consoleApi() {
  const store = await createConsoleStore();
  const db = store.db;
  const hash = hashPassword(PASSWORD);
  await createStaff(db, { email: 'admin@example.org', passwordHash: hash, role: 'admin', sites: [] }, new Date());
  await createStaff(db, { email: 'ed@example.org', passwordHash: hash, role: 'editor', sites: ['jmst'] }, new Date());
  await createStaff(db, { email: 'other@example.org', passwordHash: hash, role: 'editor', sites: ['cpg'] }, new Date());
  const rebuilder = {
    request: async (sld: string): Promise<RebuildOutcome<unknown>> => ({ ok: true, summary: { sld } }),
    state: () => 'idle',
    last: () => undefined,
  };
  const app = createAdminApi({ db, token: 'platform-token-for-tests', rebuilder });

  const call = (path: string, options: CallOptions = {}) => {
    const method = options.method ?? 'GET';
    const headers: Record<string, string> = { host: HOST, ...(method === 'GET' ? {} : { origin: ORIGIN }) };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    return app.request(`http://${HOST}${path}`, {
      method,
      headers: { ...headers, ...options.headers },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
  };

  /** The cookie header a browser would send back after this login. */
  const session = async (email: string, password = PASSWORD): Promise<Record<string, string>> => {
    const response = await call('/_admin/login', { method: 'POST', body: { email, password } });
    expect(response.status).toBe(200);
    return { cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '' };
  };

  const audit = async (action: string) =>
    (await rows(
      db,
      'SELECT actor, target, before_json, after_json FROM audit_log WHERE action = ? ORDER BY id',
      action,
    )) as {
      actor: string;
      target: string | null;
      before_json: string | null;
      after_json: string | null;
    }[];

  return { db, app, call, session, audit, close: store.close };
}
