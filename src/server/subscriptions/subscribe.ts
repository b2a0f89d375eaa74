/**
 * E-mail subscription with double opt-in: a verification code proves the reader can read the
 * address, then a confirm link in a mail turns the subscription on. Every mail carries an
 * unsubscribe link.
 */
import { randomBytes } from 'node:crypto';
import type { Site } from '../../content/types.ts';
import { dictionary, format } from '../../i18n/index.ts';
import { type Lang, pick } from '../../lib/lang.ts';
import { canonical, withQuery } from '../../lib/routes.ts';
import { hashToken } from '../auth/session.ts';
import type { Mailer } from '../mail/mailer.ts';
import { consumeVerificationCode, normalizeAddress } from '../mail/verification-codes.ts';
import type { Db } from '../store/db.ts';
import {
  claimSubscription,
  confirmSubscription,
  isConfirmedSubscriber,
  removeSubscription,
  saveConfirmedSubscription,
  savePendingSubscription,
} from '../store/subscriptions.ts';

/** the purpose of the verification codes sent from /emailSubscribe */
export const SUBSCRIBE_PURPOSE = 'subscribe';

export type SubscribeOutcome = 'confirmSent' | 'alreadySubscribed' | 'badCode';

function secret(): string {
  return randomBytes(24).toString('base64url');
}

export function unsubscribeLink(origin: string, lang: Lang, token: string): string {
  return `${origin}${withQuery(canonical.emailSubscribe(lang), { unsubscribe: token })}`;
}

export async function requestSubscription(
  db: Db,
  mailer: Mailer,
  request: { site: Site; email: string; code: string; lang: Lang; origin: string; now: Date; userId?: number },
): Promise<SubscribeOutcome> {
  const email = normalizeAddress(request.email);
  const accepted = await consumeVerificationCode(db, {
    purpose: SUBSCRIBE_PURPOSE,
    address: email,
    code: request.code,
    now: request.now,
  });
  if (!accepted) return 'badCode';
  if (await isConfirmedSubscriber(db, request.site.id, email)) {
    // the code proved the address: a member who asks makes the subscription theirs
    if (request.userId !== undefined) await claimSubscription(db, request.site.id, email, request.userId);
    return 'alreadySubscribed';
  }
  const confirm = secret();
  const unsubscribe = secret();
  await savePendingSubscription(db, {
    siteId: request.site.id,
    email,
    lang: request.lang,
    confirmHash: hashToken(confirm),
    unsubscribeToken: unsubscribe,
    now: request.now.toISOString(),
    ...(request.userId === undefined ? {} : { userId: request.userId }),
  });
  const t = dictionary(request.lang).subscribe;
  const site = pick(request.lang, request.site.name, request.site.enName);
  await mailer.send({
    to: email,
    subject: format(t.confirmSubject, { site }),
    text: format(t.confirmText, {
      site,
      link: `${request.origin}${withQuery(canonical.emailSubscribe(request.lang), { confirm })}`,
      unsubscribe: unsubscribeLink(request.origin, request.lang, unsubscribe),
    }),
  });
  return 'confirmSent';
}

/**
 * A member's address they already proved with a code (registering with it): subscribed at once,
 * no confirm link; the mail only says so and carries the unsubscribe link.
 */
export async function subscribeProvenAddress(
  db: Db,
  mailer: Mailer,
  request: { site: Site; userId: number; email: string; lang: Lang; origin: string; now: Date },
): Promise<'subscribed' | 'alreadySubscribed'> {
  if (await isConfirmedSubscriber(db, request.site.id, request.email)) {
    await claimSubscription(db, request.site.id, request.email, request.userId);
    return 'alreadySubscribed';
  }
  const unsubscribe = secret();
  await saveConfirmedSubscription(db, {
    siteId: request.site.id,
    userId: request.userId,
    email: request.email,
    lang: request.lang,
    unsubscribeToken: unsubscribe,
    now: request.now.toISOString(),
  });
  const t = dictionary(request.lang).subscribe;
  const site = pick(request.lang, request.site.name, request.site.enName);
  await mailer.send({
    to: request.email,
    subject: format(t.subscribedSubject, { site }),
    text: format(t.subscribedText, { site, unsubscribe: unsubscribeLink(request.origin, request.lang, unsubscribe) }),
  });
  return 'subscribed';
}

/** True when the link's secret names a subscription of this site (confirmed now or before). */
export async function confirmByLink(db: Db, siteId: number, token: string, now: Date): Promise<boolean> {
  return (await confirmSubscription(db, hashToken(token), siteId, now.toISOString())) !== null;
}

export async function unsubscribeByLink(db: Db, siteId: number, token: string): Promise<boolean> {
  return (await removeSubscription(db, siteId, token)) !== null;
}
