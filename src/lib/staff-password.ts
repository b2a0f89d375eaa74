/**
 * A staff member's own password: a passphrase of 12 to 200 characters (they guard every page of a
 * site), typed twice, and not the one-time password it replaces. One copy for the console's form,
 * the admin API and the staff command.
 */
export const STAFF_PASSWORD_MIN = 12;
export const STAFF_PASSWORD_MAX = 200;

export type StaffPasswordProblem = 'length' | 'mismatch' | 'unchanged';

export function staffPasswordProblem(password: string, confirm: string, current: string): StaffPasswordProblem | null {
  if (password.length < STAFF_PASSWORD_MIN || password.length > STAFF_PASSWORD_MAX) return 'length';
  if (password !== confirm) return 'mismatch';
  if (password === current) return 'unchanged';
  return null;
}
