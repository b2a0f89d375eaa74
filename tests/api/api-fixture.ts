/**
 * A seeded store behind the rc-pub API, called in-process with app.request() and a Host header,
 * as a browser on {sld}.localhost would. Sessions are inserted directly (login comes later).
 */
import { randomBytes } from 'node:crypto';
import type { ArticleDetail } from '../../src/content/types.ts';
import { type ApiDeps, apiRoutes, createApi } from '../../src/server/api/index.ts';
import type { ApiRoute } from '../../src/server/api/route.ts';
import { hashToken } from '../../src/server/auth/session.ts';
import type { ThirdPartyProvider } from '../../src/server/auth/third-party-config.ts';
import { createSiteResolver } from '../../src/server/host.ts';
import { createLocalSource } from '../../src/server/local-source.ts';
import { outboxMailer } from '../../src/server/mail/mailer.ts';
import { outboxSmsSender, type SmsSender } from '../../src/server/mail/sms.ts';
import { createDemoDb, type DemoDb } from '../fixtures/demo-db.ts';
import { row, run } from '../fixtures/rows.ts';

/** the book-cloud site and signing key the API is given in tests */
export const BOOK = { url: 'https://books.example.org/cloud', secret: 'test-book-jump-secret-0123456789abcdef' };

export type Envelope = { status: number; message: string; data: unknown };
export type ApiFixture = {
  demo: DemoDb;
  app: ReturnType<typeof createApi>;
  routes: ApiRoute[];
  errors: unknown[];
  /** GET (or another method) as seen from http://{sld}.localhost:4321, or 127.0.0.1 when sld is null */
  call(
    path: string,
    options?: { sld?: string | null; method?: string; headers?: Record<string, string>; body?: unknown; ip?: string },
  ): Promise<Response>;
  /** the same, parsed as an envelope */
  json(path: string, options?: Parameters<ApiFixture['call']>[1]): Promise<Envelope & { http: number }>;
  /** a session for the demo member of this site (or another member); returns the token */
  login(siteId: number, options?: { expiresInMs?: number; userName?: string }): Promise<string>;
  /**
   * Runs `fn` with the API's clock held at `at` (rate limits count in fixed windows: a test whose
   * calls straddle a window's end would see its count start again); the real clock after.
   */
  at<T>(at: Date, fn: () => Promise<T>): Promise<T>;
  cleanup(): Promise<void>;
};

export async function createApiFixture(
  options: {
    articles?: number;
    renderPdf?: (article: ArticleDetail) => Promise<Uint8Array>;
    book?: { url: string | undefined; secret: string | undefined };
    thirdParty?: ThirdPartyProvider[];
    /** the SMS sender (default: the outbox); null: no SMS at all, as in production without one */
    sms?: SmsSender | null;
  } = {},
): Promise<ApiFixture> {
  const demo = await createDemoDb({ articles: options.articles ?? 300 });
  const source = createLocalSource(demo.db);
  const errors: unknown[] = [];
  let heldAt: Date | null = null;
  const deps: ApiDeps = {
    db: demo.db,
    now: () => heldAt ?? new Date(),
    source,
    siteForHost: createSiteResolver({ source, baseDomain: 'portal.test' }),
    log: (_message, error) => errors.push(error),
    book: options.book ?? BOOK,
    thirdParty: options.thirdParty ?? [],
    ...(options.renderPdf ? { renderPdf: options.renderPdf } : {}),
    ...(options.sms === undefined ? {} : { sms: options.sms }),
  };
  const app = createApi(deps);
  const routes = apiRoutes({
    ...deps,
    now: () => new Date(),
    log: () => {},
    renderPdf: async () => new Uint8Array(),
    trustedProxies: [],
    mailer: outboxMailer(demo.db),
    sms: outboxSmsSender(demo.db),
    book: BOOK,
    thirdParty: options.thirdParty ?? [],
  });

  const call: ApiFixture['call'] = (path, opts = {}) => {
    const sld = opts.sld === undefined ? 'jmst' : opts.sld;
    const headers: Record<string, string> = {
      host: sld === null ? '127.0.0.1:4321' : `${sld}.localhost:4321`,
      ...opts.headers,
    };
    const init: RequestInit = { method: opts.method ?? 'GET', headers };
    if (opts.body instanceof FormData) {
      init.body = opts.body;
    } else if (opts.body !== undefined) {
      init.body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    }
    // the client address rate limits count by, as the node server's socket would give it
    return Promise.resolve(
      app.request(path, init, { incoming: { socket: { remoteAddress: opts.ip ?? '127.0.0.1' } } }),
    );
  };

  return {
    demo,
    app,
    routes,
    errors,
    call,
    async json(path, opts) {
      const response = await call(path, opts);
      const body = (await response.json()) as Envelope;
      return { ...body, http: response.status };
    },
    async at(at, fn) {
      heldAt = at;
      try {
        return await fn();
      } finally {
        heldAt = null;
      }
    },
    async login(siteId, opts = {}) {
      const token = randomBytes(24).toString('base64url');
      const userName = opts.userName ?? 'demo';
      const user = await row(demo.db, 'SELECT id FROM users WHERE site_id = ? AND user_name = ?', siteId, userName);
      if (!user) throw new Error(`no user ${userName} on site ${siteId}`);
      const now = Date.now();
      await run(
        demo.db,
        'INSERT INTO sessions (token_hash, user_id, site_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
        hashToken(token),
        Number(user['id']),
        siteId,
        new Date(now).toISOString(),
        new Date(now + (opts.expiresInMs ?? 3_600_000)).toISOString(),
      );
      return token;
    },
    cleanup: () => demo.cleanup(),
  };
}
