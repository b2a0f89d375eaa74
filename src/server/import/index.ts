/** `npm run import -- file.json`: validate the whole file with zod, then write it in one transaction. */
import type { Db } from '../store/db.ts';
import { refreshStatistics } from '../store/planner-statistics.ts';
import { applyImport, type ImportSummary } from './apply.ts';
import { ImportError, problemsFromZod } from './errors.ts';
import { type ImportFile, importFileSchema } from './schema.ts';

export { ImportError, formatProblem } from './errors.ts';
export type { ImportSummary } from './apply.ts';

export function parseImportFile(json: unknown): ImportFile {
  const parsed = importFileSchema.safeParse(json);
  if (!parsed.success) throw new ImportError(problemsFromZod(parsed.error));
  return parsed.data;
}

/** Imports parsed JSON; throws ImportError (nothing written) when any record is invalid. `now` stamps created/updated times. */
export function importContent(db: Db, json: unknown, now: string = new Date().toISOString()): ImportSummary {
  const summary = applyImport(db, parseImportFile(json), now);
  refreshStatistics(db, 'open');
  return summary;
}
