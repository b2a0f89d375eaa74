/**
 * Staff accounts of the editors' console (separate from readers' member accounts): a platform
 * administrator edits every site; a site editor the sites granted to them. Sessions are keyed by
 * the SHA-256 of their token, as members' are.
 */
import type { StaffAccount } from '../../lib/console-answers.ts';
import { recordAudit, SHELL_ACTOR } from './audit.ts';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';

export const STAFF_ROLES = ['admin', 'editor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export type { StaffAccount };

const roleOf = (role: string): StaffRole => (role === 'admin' ? 'admin' : 'editor');

async function siteSlds(db: Db, staffId: number): Promise<string[]> {
  const rows = await kysely(db)
    .selectFrom('staff_sites')
    .innerJoin('sites', 'sites.id', 'staff_sites.site_id')
    .select('sites.sld')
    .where('staff_sites.staff_id', '=', staffId)
    .orderBy('sites.id')
    .execute();
  return rows.map((row) => row.sld);
}

async function account(
  db: Db,
  row: { id: number; email: string; role: string; disabled_at: string | null; must_change_password: number },
): Promise<StaffAccount> {
  return {
    id: row.id,
    email: row.email,
    role: roleOf(row.role),
    sites: await siteSlds(db, row.id),
    disabled: row.disabled_at !== null,
    mustChangePassword: row.must_change_password === 1,
  };
}

export async function staffById(db: Db, id: number): Promise<StaffAccount | null> {
  const row = await kysely(db)
    .selectFrom('staff')
    .select(['id', 'email', 'role', 'disabled_at', 'must_change_password'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? account(db, row) : null;
}

/** The account and its password hash, for a login (e-mail addresses are kept in lower case). */
export async function staffLogin(
  db: Db,
  email: string,
): Promise<{ id: number; passwordHash: string; disabled: boolean } | null> {
  const row = await kysely(db)
    .selectFrom('staff')
    .select(['id', 'password_hash', 'disabled_at'])
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  return row ? { id: row.id, passwordHash: row.password_hash, disabled: row.disabled_at !== null } : null;
}

export async function listStaff(db: Db): Promise<StaffAccount[]> {
  const rows = await kysely(db)
    .selectFrom('staff')
    .select(['id', 'email', 'role', 'disabled_at', 'must_change_password'])
    .orderBy('id')
    .execute();
  return Promise.all(rows.map((row) => account(db, row)));
}

export class StaffError extends Error {}

async function siteIds(db: Db, slds: readonly string[]): Promise<number[]> {
  if (slds.length === 0) return [];
  const rows = await kysely(db).selectFrom('sites').select(['id', 'sld']).where('sld', 'in', slds).execute();
  const unknown = slds.filter((sld) => !rows.some((row) => row.sld === sld));
  if (unknown.length > 0) throw new StaffError(`unknown site: ${unknown.join(', ')}`);
  return rows.map((row) => row.id);
}

export async function createStaff(
  db: Db,
  input: {
    email: string;
    passwordHash: string;
    role: StaffRole;
    sites: readonly string[];
    mustChangePassword?: boolean;
  },
  now: Date,
  actor: string = SHELL_ACTOR,
): Promise<StaffAccount> {
  const email = input.email.toLowerCase();
  const ids = await siteIds(db, input.sites);
  const id = await kysely(db)
    .transaction()
    .execute(async (trx) => {
      const known = await trx.selectFrom('staff').select('id').where('email', '=', email).executeTakeFirst();
      if (known) throw new StaffError(`${email} already has a staff account`);
      const inserted = await trx
        .insertInto('staff')
        .values({
          email,
          password_hash: input.passwordHash,
          role: input.role,
          created_at: now.toISOString(),
          must_change_password: input.mustChangePassword ? 1 : 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (ids.length > 0) {
        await trx
          .insertInto('staff_sites')
          .values(ids.map((siteId) => ({ staff_id: inserted.id, site_id: siteId })))
          .execute();
      }
      const after = { email, role: input.role, sites: input.sites };
      await recordAudit(trx, { siteId: null, actor, action: 'staff.add', target: email, after }, now);
      return inserted.id;
    });
  const created = await staffById(db, id);
  if (!created) throw new StaffError(`${email} was not created`);
  return created;
}

async function requireStaffId(db: Db, email: string): Promise<number> {
  const row = await kysely(db)
    .selectFrom('staff')
    .select('id')
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  if (!row) throw new StaffError(`${email} has no staff account`);
  return row.id;
}

/** Lets an editor edit these sites too. */
export async function grantSites(db: Db, email: string, slds: readonly string[]): Promise<StaffAccount | null> {
  const staffId = await requireStaffId(db, email);
  const ids = await siteIds(db, slds);
  if (ids.length > 0) {
    await kysely(db)
      .insertInto('staff_sites')
      .values(ids.map((siteId) => ({ staff_id: staffId, site_id: siteId })))
      .onConflict((oc) => oc.columns(['staff_id', 'site_id']).doNothing())
      .execute();
  }
  return staffById(db, staffId);
}

/** Takes these sites from an editor; with no sites, disables the account and ends its sessions. */
export async function revokeStaff(
  db: Db,
  email: string,
  slds: readonly string[],
  now: Date,
): Promise<StaffAccount | null> {
  const staffId = await requireStaffId(db, email);
  if (slds.length > 0) {
    const ids = await siteIds(db, slds);
    await kysely(db).deleteFrom('staff_sites').where('staff_id', '=', staffId).where('site_id', 'in', ids).execute();
  } else {
    await kysely(db)
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('staff').set({ disabled_at: now.toISOString() }).where('id', '=', staffId).execute();
        await trx.deleteFrom('staff_sessions').where('staff_id', '=', staffId).execute();
      });
  }
  return staffById(db, staffId);
}

export async function insertStaffSession(
  db: Db,
  session: { tokenHash: string; staffId: number; createdAt: string; expiresAt: string },
): Promise<void> {
  await kysely(db)
    .insertInto('staff_sessions')
    .values({
      token_hash: session.tokenHash,
      staff_id: session.staffId,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
    })
    .execute();
}

/** The live, enabled account of a session token's hash, or null. */
export async function staffBySessionHash(db: Db, tokenHash: string, now: Date): Promise<StaffAccount | null> {
  const row = await kysely(db)
    .selectFrom('staff_sessions')
    .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
    .select([
      'staff.id',
      'staff.email',
      'staff.role',
      'staff.disabled_at',
      'staff.must_change_password',
      'staff_sessions.expires_at',
    ])
    .where('staff_sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row || row.disabled_at !== null || row.expires_at <= now.toISOString()) return null;
  return account(db, row);
}

export async function deleteStaffSession(db: Db, tokenHash: string): Promise<void> {
  await kysely(db).deleteFrom('staff_sessions').where('token_hash', '=', tokenHash).execute();
}

/** The password hash of an account, for a password change. */
export async function staffPasswordHash(db: Db, id: number): Promise<string | null> {
  const row = await kysely(db).selectFrom('staff').select('password_hash').where('id', '=', id).executeTakeFirst();
  return row?.password_hash ?? null;
}

/** Disables an account (ending its sessions) or enables it again; audited. Null when there is no such account. */
export async function setStaffDisabled(
  db: Db,
  id: number,
  disabled: boolean,
  actor: string,
  now: Date,
): Promise<StaffAccount | null> {
  const before = await staffById(db, id);
  if (!before) return null;
  await kysely(db)
    .transaction()
    .execute(async (trx) => {
      await trx
        .updateTable('staff')
        .set({ disabled_at: disabled ? now.toISOString() : null })
        .where('id', '=', id)
        .execute();
      if (disabled) await trx.deleteFrom('staff_sessions').where('staff_id', '=', id).execute();
      await recordAudit(
        trx,
        {
          siteId: null,
          actor,
          action: disabled ? 'staff.disable' : 'staff.enable',
          target: before.email,
          before: { disabled: before.disabled },
          after: { disabled },
        },
        now,
      );
    });
  return staffById(db, id);
}

/**
 * Sets an account's password. A reset by an administrator (`oneTime`) ends the account's sessions
 * and makes its holder choose their own at the next login; their own choice lifts that. Audited
 * without the password.
 */
export async function setStaffPassword(
  db: Db,
  id: number,
  passwordHash: string,
  oneTime: boolean,
  actor: string,
  now: Date,
): Promise<StaffAccount | null> {
  const before = await staffById(db, id);
  if (!before) return null;
  await kysely(db)
    .transaction()
    .execute(async (trx) => {
      await trx
        .updateTable('staff')
        .set({ password_hash: passwordHash, must_change_password: oneTime ? 1 : 0 })
        .where('id', '=', id)
        .execute();
      if (oneTime) await trx.deleteFrom('staff_sessions').where('staff_id', '=', id).execute();
      await recordAudit(
        trx,
        {
          siteId: null,
          actor,
          action: oneTime ? 'staff.password-reset' : 'staff.password-change',
          target: before.email,
          before: { mustChangePassword: before.mustChangePassword },
          after: { mustChangePassword: oneTime },
        },
        now,
      );
    });
  return staffById(db, id);
}
