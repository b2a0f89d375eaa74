/**
 * A member's e-mail subscriptions (/rc-pub/front/frontMembers/subscribe, unSubscribe, isSubscribe,
 * subscribeList) over the e-mail subscriptions (docs/product-rules.md#subscriptions). The address the member proved with a code when
 * registering is subscribed at once; any other address goes through the double opt-in (a code,
 * then the confirm link). A member sees and ends only their own subscriptions on their own site.
 */
import { z } from 'zod';
import { API_STATUS, apiPaths } from '../../lib/api-paths.ts';
import type { MemberSession } from '../auth/session.ts';
import { normalizeAddress } from '../mail/verification-codes.ts';
import { memberEmails } from '../store/accounts.ts';
import { memberSubscriptions, removeMemberSubscription, type SubscriptionOwner } from '../store/subscriptions.ts';
import { subscribeProvenAddress } from '../subscriptions/subscribe.ts';
import type { ResolvedDeps } from './deps.ts';
import { ApiError } from './errors.ts';
import { found } from './found.ts';
import { codeInput } from './login-codes.ts';
import { type ApiRoute, clientOrigin, route } from './route.ts';
import { emailInput, subscribeWithCode } from './subscription.ts';

const tag = 'members';

const subscriptionSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  confirmed: z.boolean(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
});

async function ownerOf(deps: ResolvedDeps, member: MemberSession) {
  const emails = found(await memberEmails(deps.db, member.siteId, member.userId));
  const owner: SubscriptionOwner = {
    siteId: member.siteId,
    userId: member.userId,
    verifiedEmail: emails.verifiedEmail,
  };
  return { owner, email: emails.email ? normalizeAddress(emails.email) : null };
}

export function memberSubscriptionRoutes(deps: ResolvedDeps): ApiRoute[] {
  const { db, mailer } = deps;
  return [
    route({
      method: 'post',
      path: apiPaths.memberSubscribe,
      tag,
      summary:
        "Subscribes an address (default: the account's e-mail) to new issues and online-first articles. The address the member registered with is subscribed at once; another needs the code of subscription/sendCode and then the confirm link.",
      scope: 'member',
      body: z.object({ email: emailInput.optional(), code: codeInput.optional() }),
      response: z.object({ outcome: z.enum(['subscribed', 'confirmSent', 'alreadySubscribed']) }),
      handle: async ({ c, site, member, lang, body }) => {
        const { owner, email } = await ownerOf(deps, member);
        const address = body.email ? normalizeAddress(body.email) : email;
        if (!address) throw new ApiError(API_STATUS.badRequest, 'subscribeNoEmail');
        const request = { site, userId: member.userId, email: address, lang, origin: clientOrigin(c), now: deps.now() };
        if (address === owner.verifiedEmail) return { outcome: await subscribeProvenAddress(db, mailer, request) };
        if (!body.code) throw new ApiError(API_STATUS.badRequest, 'subscribeCodeRequired');
        return { outcome: await subscribeWithCode(deps, { ...request, code: body.code }) };
      },
    }),
    route({
      method: 'get',
      path: apiPaths.memberIsSubscribe,
      tag,
      summary:
        "Whether the account's e-mail is subscribed (confirmed, or waiting for its confirm link), and whether it is proven (then subscribing needs no code)",
      scope: 'member',
      response: z.object({
        email: z.string().nullable(),
        verified: z.boolean(),
        subscribed: z.boolean(),
        pending: z.boolean(),
      }),
      handle: async ({ member }) => {
        const { owner, email } = await ownerOf(deps, member);
        const row = email
          ? (await memberSubscriptions(db, owner)).find((subscription) => subscription.email === email)
          : undefined;
        return {
          email,
          verified: email !== null && email === owner.verifiedEmail,
          subscribed: row?.confirmed === true,
          pending: row?.confirmed === false,
        };
      },
    }),
    route({
      method: 'get',
      path: apiPaths.memberSubscribeList,
      tag,
      summary:
        "The member's e-mail subscriptions on this site: the ones they made and those of the address they proved",
      scope: 'member',
      response: z.array(subscriptionSchema),
      handle: async ({ member }) => memberSubscriptions(db, (await ownerOf(deps, member)).owner),
    }),
    route({
      method: 'post',
      path: apiPaths.memberUnSubscribe,
      tag,
      summary: "Ends one of the member's subscriptions by its id (another member's or site's id answers 404)",
      scope: 'member',
      body: z.object({ id: z.number().int().positive() }),
      response: z.null(),
      successMessage: 'subscribeUnsubscribed',
      handle: async ({ member, body }) => {
        found(await removeMemberSubscription(db, (await ownerOf(deps, member)).owner, body.id));
        return null;
      },
    }),
  ];
}
