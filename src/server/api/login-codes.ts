/**
 * The login calls that use a verification code (src/server/mail): sendReceiverMessage,
 * loginByMessage (quick login), register, setNewPwd (forgotten password) and changeMobile. A code
 * goes by SMS to a mobile number and by mail to an e-mail address; it is bound to its purpose and
 * this site, expires, and works once.
 */
import { z } from 'zod';
import { addressProblem, isPhone, newPasswordProblem, phoneProblem } from '../../lib/account-rules.ts';
import { API_STATUS, apiPaths } from '../../lib/api-paths.ts';
import { CHANGE_MOBILE_LIMIT, LOGIN_WINDOW_MS, REGISTER_IP_LIMIT } from '../../lib/constants.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { type SendCodeResult, sendMailCode, sendSmsCode } from '../mail/send-code.ts';
import { SmsSendError } from '../mail/sms.ts';
import { consumeVerificationCode } from '../mail/verification-codes.ts';
import { insertMember, memberByAccount, memberByCodeAddress, setMobile, setPasswordHash } from '../store/accounts.ts';
import { deleteMemberSessions } from '../store/sessions.ts';
import type { ResolvedDeps } from './deps.ts';
import { ApiError, type ApiMessageKey } from './errors.ts';
import { accountSchema, logIn, loginResultSchema, passwordInput } from './login-session.ts';
import { clientIp, limit, limitLoginAttempt, limitMemberAttempt, TOO_MANY_REQUESTS } from './rate-limit.ts';
import { type ApiRoute, route } from './route.ts';

const tag = 'login';
const HOUR_MS = 3_600_000;

const purposeSchema = z.enum(['register', 'login', 'reset', 'mobile']);
export type Purpose = z.infer<typeof purposeSchema>;

export const codeInput = z
  .string()
  .trim()
  .regex(/^\d{4,8}$/);

function fail(key: ApiMessageKey): never {
  throw new ApiError(API_STATUS.badRequest, key);
}

/** A mobile number or an e-mail address, with the message for a bad one (docs/product-rules.md#account-rules). */
function checkAddress(account: string): void {
  const problem = addressProblem(account);
  if (problem) fail(problem);
}

const codePurpose = (purpose: Purpose, siteId: number) => `${purpose}:${siteId}`;

/** Without an SMS sender (production without SMS_PROVIDER) a mobile number gets no code: say so instead of promising one. */
function refuseWithoutSms(deps: ResolvedDeps, account: string): void {
  if (deps.sms === null && isPhone(account)) fail('smsUnavailable');
}

const SMS_FAILURES = {
  limited: [API_STATUS.tooManyRequests, 'smsLimited'],
  number: [API_STATUS.badRequest, 'smsNumberRefused'],
  failed: [API_STATUS.serverError, 'smsFailed'],
} as const;

/** Sends the code by SMS; a provider's refusal reaches the reader as what it means, never as 'code sent'. */
async function sendBySms(deps: ResolvedDeps, request: Parameters<typeof sendSmsCode>[2]): Promise<SendCodeResult> {
  if (deps.sms === null) fail('smsUnavailable');
  try {
    return await sendSmsCode(deps.db, deps.sms, request);
  } catch (error) {
    if (!(error instanceof SmsSendError)) throw error;
    deps.log(`SMS code to ${request.address} not sent`, error);
    const [status, key] = SMS_FAILURES[error.kind];
    throw new ApiError(status, key);
  }
}

/** Uses the code sent for `purpose` on this site to this address; 'wrong code' otherwise. */
export async function acceptCode(
  deps: ResolvedDeps,
  purpose: Purpose,
  siteId: number,
  address: string,
  code: string,
): Promise<void> {
  const ok = await consumeVerificationCode(deps.db, {
    purpose: codePurpose(purpose, siteId),
    address,
    code,
    now: deps.now(),
  });
  if (!ok) fail('codeWrong');
}

export function loginCodeRoutes(deps: ResolvedDeps): ApiRoute[] {
  const { db } = deps;
  return [
    route({
      method: 'post',
      path: apiPaths.sendReceiverMessage,
      tag,
      summary:
        "Sends a verification code by SMS (mobile) or mail (e-mail) for register, login, reset or mobile; under the login limits, then the codes' own per address and per client",
      scope: 'site',
      body: z.object({ account: accountSchema, purpose: purposeSchema }),
      response: z.null(),
      successMessage: 'codeSent',
      handle: async ({ c, lang, site, body }) => {
        checkAddress(body.account);
        // a member's mobile number is a phone number: a mail here would only be another way to flood an inbox
        if (body.purpose === 'mobile' && !isPhone(body.account)) fail('phoneFormat');
        refuseWithoutSms(deps, body.account);
        // before the answers that tell accounts apart ('already registered', 'user not found')
        await limitLoginAttempt(c, deps, site.id, body.account);
        const signsIn = body.purpose === 'login' || body.purpose === 'reset';
        const existing = signsIn
          ? await memberByCodeAddress(db, site.id, body.account)
          : await memberByAccount(db, site.id, body.account);
        if (!signsIn && existing) fail('accountExists');
        if (signsIn && !existing) fail('userNotRegistered');
        if (signsIn && existing) await limitMemberAttempt(deps, site.id, existing.id);
        const request = {
          purpose: codePurpose(body.purpose, site.id),
          address: body.account,
          ip: clientIp(c, deps),
          lang,
          siteName: lang === 'en' ? site.enName || site.name : site.name,
          now: deps.now(),
        };
        const sent = isPhone(body.account)
          ? await sendBySms(deps, request)
          : await sendMailCode(db, deps.mailer, request);
        if (!sent.ok) throw new ApiError(TOO_MANY_REQUESTS, 'tooManyRequests');
        return null;
      },
    }),
    route({
      method: 'post',
      path: apiPaths.loginByMessage,
      tag,
      summary:
        'Quick login with a code sent to the mobile number or e-mail of an account, under the login limits. Sets the session cookie.',
      scope: 'site',
      body: z.object({ account: accountSchema, code: codeInput }),
      response: loginResultSchema,
      successMessage: 'loginSuccess',
      handle: async ({ c, site, body }) => {
        refuseWithoutSms(deps, body.account);
        await limitLoginAttempt(c, deps, site.id, body.account);
        const member = await memberByCodeAddress(db, site.id, body.account);
        if (!member) fail('userNotRegistered');
        await limitMemberAttempt(deps, site.id, member.id);
        await acceptCode(deps, 'login', site.id, body.account, body.code);
        return logIn(c, deps, site.id, member);
      },
    }),
    route({
      method: 'post',
      path: apiPaths.register,
      tag,
      summary:
        'Registers with a mobile number or e-mail (the user name), its code and a password (SPEC section 5), then logs in',
      scope: 'site',
      body: z.object({
        account: accountSchema,
        code: codeInput,
        password: passwordInput,
        confirmPassword: passwordInput,
        agreement: z.boolean(),
      }),
      response: loginResultSchema,
      successMessage: 'registerSuccess',
      handle: async ({ c, site, body }) => {
        await limit(deps, `register-ip:${clientIp(c, deps)}`, REGISTER_IP_LIMIT, HOUR_MS);
        if (!body.agreement) fail('agreementRequired');
        checkAddress(body.account);
        refuseWithoutSms(deps, body.account);
        const problem = newPasswordProblem(body.password, body.confirmPassword, body.account);
        if (problem) fail(problem);
        if (await memberByAccount(db, site.id, body.account)) fail('accountExists');
        await acceptCode(deps, 'register', site.id, body.account, body.code);
        const email = body.account.includes('@');
        const createdAt = deps.now().toISOString();
        const passwordHash = hashPassword(body.password);
        const id = await insertMember(db, {
          siteId: site.id,
          userName: body.account,
          mobileNo: email ? null : body.account,
          email: email ? body.account : null,
          passwordHash,
          createdAt,
        });
        return logIn(c, deps, site.id, {
          id,
          userName: body.account,
          passwordHash,
          passwordChangedAt: createdAt,
          mobileNo: null,
          email: null,
        });
      },
    }),
    route({
      method: 'post',
      path: apiPaths.setNewPwd,
      tag,
      summary:
        'Sets a new password with a code (forgotten password), under the login limits; the code is checked (and used) before anything about the old password is said; every session ends',
      scope: 'site',
      body: z.object({
        account: accountSchema,
        code: codeInput,
        password: passwordInput,
        confirmPassword: passwordInput,
      }),
      response: z.null(),
      successMessage: 'passwordReset',
      handle: async ({ c, site, body }) => {
        refuseWithoutSms(deps, body.account);
        await limitLoginAttempt(c, deps, site.id, body.account);
        // what the input alone shows (rules, confirmation) may come first; nothing of the account's own
        const inputProblem = newPasswordProblem(body.password, body.confirmPassword, body.account);
        if (inputProblem) fail(inputProblem);
        const member = await memberByCodeAddress(db, site.id, body.account);
        if (!member) fail('userNotRegistered');
        await limitMemberAttempt(deps, site.id, member.id);
        // the code proves the caller holds the address; only then may the answer compare with the
        // old password (else 'must differ' vs 'wrong code' tests password guesses). A refused new
        // password has used the code: the next try needs a new one.
        await acceptCode(deps, 'reset', site.id, body.account, body.code);
        const problem = newPasswordProblem(body.password, body.confirmPassword, member.userName);
        if (problem) fail(problem);
        if (verifyPassword(body.password, member.passwordHash)) fail('passwordSameAsOld');
        await setPasswordHash(db, site.id, member.id, hashPassword(body.password), deps.now().toISOString());
        await deleteMemberSessions(db, site.id, member.id);
        return null;
      },
    }),
    route({
      method: 'post',
      path: apiPaths.changeMobile,
      tag,
      summary:
        "Changes the member's mobile number, proven by a code sent to the new number (checked first), limited per member",
      scope: 'member',
      body: z.object({ mobile: z.string().trim().max(20), code: codeInput }),
      response: z.null(),
      successMessage: 'mobileChanged',
      handle: async ({ member, body }) => {
        await limit(deps, `change-mobile:${member.siteId}:${member.userId}`, CHANGE_MOBILE_LIMIT, LOGIN_WINDOW_MS);
        const problem = phoneProblem(body.mobile);
        if (problem) fail(problem);
        refuseWithoutSms(deps, body.mobile);
        // the code first: 'already registered' is for whoever holds the number, not a free lookup
        await acceptCode(deps, 'mobile', member.siteId, body.mobile, body.code);
        const holder = await memberByAccount(db, member.siteId, body.mobile);
        if (holder && holder.id !== member.userId) fail('accountExists');
        await setMobile(db, member.siteId, member.userId, body.mobile);
        return null;
      },
    }),
  ];
}
