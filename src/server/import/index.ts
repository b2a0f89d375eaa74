/** `npm run import -- file.json`: check the whole file (records and references), then merge it in one transaction. */
import { changeOrigin } from '../store/changes.ts';
import type { Db } from '../store/db.ts';
import { refreshStatistics } from '../store/planner-statistics.ts';
import { applyImport, type ImportSummary } from './apply.ts';
import { checkImportFile } from './check.ts';
import { ImportError } from './errors.ts';

export { ImportError, formatProblem } from './errors.ts';
export type { ImportSummary } from './apply.ts';

/**
 * Imports parsed JSON; throws ImportError naming every problem (nothing written) when the file has
 * any. `now` stamps created/updated times; `origin` names the writer in the change log.
 */
export function importContent(db: Db, json: unknown, now: string = new Date().toISOString(), origin: string = changeOrigin('import')): ImportSummary {
  const checked = checkImportFile(db, json);
  if (checked.file === null) throw new ImportError(checked.problems);
  const summary = applyImport(db, checked.file, now, origin);
  refreshStatistics(db, 'open');
  return summary;
}
