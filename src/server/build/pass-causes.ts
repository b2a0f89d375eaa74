/** What a pass over changes applies, as the console names it: rows per kind and action. */
import type { PassCause } from '../../lib/console-answers.ts';
import type { ContentChange } from '../store/changes.ts';

/** Counts distinct rows per kind and action; a change of a whole-site kind (menu, settings) counts once. */
export function passCauses(changes: readonly ContentChange[]): PassCause[] {
  const rows = new Map<string, { kind: string; action: PassCause['action']; ids: Set<number> }>();
  for (const change of changes) {
    const key = `${change.kind}:${change.action}`;
    const known = rows.get(key) ?? { kind: change.kind, action: change.action, ids: new Set<number>() };
    for (const id of change.ids) known.ids.add(id);
    rows.set(key, known);
  }
  return [...rows.values()].map(({ kind, action, ids }) => ({ kind, action, count: Math.max(ids.size, 1) }));
}
