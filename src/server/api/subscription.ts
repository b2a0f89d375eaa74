/**
 * E-mail subscription (/emailSubscribe): a verification code to the address, then subscribe with
 * the code (a confirm mail follows: double opt-in), confirm and unsubscribe with the links' secrets.
 */
import { z } from 'zod';
import { emailProblem } from '../../lib/account-rules.ts';
import { API_STATUS, apiPaths } from '../../lib/api-paths.ts';
import { pick } from '../../lib/lang.ts';
import { sendMailCode } from '../mail/send-code.ts';
import {
  confirmByLink,
  requestSubscription,
  SUBSCRIBE_PURPOSE,
  type SubscribeOutcome,
  unsubscribeByLink,
} from '../subscriptions/subscribe.ts';
import type { ResolvedDeps } from './deps.ts';
import { ApiError } from './errors.ts';
import { codeInput } from './login-codes.ts';
import { clientIp } from './rate-limit.ts';
import { type ApiRoute, clientOrigin, route } from './route.ts';

const tag = 'subscription';
/** an address a reader types in: a bare address, the rule the islands check (src/lib/account-rules.ts) */
export const emailInput = z
  .string()
  .trim()
  .max(254)
  .refine((email) => emailProblem(email) === null, 'a bare e-mail address');

/** Asks for a subscription with the code mailed to the address; a wrong or expired code is refused here. */
export async function subscribeWithCode(
  deps: ResolvedDeps,
  request: Parameters<typeof requestSubscription>[2],
): Promise<Exclude<SubscribeOutcome, 'badCode'>> {
  const outcome = await requestSubscription(deps.db, deps.mailer, request);
  if (outcome === 'badCode') throw new ApiError(API_STATUS.badRequest, 'subscribeBadCode');
  return outcome;
}
const linkSecret = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/);

export function subscriptionRoutes(deps: ResolvedDeps): ApiRoute[] {
  const { db, mailer } = deps;
  return [
    route({
      method: 'post',
      path: apiPaths.subscriptionCode,
      tag,
      summary:
        'Mails a verification code for subscribing this address (rate-limited per address and per client: status 429)',
      scope: 'site',
      body: z.object({ email: emailInput }),
      response: z.null(),
      successMessage: 'subscribeCodeSent',
      handle: async ({ c, site, lang, body }) => {
        const sent = await sendMailCode(db, mailer, {
          purpose: SUBSCRIBE_PURPOSE,
          address: body.email,
          ip: clientIp(c, deps),
          lang,
          siteName: pick(lang, site.name, site.enName),
          now: deps.now(),
        });
        if (!sent.ok) throw new ApiError(API_STATUS.tooManyRequests, 'tooManyRequests');
        return null;
      },
    }),
    route({
      method: 'post',
      path: apiPaths.subscribe,
      tag,
      summary:
        'Subscribes the address to new issues and online-first articles with its verification code; a confirm mail follows (double opt-in)',
      scope: 'site',
      body: z.object({ email: emailInput, code: codeInput }),
      response: z.object({ outcome: z.enum(['confirmSent', 'alreadySubscribed']) }),
      successMessage: 'subscribeConfirmSent',
      handle: async ({ c, site, lang, body }) => {
        return {
          outcome: await subscribeWithCode(deps, {
            site,
            email: body.email,
            code: body.code,
            lang,
            origin: clientOrigin(c),
            now: deps.now(),
          }),
        };
      },
    }),
    route({
      method: 'post',
      path: apiPaths.subscriptionConfirm,
      tag,
      summary: "Confirms a subscription with the secret of its confirm link (this site's only)",
      scope: 'site',
      body: z.object({ token: linkSecret }),
      response: z.null(),
      successMessage: 'subscribeConfirmed',
      handle: async ({ site, body }) => {
        if (!(await confirmByLink(db, site.id, body.token, deps.now())))
          throw new ApiError(API_STATUS.notFound, 'subscribeBadLink');
        return null;
      },
    }),
    route({
      method: 'post',
      path: apiPaths.unsubscribe,
      tag,
      summary: "Ends a subscription with the secret of the unsubscribe link every mail carries (this site's only)",
      scope: 'site',
      body: z.object({ token: linkSecret }),
      response: z.null(),
      successMessage: 'subscribeUnsubscribed',
      handle: async ({ site, body }) => {
        if (!(await unsubscribeByLink(db, site.id, body.token)))
          throw new ApiError(API_STATUS.notFound, 'subscribeBadLink');
        return null;
      },
    }),
  ];
}
