/**
 * Entry of an HTTP worker forked by primary.ts: serves like a single process, except that rebuilds
 * go to the primary (rebuild-proxy.ts).
 */
import { loadConfig } from '../config.ts';
import { listen, stopOnSignals } from '../process.ts';
import { createRebuildProxy } from './rebuild-proxy.ts';

const send = process.send?.bind(process);
if (!send) throw new Error('src/server/cluster/worker.ts runs only as a worker forked by the primary');
const config = loadConfig();
// BUILDER=off: no process of this server builds, and listen() refuses rebuilds without asking the primary
const rebuilder = config.builder
  ? createRebuildProxy({
      send: (message) => send(message),
      on: (event, listener) => process.on(event, listener),
    })
  : undefined;
const portal = await listen({ config, ...(rebuilder ? { rebuilder } : {}) });
stopOnSignals(portal);
