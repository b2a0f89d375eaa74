/** What the login calls share: input shapes, the failed-attempt count, and starting a session with its cookies. */
import { z } from 'zod';
import { API_STATUS } from '../../lib/api-paths.ts';
import {
  LOGIN_FAILURES_BEFORE_CAPTCHA,
  LOGIN_WINDOW_MS,
  PASSWORD_MAX,
  PASSWORD_REMIND_MONTHS,
} from '../../lib/constants.ts';
import { isHttps, loginCookies } from '../auth/cookies.ts';
import { startSession } from '../auth/session.ts';
import type { LoginRow } from '../store/accounts.ts';
import { hitRateLimit } from '../store/verification-codes.ts';
import type { ResolvedDeps } from './deps.ts';
import { ApiError, type ApiMessageKey } from './errors.ts';
import { windowStart } from './rate-limit.ts';
import type { ApiContext } from './route.ts';

/** a user name, mobile number or e-mail address (e-mail addresses compare in lower case, as the codes do) */
export const accountSchema = z
  .string()
  .trim()
  .min(1)
  .max(254)
  .transform((account) => (account.includes('@') ? account.toLowerCase() : account));
/** the rules' own length check gives the message of docs/product-rules.md#account-rules; this only bounds the input */
export const passwordInput = z.string().max(PASSWORD_MAX * 4);

export const loginResultSchema = z.object({
  token: z.string(),
  userName: z.string(),
  /** docs/product-rules.md#account-rules: a change is suggested after 3 months */
  passwordChangeDue: z.boolean(),
});

/** Counts a failed attempt and refuses it; the answer says whether the picture code is now needed. */
export async function refuse(deps: ResolvedDeps, bucket: string, key: ApiMessageKey): Promise<never> {
  const failures = await hitRateLimit(deps.db, bucket, windowStart(deps.now(), LOGIN_WINDOW_MS));
  throw new ApiError(API_STATUS.badRequest, key, {}, { captchaRequired: failures >= LOGIN_FAILURES_BEFORE_CAPTCHA });
}

export function passwordChangeDue(changedAt: string | null, now: Date): boolean {
  if (!changedAt) return true;
  const due = new Date(changedAt);
  due.setUTCMonth(due.getUTCMonth() + PASSWORD_REMIND_MONTHS);
  return due.getTime() <= now.getTime();
}

/** Starts the session, sets the cookies, and answers the login result. */
export async function logIn(
  c: ApiContext,
  deps: ResolvedDeps,
  siteId: number,
  member: LoginRow,
): Promise<z.input<typeof loginResultSchema>> {
  const now = deps.now();
  const { token, expiresAt } = await startSession(deps.db, member.id, siteId, now);
  for (const cookie of loginCookies(
    token,
    member.userName,
    expiresAt,
    now,
    isHttps(c.req.url, c.req.header('x-forwarded-proto')),
  ))
    c.header('Set-Cookie', cookie, { append: true });
  return { token, userName: member.userName, passwordChangeDue: passwordChangeDue(member.passwordChangedAt, now) };
}
