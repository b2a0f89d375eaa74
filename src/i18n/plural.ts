/**
 * Messages that hold a count: one form per plural category the language uses (Intl.PluralRules),
 * so English says "1 record" and "2 records" while Chinese has one form. Imports no dictionary,
 * so islands can use it with the forms they get as props.
 */
import type { Lang } from '../lib/lang.ts';
import { format } from './format.ts';

export type Plural = { readonly other: string } & { readonly [K in Exclude<Intl.LDMLPluralRule, 'other'>]?: string };

/** Marks a dictionary entry as a count message (its type then allows every category). */
export const plural = (forms: Plural): Plural => forms;

const LOCALES: Record<Lang, string> = { zh: 'zh-CN', en: 'en' };
const rules: Partial<Record<Lang, Intl.PluralRules>> = {};

/**
 * The message for count in its plural category, with {count} filled by shown (the count itself
 * unless the caller writes it otherwise, e.g. "99+" or with group separators) and any other values.
 */
export function countText(
  lang: Lang,
  forms: Plural,
  count: number,
  shown: string = String(count),
  values: Record<string, string | number> = {},
): string {
  rules[lang] ??= new Intl.PluralRules(LOCALES[lang]);
  const category = rules[lang].select(count);
  return format(forms[category] ?? forms.other, { ...values, count: shown });
}
