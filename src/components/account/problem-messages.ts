/** The messages of the account rules in the page's language, for the islands' own checks. */
import type { Dictionary } from '../../i18n/index.ts';
import type { AccountProblem } from '../../lib/account-rules.ts';

const PROBLEMS: AccountProblem[] = [
  'passwordLength',
  'passwordWhitespace',
  'passwordComposition',
  'passwordContainsUserName',
  'passwordMismatch',
  'passwordSameAsOld',
  'phoneFormat',
  'emailFormat',
  'agreementRequired',
];

export function problemMessages(t: Dictionary): Record<AccountProblem, string> {
  return Object.fromEntries(PROBLEMS.map((key) => [key, t.api[key]])) as Record<AccountProblem, string>;
}
