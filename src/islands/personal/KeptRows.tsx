import { resourcePath } from '../../lib/routes.ts';
import type { Kept, KeptRow } from './types.ts';

/** Kept resources, each linked to its page where it has one, with an action (remove). */
export function KeptRows({
  rows,
  kept,
  action,
  onAction,
}: {
  rows: KeptRow[] | null;
  kept: Kept;
  action: string;
  onAction: (row: KeptRow) => Promise<unknown>;
}) {
  if (!rows) return null;
  if (rows.length === 0) return <p>{kept.labels.empty}</p>;
  return (
    <ul className="rows">
      {rows.map((row) => {
        const href = resourcePath(kept.lang, row.type, row.id);
        return (
          <li key={`${row.type}-${row.id}`}>
            {href ? <a href={href}>{kept.titleOf(row)}</a> : <span>{kept.titleOf(row)}</span>}
            <button type="button" onClick={() => void onAction(row).catch(() => {})}>
              {action}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
