import { type UploadKind, type UploadProblem, uploadProblem } from '../../lib/upload-rules.ts';
import { showToast } from '../state/toast.ts';

/** False (after saying why) when the form's file would be refused: the check runs before the upload, not after it. */
export function uploadAllowed(
  form: HTMLFormElement,
  field: string,
  kind: UploadKind,
  messages: Record<UploadProblem, string>,
): boolean {
  const file = new FormData(form).get(field);
  if (!(file instanceof File) || file.size === 0) return true;
  const problem = uploadProblem(kind, file);
  if (problem) showToast(messages[problem], 'error');
  return problem === null;
}
