/**
 * Staff accounts in the console: an administrator disables or enables an account and resets its
 * password (a one-time password in that one answer; its holder must choose their own before doing
 * anything else); every staff member changes their own password.
 */
import { randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { dictionary, format } from '../../i18n/index.ts';
import { STAFF_PASSWORD_MAX, type StaffPasswordProblem, staffPasswordProblem } from '../../lib/staff-password.ts';
import { requestLang } from '../api/index.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import type { Db } from '../store/db.ts';
import { setStaffDisabled, setStaffPassword, staffPasswordHash } from '../store/staff.ts';
import { jsonBody } from './json-body.ts';
import { type AdminEnv, actorOf, isPlatformWide, type Principal } from './principal.ts';

const text = (c: Context) => dictionary(requestLang(c)).consoleAdmin;
const staffId = z.coerce.number().int().positive();
const disableBody = z.strictObject({ disabled: z.boolean() });
const passwordBody = z.strictObject({
  current: z.string().max(STAFF_PASSWORD_MAX),
  password: z.string().max(1000),
  confirm: z.string().max(1000),
});

const PASSWORD_MESSAGES = {
  length: 'staffPasswordLength',
  mismatch: 'staffPasswordMismatch',
  unchanged: 'staffPasswordUnchanged',
} as const satisfies Record<StaffPasswordProblem, string>;

/** A one-time password: long, random, and typed once by its holder. */
export const oneTimePassword = () => randomBytes(18).toString('base64url');

/** Paths a staff member holding a one-time password may still call. */
const WHILE_PASSWORD_MUST_CHANGE = new Set(['/_admin/me', '/_admin/password', '/_admin/logout']);

/** The refusal of any other call while the caller's password must change, else null. */
export function passwordChangeGate(c: Context, principal: Principal): Response | null {
  if (principal.kind !== 'staff' || !principal.staff.mustChangePassword) return null;
  if (WHILE_PASSWORD_MUST_CHANGE.has(c.req.path)) return null;
  return c.json({ error: text(c).passwordChangeRequired, rule: 'passwordChange' }, 403);
}

export function accountRoutes(admin: Hono<AdminEnv>, db: Db, now: () => Date): void {
  const target = (c: Context<AdminEnv>): number | Response => {
    const t = text(c);
    if (!isPlatformWide(c.get('principal')))
      return c.json({ error: dictionary(requestLang(c)).console.adminOnly }, 403);
    const id = staffId.safeParse(c.req.param('id'));
    return id.success ? id.data : c.json({ error: format(t.fieldInvalid, { field: 'id' }) }, 400);
  };

  admin.patch('/_admin/staff/:id', async (c) => {
    const id = target(c);
    if (id instanceof Response) return id;
    const t = text(c);
    const body = disableBody.safeParse(await jsonBody(c));
    if (!body.success) return c.json({ error: format(t.fieldInvalid, { field: 'disabled' }) }, 400);
    const principal = c.get('principal');
    if (body.data.disabled && principal.kind === 'staff' && principal.staff.id === id) {
      return c.json({ error: t.cannotDisableSelf }, 400);
    }
    const staff = await setStaffDisabled(db, id, body.data.disabled, actorOf(principal), now());
    return staff ? c.json({ staff }) : c.json({ error: t.staffNotFound }, 404);
  });

  admin.post('/_admin/staff/:id/password', async (c) => {
    const id = target(c);
    if (id instanceof Response) return id;
    const password = oneTimePassword();
    const staff = await setStaffPassword(db, id, hashPassword(password), true, actorOf(c.get('principal')), now());
    if (!staff) return c.json({ error: text(c).staffNotFound }, 404);
    c.header('Cache-Control', 'no-store');
    return c.json({ staff, password });
  });

  admin.post('/_admin/password', async (c) => {
    const t = text(c);
    const principal = c.get('principal');
    if (principal.kind !== 'staff') return c.json({ error: t.staffNotFound }, 403);
    const body = passwordBody.safeParse(await jsonBody(c));
    if (!body.success) return c.json({ error: format(t.fieldInvalid, { field: 'password' }) }, 400);
    const { current, password, confirm } = body.data;
    const hash = await staffPasswordHash(db, principal.staff.id);
    if (hash === null || !verifyPassword(current, hash)) return c.json({ error: t.currentPasswordWrong }, 400);
    const problem = staffPasswordProblem(password, confirm, current);
    if (problem) return c.json({ error: t[PASSWORD_MESSAGES[problem]], rule: problem }, 400);
    const staff = await setStaffPassword(
      db,
      principal.staff.id,
      hashPassword(password),
      false,
      actorOf(principal),
      now(),
    );
    return c.json({ staff, message: t.passwordChanged });
  });
}
