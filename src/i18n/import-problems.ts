/**
 * An import problem (src/server/import) in a language: the check reports each problem as a code
 * and its values, and each dictionary words every code (`importProblems` in src/i18n/zh and en).
 * `npm run import` and the API print the English; the console shows the editor's language.
 */
import type { Lang } from '../lib/lang.ts';
import { format } from './format.ts';
import { dictionary } from './index.ts';
import type { importProblems } from './zh/import-problems.ts';

export type ImportProblemCode = keyof (typeof importProblems)['problems'];
/** What a file's bytes show (the `found` value of a file's problem). */
export type FoundKind = keyof (typeof importProblems)['found'];
/** What an XML parser found wrong (the `fault` value of a file's problem), worded by each dictionary. */
export type XmlFault = keyof (typeof importProblems)['xmlFaults'];
export type ProblemParams = Readonly<Record<string, string | number>>;
export type KeyedProblem = { code: ImportProblemCode; params?: ProblemParams };

export function isImportProblemCode(value: unknown): value is ImportProblemCode {
  return typeof value === 'string' && Object.hasOwn(dictionary('en').importProblems.problems, value);
}

/** The problem in this language; numbers written as the language writes them, a file's kind by its name. */
export function importProblemText(problem: KeyedProblem, lang: Lang): string {
  const texts = dictionary(lang).importProblems;
  const locale = lang === 'zh' ? 'zh-CN' : 'en-US';
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(problem.params ?? {}))
    values[name] =
      typeof value === 'number'
        ? value.toLocaleString(locale)
        : name === 'found' && Object.hasOwn(texts.found, value)
          ? texts.found[value as FoundKind]
          : name === 'fault' && Object.hasOwn(texts.xmlFaults, value)
            ? texts.xmlFaults[value as XmlFault]
            : value;
  return format(texts.problems[problem.code], values);
}
