/**
 * A pass as the console reads it: every failed page and the pass's own error named by a code of a
 * closed list with its technical values (the route, the status code). The builder's English
 * sentence stays in the server log, where the builder writes it.
 */
import type { PassAnswer, PassProblem } from '../../lib/console-answers.ts';
import type { PassRecord } from '../store/pass-history.ts';

const WRITE_FAULT = /refusing to write|EACCES|EPERM|ENOSPC|EROFS|EDQUOT/;

/** The kind of a failed page from what the builder recorded of it. */
function pageProblem(reason: string): PassProblem {
  const status = /^HTTP (\d{3})$/.exec(reason)?.[1];
  if (status) return { code: 'httpStatus', params: { status: Number(status) } };
  if (reason.includes('render worker stopped')) return { code: 'workerStopped', params: {} };
  if (reason.includes('render pool is closed')) return { code: 'poolClosed', params: {} };
  if (WRITE_FAULT.test(reason)) return { code: 'writeFailed', params: {} };
  if (reason === 'the shell template was not rendered') return { code: 'shellTemplateMissing', params: {} };
  if (reason === 'no shell marks') return { code: 'shellMarksMissing', params: {} };
  return { code: 'renderFailed', params: {} };
}

/** The kind of a failed pass: its pages failed, none rendered, the server stopped, or another fault. */
function passProblem(pass: PassRecord): PassProblem | undefined {
  if (pass.error === undefined && pass.ok) return undefined;
  if (pass.failed.length > 0) return { code: 'pagesFailed', params: { count: pass.failed.length } };
  const error = pass.error ?? '';
  if (error.includes('no page rendered')) return { code: 'noPageRendered', params: {} };
  if (error.includes('render pool is closed')) return { code: 'poolClosed', params: {} };
  if (WRITE_FAULT.test(error)) return { code: 'writeFailed', params: {} };
  return { code: 'passFailed', params: {} };
}

export function passAnswer(pass: PassRecord): PassAnswer {
  const { failed, error: _error, ...rest } = pass;
  const problem = passProblem(pass);
  return {
    ...rest,
    failed: failed.map(({ path, reason }) => ({ path, problem: pageProblem(reason) })),
    ...(problem ? { problem } : {}),
  };
}
