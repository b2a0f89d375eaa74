/**
 * The login group (/rc-pub/api/…, docs/product-rules.md#accounts): picture code, password login, the
 * registered check, password change and logout. Calls that send or check a
 * verification code are in login-codes.ts.
 */
import { z } from 'zod';
import { newPasswordProblem } from '../../lib/account-rules.ts';
import { API_HEADERS, API_STATUS, apiPaths } from '../../lib/api-paths.ts';
import {
  CAPTCHA_TTL_MS,
  LOGIN_ACCOUNT_LIMIT,
  LOGIN_FAILURES_BEFORE_CAPTCHA,
  LOGIN_IP_LIMIT,
  LOGIN_WINDOW_MS,
} from '../../lib/constants.ts';
import { captchaAnswerHash, newCaptcha } from '../auth/captcha.ts';
import { clearedLoginCookies, isHttps } from '../auth/cookies.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { endSession, requestToken } from '../auth/session.ts';
import { type LoginRow, loginRowById, memberByAccount, setPasswordHash } from '../store/accounts.ts';
import { pruneCaptchas, saveCaptcha, takeCaptcha } from '../store/captchas.ts';
import { clearRateLimit } from '../store/rate-limits.ts';
import { deleteMemberSessions } from '../store/sessions.ts';
import type { ResolvedDeps } from './deps.ts';
import { ApiError } from './errors.ts';
import { accountSchema, logIn, loginResultSchema, passwordInput, refuse } from './login-session.ts';
import { clientIp, count, limit, limitLoginAttempt, limitMemberAttempt } from './rate-limit.ts';
import { type ApiContext, type ApiRoute, route } from './route.ts';

const tag = 'login';

const failureBucket = (siteId: number, account: string) => `login-fail:${siteId}:${account.toLowerCase()}`;

async function checkCaptcha(
  deps: ResolvedDeps,
  siteId: number,
  captchaId: string | undefined,
  answer: string | undefined,
): Promise<void> {
  if (!captchaId || !answer)
    throw new ApiError(API_STATUS.badRequest, 'captchaRequired', {}, { captchaRequired: true });
  const stored = await takeCaptcha(deps.db, siteId, captchaId);
  const live = stored && Date.parse(stored.expiresAt) > deps.now().getTime();
  if (!live || stored.answerHash !== captchaAnswerHash(captchaId, answer))
    throw new ApiError(API_STATUS.badRequest, 'captchaWrong', {}, { captchaRequired: true });
}

export type PasswordProof = {
  account: string;
  password: string;
  captchaId?: string | undefined;
  captcha?: string | undefined;
};

/**
 * The member this password proves, under the login's limits (per client address and per account)
 * and its failure count (the picture code after a few): login and thirdBind share them, so
 * binding is no way around them.
 */
export async function memberByPassword(
  c: ApiContext,
  deps: ResolvedDeps,
  siteId: number,
  proof: PasswordProof,
): Promise<LoginRow> {
  await limitLoginAttempt(c, deps, siteId, proof.account);
  const member = await memberByAccount(deps.db, siteId, proof.account);
  if (member) await limitMemberAttempt(deps, siteId, member.id);
  // failures of a known account count for the member, whichever identifier was typed
  const failures = failureBucket(siteId, member ? `member:${member.id}` : proof.account);
  if ((await count(deps, failures, LOGIN_WINDOW_MS)) >= LOGIN_FAILURES_BEFORE_CAPTCHA)
    await checkCaptcha(deps, siteId, proof.captchaId, proof.captcha);
  if (!member) return refuse(deps, failures, 'userNotRegistered');
  if (!verifyPassword(proof.password, member.passwordHash)) return refuse(deps, failures, 'wrongPassword');
  await clearRateLimit(deps.db, failures);
  return member;
}

function clearCookies(c: ApiContext): void {
  for (const cookie of clearedLoginCookies(isHttps(c.req.url, c.req.header('x-forwarded-proto'))))
    c.header('Set-Cookie', cookie, { append: true });
}

export function loginRoutes(deps: ResolvedDeps): ApiRoute[] {
  const { db } = deps;
  return [
    route({
      method: 'get',
      path: apiPaths.captcha,
      tag,
      summary:
        'A picture code (SVG as a data URL), required on the login after repeated failures; valid 5 minutes, one try',
      scope: 'site',
      response: z.object({ captchaId: z.string(), image: z.string() }),
      handle: async ({ c, site }) => {
        await limit(deps, `captcha-ip:${clientIp(c, deps)}`, LOGIN_IP_LIMIT * 2, LOGIN_WINDOW_MS);
        await pruneCaptchas(db, deps.now().toISOString());
        const captcha = newCaptcha();
        const expiresAt = new Date(deps.now().getTime() + CAPTCHA_TTL_MS).toISOString();
        await saveCaptcha(db, {
          id: captcha.id,
          siteId: site.id,
          answerHash: captchaAnswerHash(captcha.id, captcha.answer),
          expiresAt,
        });
        return {
          captchaId: captcha.id,
          image: `data:image/svg+xml;base64,${Buffer.from(captcha.svg).toString('base64')}`,
        };
      },
    }),
    route({
      method: 'get',
      path: apiPaths.isRegistered,
      tag,
      summary: 'Whether a mobile number or e-mail already has an account on this site (the register form asks)',
      scope: 'site',
      query: z.object({ account: accountSchema }),
      response: z.object({ registered: z.boolean() }),
      handle: async ({ c, site, query }) => {
        await limit(deps, `registered-ip:${clientIp(c, deps)}`, LOGIN_IP_LIMIT, LOGIN_WINDOW_MS);
        return { registered: (await memberByAccount(db, site.id, query.account)) !== null };
      },
    }),
    route({
      method: 'post',
      path: apiPaths.login,
      tag,
      summary:
        'Password login by user name, mobile or e-mail; after 3 failures the picture code is required. Sets the session cookie.',
      scope: 'site',
      body: z.object({
        account: accountSchema,
        password: z.string().min(1).max(200),
        captchaId: z.string().max(64).optional(),
        captcha: z.string().max(16).optional(),
      }),
      response: loginResultSchema,
      successMessage: 'loginSuccess',
      handle: async ({ c, site, body }) => logIn(c, deps, site.id, await memberByPassword(c, deps, site.id, body)),
    }),
    route({
      method: 'post',
      path: apiPaths.changePwd,
      tag,
      summary: 'Changes the password (the old one is required); every session of the member ends, this one too',
      scope: 'member',
      body: z.object({
        oldPassword: z.string().min(1).max(200),
        password: passwordInput,
        confirmPassword: passwordInput,
      }),
      response: z.null(),
      successMessage: 'passwordChanged',
      handle: async ({ c, member, body }) => {
        await limit(deps, `change-pwd:${member.siteId}:${member.userId}`, LOGIN_ACCOUNT_LIMIT, LOGIN_WINDOW_MS);
        const row = await loginRowById(db, member.siteId, member.userId);
        if (!row) throw new ApiError(API_STATUS.unauthorized, 'unauthorized');
        if (!verifyPassword(body.oldPassword, row.passwordHash))
          throw new ApiError(API_STATUS.badRequest, 'oldPasswordWrong');
        const problem = newPasswordProblem(body.password, body.confirmPassword, row.userName);
        if (problem) throw new ApiError(API_STATUS.badRequest, problem);
        if (body.password === body.oldPassword) throw new ApiError(API_STATUS.badRequest, 'passwordSameAsOld');
        await setPasswordHash(db, member.siteId, member.userId, hashPassword(body.password), deps.now().toISOString());
        await deleteMemberSessions(db, member.siteId, member.userId);
        clearCookies(c);
        return null;
      },
    }),
    route({
      method: 'delete',
      path: apiPaths.logout,
      tag,
      summary: 'Ends the session of the token and clears the login cookies',
      scope: 'member',
      response: z.null(),
      successMessage: 'logoutSuccess',
      handle: async ({ c }) => {
        const token = requestToken(
          c.req.header(API_HEADERS.token),
          c.req.header('cookie'),
          isHttps(c.req.url, c.req.header('x-forwarded-proto')),
        );
        if (token) await endSession(db, token);
        clearCookies(c);
        return null;
      },
    }),
  ];
}
