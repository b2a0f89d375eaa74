/**
 * The console's side of the admin API: staff login and logout, who is logged in, the sites they
 * manage, the audit log, and per-site API tokens (shown once, stored hashed). Messages follow the
 * request's language.
 */

import { randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { dictionary, format } from '../../i18n/index.ts';
import { LOGIN_ACCOUNT_LIMIT, LOGIN_IP_LIMIT, LOGIN_WINDOW_MS } from '../../lib/constants.ts';
import { requestLang } from '../api/index.ts';
import { exactSldParam } from '../api/params.ts';
import { windowStart } from '../api/rate-limit.ts';
import { clientAddress } from '../auth/client-address.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { hashToken } from '../auth/session.ts';
import { endStaffSession, staffCookie, staffToken, startStaffSession } from '../auth/staff-session.ts';
import { listAudit } from '../store/audit.ts';
import type { Db } from '../store/db.ts';
import { insertSiteToken, listSiteTokens, revokeSiteToken } from '../store/site-tokens.ts';
import { siteIdBySld, siteNames } from '../store/sites.ts';
import { createStaff, listStaff, STAFF_ROLES, StaffError, staffLogin } from '../store/staff.ts';
import { hitRateLimit } from '../store/verification-codes.ts';
import { oneTimePassword } from './account-routes.ts';
import { jsonBody } from './json-body.ts';
import { type AdminEnv, actorOf, isPlatformWide, mayManage, type Principal, secureRequest } from './principal.ts';

export type StaffRouteDeps = { db: Db; now: () => Date; trustedProxies: readonly string[] };

const loginBody = z.strictObject({ email: z.string().trim().min(3).max(254), password: z.string().min(1).max(200) });
const staffBody = z.strictObject({
  email: z.email().max(254),
  role: z.enum(STAFF_ROLES),
  sites: z.array(exactSldParam).max(500).default([]),
});
const tokenBody = z.strictObject({ label: z.string().trim().min(1).max(100) });
const instant = z.iso.datetime({ offset: true }).or(z.iso.date());
const auditQuery = z.object({
  site: exactSldParam.optional(),
  /** the entries of no site (accounts, tokens), for administrators */
  scope: z.literal('platform').optional(),
  actor: z.string().trim().min(1).max(300).optional(),
  action: z.string().trim().min(1).max(100).optional(),
  from: instant.optional(),
  to: instant.optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const consoleText = (c: Context) => dictionary(requestLang(c)).console;

/** A message in the request's language with a non-zero status. */
export function refuse(c: Context, status: 400 | 401 | 403 | 404 | 429, text: string) {
  return c.json({ error: text }, status);
}

function peerAddress(c: Context): string | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress;
}

/** The end of a day given as a date only, so `to=2026-11-26` includes that whole day. */
const endOf = (value: string) => (value.length === 10 ? `${value}T23:59:59.999Z` : new Date(value).toISOString());
const startOf = (value: string) => (value.length === 10 ? `${value}T00:00:00.000Z` : new Date(value).toISOString());

function publicPrincipal(principal: Principal) {
  if (principal.kind === 'staff') {
    const { email, role, sites, mustChangePassword } = principal.staff;
    return { kind: 'staff' as const, email, role, sites, mustChangePassword };
  }
  return principal.kind === 'token' ? { kind: 'token' as const, site: principal.site } : { kind: 'platform' as const };
}

export function mountStaffRoutes(admin: Hono<AdminEnv>, deps: StaffRouteDeps): void {
  const { db } = deps;

  const limited = async (bucket: string, max: number) =>
    (await hitRateLimit(db, bucket, windowStart(deps.now(), LOGIN_WINDOW_MS))) > max;

  admin.post('/_admin/login', async (c) => {
    const t = consoleText(c);
    const parsed = loginBody.safeParse(await jsonBody(c));
    if (!parsed.success) return refuse(c, 400, t.badRequest);
    const email = parsed.data.email.toLowerCase();
    const ip = clientAddress(peerAddress(c), c.req.header('x-forwarded-for'), deps.trustedProxies);
    // counted before the account is looked up, so the answer's timing tells nothing past the limit
    if (
      (await limited(`staff-login-ip:${ip}`, LOGIN_IP_LIMIT)) ||
      (await limited(`staff-login-account:${email}`, LOGIN_ACCOUNT_LIMIT))
    ) {
      return refuse(c, 429, t.tooManyAttempts);
    }
    const account = await staffLogin(db, email);
    if (!account || account.disabled || !verifyPassword(parsed.data.password, account.passwordHash)) {
      return refuse(c, 401, t.wrongPassword);
    }
    const session = await startStaffSession(db, account.id, deps.now());
    c.header('Set-Cookie', staffCookie(session.token, session.maxAgeSeconds, secureRequest(c)));
    c.header('Cache-Control', 'no-store');
    return c.json({ ok: true });
  });

  admin.post('/_admin/logout', async (c) => {
    const token = staffToken(c.req.header('cookie'), secureRequest(c));
    if (token) await endStaffSession(db, token);
    c.header('Set-Cookie', staffCookie('', 0, secureRequest(c)));
    return c.json({ ok: true });
  });

  admin.get('/_admin/me', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ principal: publicPrincipal(c.get('principal')) });
  });

  admin.get('/_admin/sites', async (c) => {
    const principal = c.get('principal');
    const sites = (await siteNames(db)).filter((site) => mayManage(principal, site.sld));
    return c.json({ sites });
  });

  admin.get('/_admin/audit', async (c) => {
    const t = consoleText(c);
    const principal = c.get('principal');
    const query = auditQuery.safeParse(c.req.query());
    if (!query.success) return refuse(c, 400, t.badRequest);
    const { site, scope, actor, action, from, to, before, limit } = query.data;
    let siteIds: number[] | null;
    if (scope === 'platform') {
      if (site !== undefined) return refuse(c, 400, t.badRequest);
      if (!isPlatformWide(principal)) return refuse(c, 403, t.platformAuditOnly);
      siteIds = null;
    } else if (site !== undefined) {
      if (!mayManage(principal, site)) return refuse(c, 403, format(t.forbiddenSite, { sld: site }));
      const id = await siteIdBySld(db, site);
      if (id === null) return refuse(c, 404, format(t.siteNotFound, { sld: site }));
      siteIds = [id];
    } else if (isPlatformWide(principal)) {
      siteIds = null;
    } else {
      const managed = (await siteNames(db)).filter((entry) => mayManage(principal, entry.sld));
      siteIds = (await Promise.all(managed.map((entry) => siteIdBySld(db, entry.sld)))).filter(
        (id): id is number => id !== null,
      );
    }
    const entries = await listAudit(db, {
      siteIds,
      platform: scope === 'platform',
      actor,
      action,
      from: from === undefined ? undefined : startOf(from),
      to: to === undefined ? undefined : endOf(to),
      beforeId: before,
      limit,
    });
    return c.json({ entries });
  });

  // an administrator creates editors; the generated password is in this one answer only
  admin.get('/_admin/staff', async (c) => {
    if (!isPlatformWide(c.get('principal'))) return refuse(c, 403, consoleText(c).adminOnly);
    return c.json({ staff: await listStaff(db) });
  });

  admin.post('/_admin/staff', async (c) => {
    const t = consoleText(c);
    const principal = c.get('principal');
    if (!isPlatformWide(principal)) return refuse(c, 403, t.adminOnly);
    const body = staffBody.safeParse(await jsonBody(c));
    if (!body.success) return refuse(c, 400, t.badRequest);
    const password = oneTimePassword();
    try {
      const staff = await createStaff(
        db,
        { ...body.data, passwordHash: hashPassword(password), mustChangePassword: true },
        deps.now(),
        actorOf(principal),
      );
      c.header('Cache-Control', 'no-store');
      return c.json({ staff, password }, 201);
    } catch (error) {
      if (error instanceof StaffError) return refuse(c, 400, t.staffRefused);
      throw error;
    }
  });

  const tokenSite = async (c: Context<AdminEnv>): Promise<{ sld: string; siteId: number } | Response> => {
    const t = consoleText(c);
    const principal = c.get('principal');
    if (!isPlatformWide(principal)) return refuse(c, 403, t.adminOnly);
    const sld = exactSldParam.safeParse(c.req.param('sld'));
    if (!sld.success) return refuse(c, 400, t.badRequest);
    const siteId = await siteIdBySld(db, sld.data);
    if (siteId === null) return refuse(c, 404, format(t.siteNotFound, { sld: sld.data }));
    return { sld: sld.data, siteId };
  };

  admin.get('/_admin/sites/:sld/tokens', async (c) => {
    const site = await tokenSite(c);
    if (site instanceof Response) return site;
    return c.json({ tokens: await listSiteTokens(db, site.siteId) });
  });

  admin.post('/_admin/sites/:sld/tokens', async (c) => {
    const site = await tokenSite(c);
    if (site instanceof Response) return site;
    const body = tokenBody.safeParse(await jsonBody(c));
    if (!body.success) return refuse(c, 400, consoleText(c).badRequest);
    const token = randomBytes(32).toString('base64url');
    const actor = actorOf(c.get('principal'));
    const id = await insertSiteToken(
      db,
      { siteId: site.siteId, tokenHash: hashToken(token), label: body.data.label, createdBy: actor },
      deps.now(),
    );
    c.header('Cache-Control', 'no-store');
    return c.json({ id, label: body.data.label, token }, 201);
  });

  admin.delete('/_admin/sites/:sld/tokens/:id', async (c) => {
    const site = await tokenSite(c);
    if (site instanceof Response) return site;
    const t = consoleText(c);
    const id = z.coerce.number().int().positive().safeParse(c.req.param('id'));
    if (!id.success) return refuse(c, 400, t.badRequest);
    const actor = actorOf(c.get('principal'));
    if (!(await revokeSiteToken(db, site.siteId, id.data, actor, deps.now()))) return refuse(c, 404, t.tokenNotFound);
    return c.json({ ok: true });
  });
}
