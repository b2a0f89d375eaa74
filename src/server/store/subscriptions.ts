/**
 * E-mail subscribers of a site (target 'all': new issues and online-first articles) and the
 * events they are told about once.
 */
import type { ExpressionBuilder } from 'kysely';
import type { Lang } from '../../lib/lang.ts';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';
import type { Database } from './schema.ts';
import { publishedBy, visibleArticle } from './visibility.ts';

export type Subscriber = { id: number; siteId: number; email: string; lang: Lang; unsubscribeToken: string };
export type SubscriptionEvent = { id: number; siteId: number; kind: 'issue' | 'online'; refId: number };

const TARGET = 'all';

/** Whether this address is a confirmed subscriber of the site. */
export async function isConfirmedSubscriber(db: Db, siteId: number, email: string): Promise<boolean> {
  const row = await kysely(db)
    .selectFrom('subscriptions')
    .select('verified')
    .where('site_id', '=', siteId)
    .where('email', '=', email)
    .where('target', '=', TARGET)
    .executeTakeFirst();
  return row?.verified === 1;
}

/** Creates or renews an unconfirmed subscription with fresh link secrets. */
export async function savePendingSubscription(
  db: Db,
  row: {
    siteId: number;
    email: string;
    lang: Lang;
    confirmHash: string;
    unsubscribeToken: string;
    now: string;
    userId?: number;
  },
): Promise<void> {
  const member = row.userId === undefined ? {} : { user_id: row.userId };
  await kysely(db)
    .insertInto('subscriptions')
    .values({
      ...member,
      site_id: row.siteId,
      email: row.email,
      target: TARGET,
      verified: 0,
      lang: row.lang,
      confirm_hash: row.confirmHash,
      unsubscribe_token: row.unsubscribeToken,
      created_at: row.now,
    })
    .onConflict((oc) =>
      oc.columns(['site_id', 'email', 'target']).doUpdateSet({
        ...member,
        lang: row.lang,
        confirm_hash: row.confirmHash,
        unsubscribe_token: row.unsubscribeToken,
      }),
    )
    .execute();
}

export type MemberSubscription = {
  id: number;
  email: string;
  confirmed: boolean;
  createdAt: string;
  confirmedAt: string | null;
};

/**
 * Whose a subscription is: the member who made it (user_id), or any subscription of the address
 * the member proved with a code. Nothing else: an address someone merely typed into a profile
 * tells nothing about its subscriptions.
 */
export type SubscriptionOwner = { siteId: number; userId: number; verifiedEmail: string | null };

function ownedBy(eb: ExpressionBuilder<Database, 'subscriptions'>, owner: SubscriptionOwner) {
  const mine = eb('user_id', '=', owner.userId);
  return owner.verifiedEmail ? eb.or([mine, eb('email', '=', owner.verifiedEmail)]) : mine;
}

/** The member's subscriptions on their site, oldest first. */
export async function memberSubscriptions(db: Db, owner: SubscriptionOwner): Promise<MemberSubscription[]> {
  const rows = await kysely(db)
    .selectFrom('subscriptions')
    .select(['id', 'email', 'verified', 'created_at', 'confirmed_at'])
    .where('site_id', '=', owner.siteId)
    .where('target', '=', TARGET)
    .where((eb) => ownedBy(eb, owner))
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    confirmed: row.verified === 1,
    createdAt: row.created_at,
    confirmedAt: row.confirmed_at,
  }));
}

/** Subscribes a proven address at once (no confirm link): confirmed, the member's, with a fresh unsubscribe secret. */
export async function saveConfirmedSubscription(
  db: Db,
  row: { siteId: number; userId: number; email: string; lang: Lang; unsubscribeToken: string; now: string },
): Promise<void> {
  await kysely(db)
    .insertInto('subscriptions')
    .values({
      site_id: row.siteId,
      user_id: row.userId,
      email: row.email,
      target: TARGET,
      verified: 1,
      lang: row.lang,
      confirm_hash: null,
      unsubscribe_token: row.unsubscribeToken,
      created_at: row.now,
      confirmed_at: row.now,
    })
    .onConflict((oc) =>
      oc.columns(['site_id', 'email', 'target']).doUpdateSet({
        user_id: row.userId,
        verified: 1,
        lang: row.lang,
        confirm_hash: null,
        unsubscribe_token: row.unsubscribeToken,
        confirmed_at: row.now,
      }),
    )
    .execute();
}

/** Makes the site's subscription of this address the member's (they proved the address with a code). */
export async function claimSubscription(db: Db, siteId: number, email: string, userId: number): Promise<void> {
  await kysely(db)
    .updateTable('subscriptions')
    .set({ user_id: userId })
    .where('site_id', '=', siteId)
    .where('email', '=', email)
    .where('target', '=', TARGET)
    .execute();
}

/** Ends one of the member's subscriptions; its id, or null when it is not theirs (or not there). */
export async function removeMemberSubscription(db: Db, owner: SubscriptionOwner, id: number): Promise<number | null> {
  const row = await kysely(db)
    .deleteFrom('subscriptions')
    .where('id', '=', id)
    .where('site_id', '=', owner.siteId)
    .where((eb) => ownedBy(eb, owner))
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Confirms the site's subscription whose confirm secret hashes to this; its id, or null. */
export async function confirmSubscription(
  db: Db,
  confirmHash: string,
  siteId: number,
  now: string,
): Promise<number | null> {
  const row = await kysely(db)
    .selectFrom('subscriptions')
    .select(['id', 'verified'])
    .where('confirm_hash', '=', confirmHash)
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  if (!row) return null;
  if (row.verified !== 1)
    await kysely(db)
      .updateTable('subscriptions')
      .set({ verified: 1, confirmed_at: now })
      .where('id', '=', row.id)
      .execute();
  return row.id;
}

/** Ends the site's subscription of this unsubscribe secret; its id, or null when there is none. */
export async function removeSubscription(db: Db, siteId: number, unsubscribeToken: string): Promise<number | null> {
  const row = await kysely(db)
    .deleteFrom('subscriptions')
    .where('unsubscribe_token', '=', unsubscribeToken)
    .where('site_id', '=', siteId)
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function confirmedSubscribers(db: Db, siteId: number): Promise<Subscriber[]> {
  const rows = await kysely(db)
    .selectFrom('subscriptions')
    .select(['id', 'site_id', 'email', 'lang', 'unsubscribe_token'])
    .where('site_id', '=', siteId)
    .where('target', '=', TARGET)
    .where('verified', '=', 1)
    .where('unsubscribe_token', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    siteId: row.site_id,
    email: row.email,
    lang: row.lang === 'en' ? 'en' : 'zh',
    unsubscribeToken: row.unsubscribe_token ?? '',
  }));
}

/**
 * Takes every unsent event whose issue or article the public can see at `now`, marking it sent in
 * the same statement, so two senders never both take one (a digest goes out at most once). A
 * scheduled item's event waits until its publish time (src/server/publish-job.ts sends then).
 */
export async function claimSubscriptionEvents(db: Db, now: string): Promise<SubscriptionEvent[]> {
  const rows = await kysely(db)
    .updateTable('subscription_events as e')
    .set({ sent_at: now })
    .where('e.sent_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('e.kind', '=', 'issue'),
          eb.exists(
            eb.selectFrom('periods as p').select('p.id').whereRef('p.id', '=', 'e.ref_id').where(publishedBy('p', now)),
          ),
        ]),
        eb.and([
          eb('e.kind', '=', 'online'),
          eb.exists(
            eb
              .selectFrom('articles as a')
              .select('a.id')
              .whereRef('a.id', '=', 'e.ref_id')
              .where(visibleArticle('a', now)),
          ),
        ]),
      ]),
    )
    .returning(['id', 'site_id', 'kind', 'ref_id'])
    .execute();
  return rows
    .map(
      (row): SubscriptionEvent => ({
        id: row.id,
        siteId: row.site_id,
        kind: row.kind === 'issue' ? 'issue' : 'online',
        refId: row.ref_id,
      }),
    )
    .sort((a, b) => a.id - b.id);
}
