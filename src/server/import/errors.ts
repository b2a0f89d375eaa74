/** Import problems name the record (e.g. articles[3]) and the field (e.g. title or authors[0].name). */
import type { z } from 'zod';

export type ImportProblem = { record: string; field: string; problem: string };

export class ImportError extends Error {
  readonly problems: ImportProblem[];
  constructor(problems: ImportProblem[]) {
    super(problems.map(formatProblem).join('\n'));
    this.name = 'ImportError';
    this.problems = problems;
  }
}

export function formatProblem(problem: ImportProblem): string {
  return `record ${problem.record}: field ${problem.field}: ${problem.problem}`;
}

function pathText(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : `${out ? '.' : ''}${String(key)}`;
  return out;
}

/** The record is the top-level entry (site, articles[3]…); the field is the rest of the path. */
export function problemFromPath(path: readonly PropertyKey[], problem: string): ImportProblem {
  const split = typeof path[1] === 'number' ? 2 : 1;
  return {
    record: pathText(path.slice(0, split)) || '(file)',
    field: pathText(path.slice(split)) || '(record)',
    problem,
  };
}

/** `prefix` is where the checked value sits in the file (e.g. articles, 3). */
export function problemsFromZod(error: z.ZodError, prefix: readonly PropertyKey[] = []): ImportProblem[] {
  return error.issues.map((issue) =>
    problemFromPath(
      [...prefix, ...issue.path],
      issue.code === 'invalid_type' && /received undefined/.test(issue.message) ? 'Required' : issue.message,
    ),
  );
}
