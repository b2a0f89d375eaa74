/**
 * Import problems name the record (e.g. articles[3]) and the field (e.g. title or authors[0].name),
 * and say what is wrong as a code with its values, worded by both dictionaries
 * (src/i18n/import-problems.ts); `problem` is the English wording `npm run import` prints.
 */
import type { z } from 'zod';
import {
  type ImportProblemCode,
  importProblemText,
  isImportProblemCode,
  type KeyedProblem,
  type ProblemParams,
} from '../../i18n/import-problems.ts';

export type ImportProblem = {
  record: string;
  field: string;
  code: ImportProblemCode;
  params: ProblemParams;
  problem: string;
};

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
export function problemFromPath(path: readonly PropertyKey[], keyed: KeyedProblem): ImportProblem {
  const split = typeof path[1] === 'number' ? 2 : 1;
  const params = keyed.params ?? {};
  return {
    record: pathText(path.slice(0, split)) || '(file)',
    field: pathText(path.slice(split)) || '(record)',
    code: keyed.code,
    params,
    problem: importProblemText({ code: keyed.code, params }, 'en'),
  };
}

const typeName = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isNaN(value) ? 'NaN' : typeof value;
const quoted = (values: readonly unknown[], separator: string) =>
  values.map((value) => (typeof value === 'string' ? JSON.stringify(value) : String(value))).join(separator);

/**
 * A zod issue as a keyed problem: the import's schema names its own checks by their code (the
 * issue's message); zod's own checks are keyed by the kind of issue. What was received is
 * named when the issues were parsed with `reportInput`.
 */
function keyedFromZod(issue: z.core.$ZodIssue): KeyedProblem {
  const limit: Record<string, number> =
    issue.code === 'too_big'
      ? { max: Number(issue.maximum) }
      : issue.code === 'too_small'
        ? { min: Number(issue.minimum) }
        : {};
  if (isImportProblemCode(issue.message))
    return { code: issue.message, params: { ...limit, ...(issue.code === 'custom' ? issue.params : {}) } };
  switch (issue.code) {
    case 'invalid_type':
      if (!('input' in issue)) return { code: /received undefined/.test(issue.message) ? 'required' : 'invalidInput' };
      return issue.input === undefined
        ? { code: 'required' }
        : { code: 'invalidType', params: { expected: issue.expected, received: typeName(issue.input) } };
    case 'unrecognized_keys':
      return { code: issue.keys.length > 1 ? 'unknownKeys' : 'unknownKey', params: { keys: quoted(issue.keys, ', ') } };
    case 'invalid_value':
      return { code: 'invalidOption', params: { options: quoted(issue.values, '|') } };
    case 'too_big':
      return {
        code: issue.origin === 'number' ? 'numberTooLarge' : issue.origin === 'string' ? 'textTooLong' : 'listTooLong',
        params: limit,
      };
    case 'too_small':
      return {
        code:
          issue.origin === 'number' ? 'numberTooSmall' : issue.origin === 'string' ? 'textTooShort' : 'listTooShort',
        params: limit,
      };
    case 'invalid_format':
      return {
        code:
          issue.format === 'email' ? 'invalidEmail' : /date|time/.test(issue.format) ? 'invalidDate' : 'invalidFormat',
      };
    default:
      return { code: 'invalidInput' };
  }
}

/** `prefix` is where the checked value sits in the file (e.g. articles, 3). */
export function problemsFromZod(error: z.ZodError, prefix: readonly PropertyKey[] = []): ImportProblem[] {
  return error.issues.map((issue) => problemFromPath([...prefix, ...issue.path], keyedFromZod(issue)));
}
