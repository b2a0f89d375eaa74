/**
 * A worker's view of the primary's rebuild queue: requests travel over IPC and come back with their
 * outcome; the state of every site is mirrored from the primary's announcements, so the admin
 * API can answer it at once.
 */

import type { AdminRebuilder } from '../admin/routes.ts';
import type { SiteBuildSummary } from '../build/build-site.ts';
import type { RebuildOutcome } from '../build/rebuild-queue.ts';
import { noteSwapElsewhere } from '../static/site-folder.ts';
import { type ToPrimary, toWorkerSchema } from './messages.ts';

export type IpcChannel = {
  send(message: ToPrimary): void;
  on(event: 'message', listener: (message: unknown) => void): void;
};

export function createRebuildProxy(channel: IpcChannel): AdminRebuilder {
  let nextId = 1;
  const waiting = new Map<number, (outcome: RebuildOutcome<SiteBuildSummary>) => void>();
  const states = new Map<string, { state: string; last: RebuildOutcome<SiteBuildSummary> | undefined }>();

  channel.on('message', (raw) => {
    const parsed = toWorkerSchema.safeParse(raw);
    if (!parsed.success) return;
    const message = parsed.data;
    if (message.type === 'rebuilt') {
      waiting.get(message.id)?.(message.outcome);
      waiting.delete(message.id);
      return;
    }
    const before = states.get(message.sld)?.last;
    states.set(message.sld, { state: message.state, last: message.last ?? undefined });
    // a build that finished since the last announcement was swapped in: look the folder up again now
    if (message.last?.ok && JSON.stringify(message.last) !== JSON.stringify(before)) noteSwapElsewhere();
  });

  return {
    request(sld) {
      const id = nextId++;
      const outcome = new Promise<RebuildOutcome<SiteBuildSummary>>((resolve) => waiting.set(id, resolve));
      // until the primary answers, this worker knows a build is at least queued
      const known = states.get(sld);
      states.set(sld, { state: known?.state === 'idle' || !known ? 'running' : known.state, last: known?.last });
      channel.send({ type: 'rebuild', id, sld });
      return outcome;
    },
    state: (sld) => states.get(sld)?.state ?? 'idle',
    last: (sld) => states.get(sld)?.last,
  };
}
