/** A pass's cause, pages and failures in the editor's language (the publishing status and its history). */
import { format } from '../../i18n/format.ts';
import { countText } from '../../i18n/plural.ts';
import type { PassCause, PassProblem } from '../../lib/console-answers.ts';
import type { Lang } from '../../lib/lang.ts';
import type { AdminTexts } from './admin-texts.ts';

/** "2 articles changed, the menu changed"; a pass without recorded changes renders the whole site. */
export function causeWords(causes: PassCause[] | undefined, t: AdminTexts, lang: Lang): string {
  if (!causes?.length) return t.causeWholeSite;
  return causes
    .map((cause) => {
      const forms = t.causeKinds[cause.kind];
      const what = forms ? countText(lang, forms, cause.count) : format(t.causeOther, { count: cause.count });
      return format(t.causeActions[cause.action], { what });
    })
    .join(t.causeSeparator);
}

/**
 * "articles 2, home 1": pages rendered by kind, largest first. A kind without a name is a channel
 * page at its code's path: those are summed as other pages.
 */
export function pagesWords(pages: Record<string, number>, t: AdminTexts): string {
  const named = new Map<string, number>();
  for (const [kind, count] of Object.entries(pages)) {
    const name = t.pageKinds[kind] ?? t.pageKindOther;
    named.set(name, (named.get(name) ?? 0) + count);
  }
  return [...named]
    .sort(([, a], [, b]) => b - a)
    .map(([kind, count]) => format(t.pagesOfKind, { kind, count }))
    .join(t.causeSeparator);
}

export function problemWords(problem: PassProblem, t: AdminTexts): string {
  return format(t.passProblems[problem.code], problem.params);
}
