/**
 * Starts the real portal for end-to-end tests: a seeded temporary database, the Astro app built
 * by the vitest global setup (ASTRO_OUT_DIR, default ./dist), a temporary SITES_DIR, 127.0.0.1 on
 * a free port. Node cannot resolve {sld}.localhost, so request() connects to 127.0.0.1 and sends
 * the Host header; Chromium resolves origin(sld) itself. The caller closes it in afterAll (a
 * safety timer closes it otherwise), which removes the database and the prebuilt sites.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.ts';
import type { PortalServer } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createLocalSource } from '../../src/server/local-source.ts';
import { listen } from '../../src/server/process.ts';
import type { Db } from '../../src/server/store/db.ts';
import { createDemoDb } from '../fixtures/demo-db.ts';

export const TEST_REBUILD_TOKEN = 'test-rebuild-token-0123456789';

export type HarnessResponse = { status: number; headers: IncomingHttpHeaders; body: string; bytes: Buffer };

export type Portal = {
  port: number;
  origin(sld: string): string;
  db: Db;
  /** the database file (another process may write to it, as `npm run import` does) */
  databasePath: string;
  /** the running app (its builder rebuilds sites) */
  app: PortalServer;
  sitesDir: string;
  /** an HTTP request to 127.0.0.1 with Host {sld}.localhost:{port} */
  request(
    sld: string,
    path: string,
    init?: { method?: string; headers?: Record<string, string>; body?: string },
  ): Promise<HarnessResponse>;
  close(): Promise<void>;
};

const SAFETY_CLOSE_MS = 10 * 60 * 1000;

export async function startPortal(
  options: { articles?: number; prebuild?: boolean | string[]; env?: Record<string, string> } = {},
): Promise<Portal> {
  const demo = await createDemoDb({ articles: options.articles ?? 200 });
  const sitesDir = mkdtempSync(join(tmpdir(), 'portal-sites-'));
  const config = {
    // a test's portal sends codes to the outbox unless its env says otherwise: loading the built app
    // sets this process's NODE_ENV to production (for React), which must not carry over to a portal
    // started after it
    ...loadConfig({ ...process.env, NODE_ENV: 'test', ...options.env }),
    port: 0,
    host: '127.0.0.1',
    databasePath: demo.path,
    rcPubOrigin: undefined,
    rebuildToken: TEST_REBUILD_TOKEN,
    sitesDir,
  };
  const running = await listen({ config, db: demo.db, source: createLocalSource(demo.db) });
  const { port } = running;

  if (options.prebuild) {
    const only = Array.isArray(options.prebuild) ? options.prebuild : undefined;
    await running.app.builder.buildAll(await running.app.builder.sitesToBuild(only));
  }

  let closed: Promise<void> | null = null;
  const close = () => {
    closed ??= (async () => {
      clearTimeout(safety);
      await running.close();
      await demo.cleanup();
      rmSync(sitesDir, { recursive: true, force: true });
    })();
    return closed;
  };
  const safety = setTimeout(() => void close(), SAFETY_CLOSE_MS);
  safety.unref();

  return {
    port,
    origin: (sld) => `http://${sld}.localhost:${port}`,
    db: demo.db,
    databasePath: demo.path,
    app: running.app,
    sitesDir,
    request: (sld, path, init = {}) => requestVia(port, `${sld}.localhost:${port}`, path, init),
    close,
  };
}

/** One HTTP request to 127.0.0.1:port with an explicit Host header. */
export function requestVia(
  port: number,
  host: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HarnessResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method: init.method ?? 'GET', headers: { ...init.headers, host }, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString('utf8'), bytes });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
}
