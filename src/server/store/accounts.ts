/** Member accounts: lookups by login name and the writes of registration and account security. */
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';

export type LoginRow = {
  id: number;
  userName: string;
  passwordHash: string;
  passwordChangedAt: string | null;
  mobileNo: string | null;
  email: string | null;
};

const loginColumns = ['id', 'user_name', 'password_hash', 'password_changed_at', 'mobile_no', 'email'] as const;

function loginRow(row: {
  id: number;
  user_name: string;
  password_hash: string;
  password_changed_at: string | null;
  mobile_no: string | null;
  email: string | null;
}): LoginRow {
  return {
    id: row.id,
    userName: row.user_name,
    passwordHash: row.password_hash,
    passwordChangedAt: row.password_changed_at,
    mobileNo: row.mobile_no,
    email: row.email,
  };
}

/**
 * The member of this site whose login identity is `account`: the user name it registered with, its
 * mobile number (proven by a code, at registration or by changeMobile) or the e-mail address it
 * proved with a code (`verified_email`). Never the profile's e-mail (`email`), a contact field any
 * member may type: matching it would let one member take another's address for logins and codes.
 */
export async function memberByAccount(db: Db, siteId: number, account: string): Promise<LoginRow | null> {
  const row = await kysely(db)
    .selectFrom('users')
    .select([...loginColumns])
    .where('site_id', '=', siteId)
    .where((eb) =>
      eb.or([eb('user_name', '=', account), eb('mobile_no', '=', account), eb('verified_email', '=', account)]),
    )
    .orderBy('id')
    .executeTakeFirst();
  return row ? loginRow(row) : null;
}

/**
 * The member a verification code for `address` may log in or reset: the one whose current mobile
 * number or proven e-mail it is. Not the user name: a member who registered by phone keeps that
 * number as user name after changeMobile, and whoever gets the number next must not receive codes
 * for the account.
 */
export async function memberByCodeAddress(db: Db, siteId: number, address: string): Promise<LoginRow | null> {
  const row = await kysely(db)
    .selectFrom('users')
    .select([...loginColumns])
    .where('site_id', '=', siteId)
    .where((eb) => eb.or([eb('mobile_no', '=', address), eb('verified_email', '=', address)]))
    .orderBy('id')
    .executeTakeFirst();
  return row ? loginRow(row) : null;
}

export async function loginRowById(db: Db, siteId: number, userId: number): Promise<LoginRow | null> {
  const row = await kysely(db)
    .selectFrom('users')
    .select([...loginColumns])
    .where('site_id', '=', siteId)
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? loginRow(row) : null;
}

/** `email` registered with a code is proven: it is also the member's verified address */
export type NewMember = {
  siteId: number;
  userName: string;
  mobileNo: string | null;
  email: string | null;
  passwordHash: string;
  createdAt: string;
};

export async function insertMember(db: Db, member: NewMember): Promise<number> {
  const row = await kysely(db)
    .insertInto('users')
    .values({
      site_id: member.siteId,
      user_name: member.userName,
      mobile_no: member.mobileNo,
      email: member.email,
      verified_email: member.email,
      password_hash: member.passwordHash,
      password_changed_at: member.createdAt,
      created_at: member.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The member's e-mail address and the one they proved with a code (null when none was). */
export async function memberEmails(
  db: Db,
  siteId: number,
  userId: number,
): Promise<{ email: string | null; verifiedEmail: string | null } | null> {
  const row = await kysely(db)
    .selectFrom('users')
    .select(['email', 'verified_email'])
    .where('site_id', '=', siteId)
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? { email: row.email, verifiedEmail: row.verified_email } : null;
}

export async function setPasswordHash(
  db: Db,
  siteId: number,
  userId: number,
  passwordHash: string,
  changedAt: string,
): Promise<void> {
  await kysely(db)
    .updateTable('users')
    .set({ password_hash: passwordHash, password_changed_at: changedAt })
    .where('site_id', '=', siteId)
    .where('id', '=', userId)
    .execute();
}

export async function setMobile(db: Db, siteId: number, userId: number, mobileNo: string): Promise<void> {
  await kysely(db)
    .updateTable('users')
    .set({ mobile_no: mobileNo })
    .where('site_id', '=', siteId)
    .where('id', '=', userId)
    .execute();
}

/** undefined keeps the stored value, null clears it */
export type ProfileFields = {
  name?: string | null | undefined;
  email?: string | null | undefined;
  region?: string | null | undefined;
  major?: string | null | undefined;
  institution?: string | null | undefined;
  researchField?: string | null | undefined;
  gender?: 'male' | 'female' | null | undefined;
  headPictureId?: number | undefined;
};

export async function updateProfile(db: Db, siteId: number, userId: number, fields: ProfileFields): Promise<void> {
  const columns = {
    name: fields.name,
    email: fields.email,
    region: fields.region,
    major: fields.major,
    institution: fields.institution,
    research_field: fields.researchField,
    gender: fields.gender,
    head_picture_id: fields.headPictureId,
  };
  const changes = Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined)) as Partial<
    typeof columns
  >;
  if (Object.keys(changes).length === 0) return;
  await kysely(db).updateTable('users').set(changes).where('site_id', '=', siteId).where('id', '=', userId).execute();
}
