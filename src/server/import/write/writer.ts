/**
 * What every writer of an import shares: upserts by natural key that count what they add and change,
 * the change notes the running server re-renders from, versions of corrected records, and the
 * publisher's files.
 */
import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import type { KeyedProblem } from '../../../i18n/import-problems.ts';
import { sanitizeRich } from '../../../lib/sanitize.ts';
import { type FieldChanges, recordVersion, type VersionEntity } from '../../store/bulk/corrections.ts';
import { storeFileOnce } from '../../store/bulk/files.ts';
import { siteRowExists } from '../../store/bulk/import-reads.ts';
import {
  type ChildTable,
  type ColumnChange,
  insertRow,
  insertRows,
  mergeRow,
  type RowValues,
  replaceChildren,
  type TableWithId,
  type Tx,
} from '../../store/bulk/insert.ts';
import type { ChangeAction, ChangeKind, ContentChange } from '../../store/changes.ts';
import { ImportError, type ImportProblem, problemFromPath } from '../errors.ts';
import { checkFile } from '../file-check.ts';
import type { ImportFiles } from '../files.ts';
import { type NewChildren, newChildren } from './new-children.ts';

/** undefined (not named) stays undefined; null or empty clears; HTML is sanitized. */
export const html = (value: string | null | undefined) =>
  value === undefined ? undefined : value ? sanitizeRich(value) : null;
export const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);

/** The row to insert: the file's fields, and the defaults of those it does not name. */
function filled(fields: RowValues, defaults: RowValues): RowValues {
  const out: RowValues = { ...fields };
  for (const [key, value] of Object.entries(defaults)) if (out[key] === undefined) out[key] = value;
  return out;
}

/** Runs `fn` and turns any error into an ImportError naming `path`. */
export async function at<T>(path: (string | number)[], fn: () => T | Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof ImportError) throw error;
    // the database's own words are for the operator: the editor gets a reference to find them in the log
    const ref = randomUUID().slice(0, 8);
    const detail = error instanceof Error ? error.message : String(error);
    console.error(`import write failed [${ref}] at ${path.join('.')}: ${detail}`);
    throw new ImportError([problemFromPath(path, { code: 'writeFailed', params: { ref } })]);
  }
}

export function fail(path: (string | number)[], problem: KeyedProblem): never {
  throw new ImportError([problemFromPath(path, problem)]);
}

type SiteRowTable = 'header_configs' | 'footer_configs' | 'basic_infos';

/** Every write goes through `trx`, the import's one transaction. */
export type Writer = {
  trx: Tx;
  insert: (table: TableWithId, row: RowValues) => Promise<number>;
  /** Sets the named fields of the row where they differ; true when anything changed. */
  merge: (table: TableWithId, id: number, fields: RowValues) => Promise<boolean>;
  tally: { added: number; updated: number };
  /** Inserts `defaults` + `fields` when `id` is null, else merges `fields`; returns the row's id and what the merge changed. */
  upsert: (
    table: TableWithId,
    id: number | null,
    fields: RowValues,
    defaults: RowValues,
  ) => Promise<{ id: number; changed: boolean; changes: ColumnChange[] }>;
  /** The same for the one-row-per-site tables. */
  upsertSiteRow: (table: SiteRowTable, siteId: number, fields: RowValues, defaults: RowValues) => Promise<void>;
};

export function createWriter(trx: Tx): Writer {
  const tally = { added: 0, updated: 0 };
  return {
    trx,
    insert: (table, row) => insertRow(trx, table, row),
    merge: async (table, id, fields) => (await mergeRow(trx, table, 'id', id, fields)).length > 0,
    tally,
    upsert: async (table, id, fields, defaults) => {
      if (id === null) {
        tally.added++;
        return { id: await insertRow(trx, table, filled(fields, defaults)), changed: true, changes: [] };
      }
      const changes = await mergeRow(trx, table, 'id', id, fields);
      if (changes.length > 0) tally.updated++;
      return { id, changed: changes.length > 0, changes };
    },
    upsertSiteRow: async (table, siteId, fields, defaults) => {
      if (!(await siteRowExists(trx, table, siteId))) {
        tally.added++;
        await insertRows(trx, table, [filled({ site_id: siteId, ...fields }, defaults)]);
      } else if ((await mergeRow(trx, table, 'site_id', siteId, fields)).length > 0) tally.updated++;
    },
  };
}

/** The changes of a merge as the version row keeps them: named as the import file names them. */
export const fieldChanges = (changes: ColumnChange[]): FieldChanges =>
  Object.fromEntries(
    changes.map((c) => [
      c.column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()),
      { old: c.old, new: c.new },
    ]),
  );

/** One import's writing after its site is written: the site, the notes of what changed, versions and files. */
export type ImportRun = {
  w: Writer;
  trx: Tx;
  siteId: number;
  now: string;
  /**
   * Makes an article's or album's ordered child rows equal to `rows`; true when they changed (a
   * record the import added: when it has rows, which `newChildren` writes later).
   */
  replaceChildren: (
    table: ChildTable,
    parentColumn: 'article_id' | 'album_id',
    parentId: number,
    rows: readonly RowValues[],
  ) => Promise<boolean>;
  /** the child rows of records this import added, written after their writer (new-children.ts) */
  newChildren: NewChildren;
  changes: ContentChange[];
  /** publisher's files stored (a file already stored for the site is not stored again) */
  storedFiles: number;
  /** where the files records name are (null: none given) */
  files: ImportFiles | null;
  /** what the import report tells besides counts: a JATS file disagreeing with its record */
  notices: ImportProblem[];
  /** the DOIs the articles the import changes cited before it wrote them (their cited-by counts move) */
  citedBefore: Set<string>;
  note: (kind: ChangeKind, action: ChangeAction, id?: number) => void;
  /** Notes an added record, or an existing one the upsert changed. */
  upserted: <T extends { id: number; changed: boolean }>(kind: ChangeKind, existing: number | null, result: T) => T;
  /** Stores a named file (read one at a time, so memory holds one file) and gives its id. */
  fileId: (path: (string | number)[], name: string, role: 'pdf' | 'supplementary') => Promise<number>;
  keepVersion: (entity: VersionEntity, id: number, changes: FieldChanges) => Promise<void>;
};

/** `by` names who made the changes in their versions. */
export function createRun(w: Writer, siteId: number, now: string, files: ImportFiles | null, by: string): ImportRun {
  const trx = w.trx;
  const changes: ContentChange[] = [];
  const note = (kind: ChangeKind, action: ChangeAction, id?: number) => {
    changes.push({ siteId, kind, action, ids: id === undefined ? [] : [id] });
  };
  const staged = newChildren();
  const run: ImportRun = {
    w,
    trx,
    siteId,
    now,
    replaceChildren: async (table, parentColumn, parentId, rows) =>
      staged.stage(table, parentColumn, parentId, rows)
        ? rows.length > 0
        : replaceChildren(trx, table, parentColumn, parentId, rows),
    newChildren: staged,
    changes,
    storedFiles: 0,
    files,
    notices: [],
    citedBefore: new Set(),
    note,
    upserted: (kind, existing, result) => {
      if (existing === null) note(kind, 'added', result.id);
      else if (result.changed) note(kind, 'updated', result.id);
      return result;
    },
    fileId: async (path, name, role) => {
      const checked = checkFile(files, name, role);
      if ('problem' in checked) fail(path, checked.problem);
      const stored = await storeFileOnce(trx, {
        siteId,
        name: basename(name),
        contentType: checked.contentType,
        bytes: checked.read(),
        createdAt: now,
      });
      if (stored.added) run.storedFiles++;
      return stored.id;
    },
    keepVersion: async (entity, id, changes) => {
      if (Object.keys(changes).length > 0) await recordVersion(trx, siteId, entity, id, changes, now, by);
    },
  };
  return run;
}
