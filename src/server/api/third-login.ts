/**
 * Third-party login (OAUTH_PROVIDERS): the providers the login page offers, the redirect to a
 * provider with a stored single-use state (also in an HttpOnly cookie, so only the browser that
 * started may finish), the callback that logs a bound member in or sends the visitor to
 * /accountBinding with a short-lived bind ticket, and thirdBind, which binds the external account
 * to a member proven by password or code. Without providers only the (empty) list is served.
 * The login page links each provider as loginByThirdLoginUrl?provider={name}&lang={lang}.
 */
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { z } from 'zod';
import type { Site } from '../../content/types.ts';
import { API_STATUS, apiPaths } from '../../lib/api-paths.ts';
import {
  BIND_TICKET_TTL_MS,
  LOGIN_IP_LIMIT,
  LOGIN_WINDOW_MS,
  PROVIDER_NAME,
  THIRD_LOGIN_STATE_TTL_MS,
} from '../../lib/constants.ts';
import { type Lang, readCookie } from '../../lib/lang.ts';
import { sameOriginLocation } from '../../lib/location.ts';
import { otherPages } from '../../lib/routes.ts';
import { isHttps, loginGroupCookie } from '../auth/cookies.ts';
import { hashToken } from '../auth/session.ts';
import type { ThirdPartyProvider } from '../auth/third-party-config.ts';
import { authorizationUrl, externalSubject, newSecrets } from '../auth/third-party-login.ts';
import { loginRowById, memberByCodeAddress } from '../store/accounts.ts';
import {
  bindIdentity,
  bindTicket,
  boundIdentity,
  saveBindTicket,
  saveLoginState,
  takeBindTicket,
  takeLoginState,
} from '../store/third-party.ts';
import type { ResolvedDeps } from './deps.ts';
import { ApiError } from './errors.ts';
import { memberByPassword } from './login.ts';
import { acceptCode, codeInput } from './login-codes.ts';
import { accountSchema, logIn, loginResultSchema } from './login-session.ts';
import { clientIp, limit, limitLoginAttempt, limitMemberAttempt } from './rate-limit.ts';
import { type ApiContext, type ApiRoute, clientOrigin, route } from './route.ts';

const tag = 'login';
const STATE_COOKIE = 'thirdLoginState';
const TICKET_COOKIE = 'thirdBindTicket';
const providerName = z.string().regex(PROVIDER_NAME);

const secret = () => randomBytes(32).toString('base64url');
const seconds = (ms: number) => Math.floor(ms / 1000);
const redirectUri = (c: ApiContext) => clientOrigin(c) + apiPaths.thirdLoginCallback;

function setCookie(c: Context, name: string, value: string, maxAgeMs: number): void {
  c.header(
    'Set-Cookie',
    loginGroupCookie(name, value, seconds(maxAgeMs), isHttps(c.req.url, c.req.header('x-forwarded-proto'))),
    { append: true },
  );
}

/** Where a finished or failed callback sends the browser (a path of this site). */
function goTo(c: Context, path: string): Response {
  setCookie(c, STATE_COOKIE, '', 0);
  c.header('Cache-Control', 'no-store');
  return c.redirect(sameOriginLocation(path), 302);
}

export function thirdLoginRoutes(deps: ResolvedDeps): ApiRoute[] {
  const { db, thirdParty: providers } = deps;
  const providerOf = (name: string) => providers.find((provider) => provider.name === name) ?? null;
  const list = route({
    method: 'get',
    path: apiPaths.thirdLoginProviders,
    tag,
    summary: 'The third-party accounts members may log in with (OAUTH_PROVIDERS); empty when none is configured',
    scope: 'site',
    response: z.array(z.object({ name: z.string(), label: z.string() })),
    handle: async () => providers.map((provider) => ({ name: provider.name, label: provider.label })),
  });
  if (providers.length === 0) return [list];

  /** The callback's ending for a verified external account: a bound member logs in, anyone else goes to bind. */
  async function finish(
    c: ApiContext,
    site: Site,
    provider: ThirdPartyProvider,
    subject: string,
    lang: Lang,
  ): Promise<Response> {
    const bound = await boundIdentity(db, site.id, provider.name, { subject });
    const member = bound ? await loginRowById(db, site.id, bound.userId) : null;
    if (member) {
      await logIn(c, deps, site.id, member);
      return goTo(c, otherPages.personal(lang));
    }
    const ticket = secret();
    const now = deps.now();
    await saveBindTicket(
      db,
      hashToken(ticket),
      {
        siteId: site.id,
        provider: provider.name,
        subject,
        expiresAt: new Date(now.getTime() + BIND_TICKET_TTL_MS).toISOString(),
      },
      now.toISOString(),
    );
    setCookie(c, TICKET_COOKIE, ticket, BIND_TICKET_TTL_MS);
    return goTo(c, otherPages.accountBinding(lang, { provider: provider.name }));
  }

  return [
    list,
    route({
      method: 'get',
      path: apiPaths.thirdLoginUrl,
      tag,
      summary:
        "Starts a third-party login: answers 302 to the provider's authorization page (PKCE, a single-use state valid 10 minutes, also set as an HttpOnly cookie)",
      scope: 'site',
      query: z.object({ provider: providerName }),
      response: z.null(),
      redirect: true,
      handle: async ({ c, site, lang, query }) => {
        const provider = providerOf(query.provider);
        if (!provider) throw new ApiError(API_STATUS.notFound, 'notFound');
        await limit(deps, `third-login-ip:${clientIp(c, deps)}`, LOGIN_IP_LIMIT, LOGIN_WINDOW_MS);
        const secrets = newSecrets();
        const now = deps.now();
        const expiresAt = new Date(now.getTime() + THIRD_LOGIN_STATE_TTL_MS).toISOString();
        await saveLoginState(
          db,
          hashToken(secrets.state),
          {
            siteId: site.id,
            provider: provider.name,
            codeVerifier: secrets.codeVerifier,
            nonce: secrets.nonce,
            lang,
            expiresAt,
          },
          now.toISOString(),
        );
        setCookie(c, STATE_COOKIE, secrets.state, THIRD_LOGIN_STATE_TTL_MS);
        c.header('Cache-Control', 'no-store');
        return c.redirect(await authorizationUrl(provider, redirectUri(c), secrets), 302);
      },
    }),
    route({
      method: 'get',
      path: apiPaths.thirdLoginCallback,
      tag,
      summary:
        'Where the provider sends the browser back: checks the state (this browser, this site, once, in time), exchanges the code, and answers 302 to /personal (a bound account, now logged in) or /accountBinding (with a bind ticket cookie)',
      scope: 'site',
      query: z.object({ state: z.string().max(512).optional() }),
      response: z.null(),
      redirect: true,
      handle: async ({ c, site, lang, query }) => {
        const failed = (language: Lang) => goTo(c, otherPages.accountBinding(language, { error: 'failed' }));
        const state = query.state;
        if (!state || readCookie(c.req.header('cookie'), STATE_COOKIE) !== state) return failed(lang);
        const stored = await takeLoginState(db, site.id, hashToken(state));
        const provider = stored ? providerOf(stored.provider) : null;
        if (!stored || !provider || Date.parse(stored.expiresAt) <= deps.now().getTime())
          return failed(stored?.lang ?? lang);
        let subject: string;
        try {
          subject = await externalSubject(provider, new URL(c.req.url), redirectUri(c), {
            state,
            codeVerifier: stored.codeVerifier,
            nonce: stored.nonce,
          });
        } catch (error) {
          deps.log(`third-party login through ${provider.name} failed`, error);
          return failed(stored.lang);
        }
        return finish(c, site, provider, subject, stored.lang);
      },
    }),
    route({
      method: 'post',
      path: apiPaths.thirdBind,
      tag,
      summary:
        'Binds the third-party account of the bind ticket (cookie set by the callback) to an account proven by its password, or by a code sent with purpose login; then logs in. Login limits and the picture code apply.',
      scope: 'site',
      body: z
        .object({
          account: accountSchema,
          password: z.string().min(1).max(200).optional(),
          code: codeInput.optional(),
          captchaId: z.string().max(64).optional(),
          captcha: z.string().max(16).optional(),
        })
        .refine((body) => (body.password === undefined) !== (body.code === undefined), {
          message: 'password or code',
          path: ['password'],
        }),
      response: loginResultSchema,
      successMessage: 'bindSuccess',
      handle: async ({ c, site, body }) => {
        const ticketSecret = readCookie(c.req.header('cookie'), TICKET_COOKIE);
        const ticket = ticketSecret ? await bindTicket(db, site.id, hashToken(ticketSecret)) : null;
        if (!ticketSecret || !ticket || Date.parse(ticket.expiresAt) <= deps.now().getTime())
          throw new ApiError(API_STATUS.badRequest, 'bindTicketInvalid');
        let member = null;
        if (body.password !== undefined) {
          member = await memberByPassword(c, deps, site.id, { ...body, password: body.password });
        } else {
          await limitLoginAttempt(c, deps, site.id, body.account);
          member = await memberByCodeAddress(db, site.id, body.account);
          if (!member) throw new ApiError(API_STATUS.badRequest, 'userNotRegistered');
          await limitMemberAttempt(deps, site.id, member.id);
          await acceptCode(deps, 'login', site.id, body.account, body.code ?? '');
        }
        const bound = (await boundIdentity(db, site.id, ticket.provider, { userId: member.id }))?.subject ?? null;
        if (bound !== null && bound !== ticket.subject) throw new ApiError(API_STATUS.badRequest, 'alreadyBoundOther');
        if (!(await takeBindTicket(db, site.id, hashToken(ticketSecret))))
          throw new ApiError(API_STATUS.badRequest, 'bindTicketInvalid');
        if (
          bound === null &&
          !(await bindIdentity(db, {
            siteId: site.id,
            provider: ticket.provider,
            subject: ticket.subject,
            userId: member.id,
            now: deps.now().toISOString(),
          }))
        ) {
          // bound to someone meanwhile: this ticket proves nothing about them
          throw new ApiError(API_STATUS.badRequest, 'bindTicketInvalid');
        }
        setCookie(c, TICKET_COOKIE, '', 0);
        return logIn(c, deps, site.id, member);
      },
    }),
  ];
}
