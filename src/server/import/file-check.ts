/** One file a record names: there, not too big, and of the type its bytes show (src/lib/publisher-files.ts). */
import type { KeyedProblem } from '../../i18n/import-problems.ts';
import { IMPORT_FILE_MAX_BYTES } from '../../lib/constants.ts';
import { judgeFile, SNIFF_BYTES } from '../../lib/publisher-files.ts';
import type { ImportFiles } from './files.ts';

const megabytes = (bytes: number) =>
  `${(bytes / 1024 / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;

export type CheckedFile = { contentType: string; read: () => Uint8Array };

/** The located file and the type it is served as, or the problem with it. */
export function checkFile(
  files: ImportFiles | null,
  path: string,
  role: 'pdf' | 'supplementary',
): CheckedFile | { problem: KeyedProblem } {
  if (!files) return { problem: { code: 'noFilesFolder', params: { file: path } } };
  const real = files.locate(path);
  if (!real) return { problem: { code: 'noSuchFile', params: { file: path } } };
  const size = files.size(real);
  if (size === 0) return { problem: { code: 'emptyFile', params: { file: path } } };
  if (size > IMPORT_FILE_MAX_BYTES)
    return { problem: { code: 'fileTooLarge', params: { file: path, max: megabytes(IMPORT_FILE_MAX_BYTES), size } } };
  const verdict = judgeFile(path, files.head(real, SNIFF_BYTES), role);
  return verdict.ok ? { contentType: verdict.contentType, read: () => files.read(real) } : { problem: verdict.problem };
}

export function fileProblem(
  files: ImportFiles | null,
  path: string,
  role: 'pdf' | 'supplementary',
): KeyedProblem | null {
  const checked = checkFile(files, path, role);
  return 'problem' in checked ? checked.problem : null;
}
