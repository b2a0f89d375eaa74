/**
 * Third-party login: identities bound to members, the states of login redirects and the bind
 * tickets of /accountBinding. States and tickets are kept as SHA-256 and taken once (deleted as
 * they are read), so a replayed callback or a second bind finds nothing.
 */
import type { Lang } from '../../lib/lang.ts';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';

export type LoginState = {
  siteId: number;
  provider: string;
  codeVerifier: string;
  nonce: string;
  lang: Lang;
  expiresAt: string;
};
export type BindTicket = { siteId: number; provider: string; subject: string; expiresAt: string };

/** Saves a login state, dropping the expired ones first. */
export async function saveLoginState(db: Db, stateHash: string, state: LoginState, now: string): Promise<void> {
  await kysely(db).deleteFrom('oauth_states').where('expires_at', '<=', now).execute();
  await kysely(db)
    .insertInto('oauth_states')
    .values({
      state_hash: stateHash,
      site_id: state.siteId,
      provider: state.provider,
      code_verifier: state.codeVerifier,
      nonce: state.nonce,
      lang: state.lang,
      expires_at: state.expiresAt,
    })
    .execute();
}

/** The state of this hash on this site, removed as it is read; null when unknown (or used). */
export async function takeLoginState(db: Db, siteId: number, stateHash: string): Promise<LoginState | null> {
  const row = await kysely(db)
    .deleteFrom('oauth_states')
    .where('state_hash', '=', stateHash)
    .where('site_id', '=', siteId)
    .returning(['site_id', 'provider', 'code_verifier', 'nonce', 'lang', 'expires_at'])
    .executeTakeFirst();
  if (!row) return null;
  return {
    siteId: row.site_id,
    provider: row.provider,
    codeVerifier: row.code_verifier,
    nonce: row.nonce,
    lang: row.lang === 'en' ? 'en' : 'zh',
    expiresAt: row.expires_at,
  };
}

/** Saves a bind ticket, dropping the expired ones first. */
export async function saveBindTicket(db: Db, ticketHash: string, ticket: BindTicket, now: string): Promise<void> {
  await kysely(db).deleteFrom('bind_tickets').where('expires_at', '<=', now).execute();
  await kysely(db)
    .insertInto('bind_tickets')
    .values({
      ticket_hash: ticketHash,
      site_id: ticket.siteId,
      provider: ticket.provider,
      subject: ticket.subject,
      expires_at: ticket.expiresAt,
    })
    .execute();
}

export async function bindTicket(db: Db, siteId: number, ticketHash: string): Promise<BindTicket | null> {
  const row = await kysely(db)
    .selectFrom('bind_tickets')
    .select(['site_id', 'provider', 'subject', 'expires_at'])
    .where('ticket_hash', '=', ticketHash)
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  return row ? { siteId: row.site_id, provider: row.provider, subject: row.subject, expiresAt: row.expires_at } : null;
}

/** Uses the ticket up; false when another request already did. */
export async function takeBindTicket(db: Db, siteId: number, ticketHash: string): Promise<boolean> {
  const row = await kysely(db)
    .deleteFrom('bind_tickets')
    .where('ticket_hash', '=', ticketHash)
    .where('site_id', '=', siteId)
    .returning('ticket_hash')
    .executeTakeFirst();
  return row !== undefined;
}

/** The binding of this site and provider found by the external account or by the member; null when there is none. */
export async function boundIdentity(
  db: Db,
  siteId: number,
  provider: string,
  by: { subject: string } | { userId: number },
): Promise<{ subject: string; userId: number } | null> {
  const row = await kysely(db)
    .selectFrom('member_identities')
    .select(['subject', 'user_id'])
    .where('site_id', '=', siteId)
    .where('provider', '=', provider)
    .where((eb) => ('subject' in by ? eb('subject', '=', by.subject) : eb('user_id', '=', by.userId)))
    .executeTakeFirst();
  return row ? { subject: row.subject, userId: row.user_id } : null;
}

/** Binds the provider's account to the member; false when it is already bound (to anyone). */
export async function bindIdentity(
  db: Db,
  row: { siteId: number; provider: string; subject: string; userId: number; now: string },
): Promise<boolean> {
  const inserted = await kysely(db)
    .insertInto('member_identities')
    .values({
      site_id: row.siteId,
      provider: row.provider,
      subject: row.subject,
      user_id: row.userId,
      created_at: row.now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return inserted !== undefined;
}
