/**
 * Starts the portal: `node src/server/main.ts` (npm run serve). scripts/start.ts prepares data and
 * builds first, then calls listen() from here.
 */
import type { AddressInfo } from 'node:net';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { ContentSource } from '../content/source.ts';
import { createPortalServer, type PortalServer } from './app.ts';
import { openContent } from './build/open-content.ts';
import { loadConfig, type PortalConfig } from './config.ts';
import type { Db } from './store/db.ts';

export type RunningPortal = { port: number; app: PortalServer; close(): Promise<void> };

/** Serves a portal on config.host:config.port (port 0 picks a free one). */
export async function listen(options: { config: PortalConfig; db?: Db; source?: ContentSource; now?: () => Date }): Promise<RunningPortal> {
  const content = options.db && options.source ? { db: options.db, source: options.source } : openContent(options.config);
  const app = createPortalServer({ ...content, config: options.config, ...(options.now ? { now: options.now } : {}) });
  const server = await new Promise<Server>((resolve, reject) => {
    const viaApp = getRequestListener(app.fetch);
    // Prebuilt pages are answered before the request becomes a web Request; the rest goes to Hono.
    const listener = (req: IncomingMessage, res: ServerResponse) => {
      app.serveNode(req, res).then(
        (handled) => (handled ? undefined : viaApp(req, res)),
        (error: unknown) => {
          console.error('prebuilt page failed', error);
          if (!res.headersSent) void viaApp(req, res);
        },
      );
    };
    const started = createServer(listener);
    started.once('error', reject);
    started.listen(options.config.port, options.config.host, () => resolve(started));
  });
  const port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | null = null;
  return {
    port,
    app,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await app.close();
      })();
      return closing;
    },
  };
}

/** Closes the server on SIGINT/SIGTERM so running rebuilds finish their swap first. */
export function closeOnSignals(portal: RunningPortal): void {
  const stop = () => {
    void portal.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (import.meta.main) {
  const config = loadConfig();
  const portal = await listen({ config });
  closeOnSignals(portal);
  console.log(`portal listening on http://${config.host}:${portal.port}/ (sites at http://{sld}.localhost:${portal.port}/zh/home/)`);
}
