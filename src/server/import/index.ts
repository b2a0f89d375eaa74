/** `npm run import -- file.json`: check the whole file (records and references), then merge it in one transaction. */

import { createReadStream } from 'node:fs';
import { changeOrigin } from '../store/changes.ts';
import type { Db } from '../store/db.ts';
import { refreshStatistics } from '../store/planner-statistics.ts';
import { applyImport, type ImportSummary } from './apply.ts';
import { checkImportFile, checkImportStream } from './check.ts';
import { ImportError } from './errors.ts';
import type { ImportFiles } from './files.ts';
import { streamImportJson } from './stream.ts';

export type { ImportSummary } from './apply.ts';
export { formatProblem, ImportError } from './errors.ts';

export { folderFiles, type ImportFiles, unpackZip, ZipProblem } from './files.ts';
export { UnreadableJson } from './stream.ts';

/**
 * Imports parsed JSON; throws ImportError naming every problem (nothing written) when the file has
 * any. `now` stamps created/updated times and the versions of what it corrects; `files` is where
 * the PDFs and supplementary files the records name are; `by` names who corrected (the file's name);
 * `origin` names the writer in the change log. The console's corrections and news call it with one
 * record; `npm run import` and the console's upload read their file as a stream through importJsonFile.
 */
export async function importContent(
  db: Db,
  json: unknown,
  now: string = new Date().toISOString(),
  files: ImportFiles | null = null,
  by = 'import',
  origin: string = changeOrigin('import'),
): Promise<ImportSummary> {
  const checked = await checkImportFile(db, json, files);
  if (checked.file === null) throw new ImportError(checked.problems);
  const summary = await applyImport(db, checked.file, now, files, by, origin);
  refreshStatistics(db, 'open');
  return summary;
}

/**
 * Imports the JSON file at `path` as importContent does, reading it as a stream: records are
 * checked as they are read and only their checked copies are kept, so the file's text and whole
 * parse tree are never in memory. Every problem is still found before anything is written.
 * Throws UnreadableJson when the file cannot be read or is not JSON.
 */
export async function importJsonFile(
  db: Db,
  path: string,
  now: string = new Date().toISOString(),
  files: ImportFiles | null = null,
  by = 'import',
  origin: string = changeOrigin('import'),
): Promise<ImportSummary> {
  const checked = await checkImportStream(db, streamImportJson(createReadStream(path)), files);
  if (checked.file === null) throw new ImportError(checked.problems);
  const summary = await applyImport(db, checked.file, now, files, by, origin);
  refreshStatistics(db, 'open');
  return summary;
}
