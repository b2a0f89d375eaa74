/** The messages of the account and upload rules in the page's language, for the islands' own checks. */
import type { Dictionary } from '../../i18n/index.ts';
import type { AccountProblem } from '../../lib/account-rules.ts';
import { UPLOAD_PROBLEMS, type UploadProblem } from '../../lib/upload-rules.ts';

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

export function uploadMessages(t: Dictionary): Record<UploadProblem, string> {
  return Object.fromEntries(UPLOAD_PROBLEMS.map((key) => [key, t.api[key]])) as Record<UploadProblem, string>;
}
