/**
 * The account rules (docs/product-rules.md#account-rules), shared by the server and the islands. Each check answers null or
 * the key of its message (the same key in the api dictionary of both languages).
 */
import { PASSWORD_MAX, PASSWORD_MIN } from './constants.ts';

export type AccountProblem =
  | 'passwordLength'
  | 'passwordWhitespace'
  | 'passwordComposition'
  | 'passwordContainsUserName'
  | 'passwordMismatch'
  | 'passwordSameAsOld'
  | 'phoneFormat'
  | 'emailFormat'
  | 'agreementRequired';

/** Mainland mobile numbers: 11 digits starting 1[3-9]. */
const PHONE = /^1[3-9]\d{9}$/;
/**
 * A bare address: dot-separated atoms of RFC 5322 atext before the one @, host-name labels after
 * it. No display name, no angle brackets, no list, no quotes or comments: a mailer parses those,
 * and would send to another address than the one stored. The code proves the address.
 */
const EMAIL =
  /^(?=[^@]{1,64}@)[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+[\p{L}]{2,63}$/u;

export function phoneProblem(phone: string): AccountProblem | null {
  return PHONE.test(phone) ? null : 'phoneFormat';
}

export function emailProblem(email: string): AccountProblem | null {
  return email.length <= 254 && EMAIL.test(email) ? null : 'emailFormat';
}

export const isPhone = (account: string) => PHONE.test(account);

/** The address a code goes to: an e-mail when the account holds '@', else a mobile number. */
export function addressProblem(account: string): AccountProblem | null {
  return account.includes('@') ? emailProblem(account) : phoneProblem(account);
}

/** 8-20 characters, no whitespace, digits and upper- and lower-case letters, not the user name nor containing it. */
export function passwordProblem(password: string, userName: string): AccountProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) return 'passwordLength';
  if (/\s/.test(password)) return 'passwordWhitespace';
  if (!/\d/.test(password) || !/[A-Z]/.test(password) || !/[a-z]/.test(password)) return 'passwordComposition';
  const name = userName.trim().toLowerCase();
  if (name && password.toLowerCase().includes(name)) return 'passwordContainsUserName';
  return null;
}

/** The new password and its confirmation, with the rules above. */
export function newPasswordProblem(password: string, confirm: string, userName: string): AccountProblem | null {
  return passwordProblem(password, userName) ?? (password === confirm ? null : 'passwordMismatch');
}
