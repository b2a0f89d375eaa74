/**
 * Cross-site requests in Chromium: pages of another origin (a sister sub-domain of the same BASE_DOMAIN, so
 * same-site to the portal, served by a second server on another port) try to log the victim into
 * the attacker's account, to collect and to edit the profile as the victim, and to plant a
 * parent-domain `token` cookie. The portal answers *.portal.test (Chromium maps the names to
 * 127.0.0.1), so the sites share a registrable domain as they do in production.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.ts';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { DEMO_USER } from '../../src/server/seed/site-data.ts';
import { outboxMessages } from '../../src/server/store/outbox.ts';
import { one } from '../../src/server/store/sql.ts';
import { type Portal, startPortal } from './harness.ts';

const BASE = 'portal.test';
let portal: Portal;
let browser: Browser;
let attacker: Server;
/** what the attacker's server answers at / */
let attackPage = '';

const site = () => `http://jmst.${BASE}:${portal.port}`;
const evil = () => `http://evil.${BASE}:${(attacker.address() as AddressInfo).port}`;

beforeAll(async () => {
  portal = await startPortal({ articles: 20, env: { BASE_DOMAIN: BASE } });
  attacker = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(attackPage),
  );
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP *.${BASE} 127.0.0.1`],
  });
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => attacker?.close(resolve));
  await portal?.close();
});

/** A member of jmst whose password the attacker knows (the demo account plays the attacker). */
const MALLORY = { account: DEMO_USER.userName, password: DEMO_USER.password };

type Envelope = { status: number; message: string; data: unknown };

/** A call from a page of the site itself, as its islands make them (JSON, same origin, the browser's cookies). */
async function fromSite(
  context: BrowserContext,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<Envelope> {
  const page = await context.newPage();
  // any answer of the site makes the page same-origin; the API's own document needs no build
  await page.goto(`${site()}${apiPaths.openapi}`);
  const answer = await page.evaluate(
    async ({ method, path, body }) => {
      const init: RequestInit = { method, credentials: 'same-origin', headers: { 'content-type': 'application/json' } };
      if (body !== undefined) init.body = JSON.stringify(body);
      return (await fetch(path, init)).json() as Promise<Envelope>;
    },
    { method, path, body },
  );
  await page.close();
  return answer;
}

/** The victim: a fresh browser that registered on jmst (and so is logged in there), from the site's own page. */
async function victim(): Promise<{ context: BrowserContext; token: string; userName: string }> {
  const context = await browser.newContext();
  const userName = `1390000${String(Math.floor(Math.random() * 9000) + 1000)}`;
  expect(
    await fromSite(context, 'POST', apiPaths.sendReceiverMessage, { account: userName, purpose: 'register' }),
  ).toMatchObject({ status: 0 });
  const code =
    /\b\d{6}\b/.exec((await outboxMessages(portal.db, { recipient: userName, limit: 1 }))[0]?.text ?? '')?.[0] ?? '';
  const registered = await fromSite(context, 'POST', apiPaths.register, {
    account: userName,
    code,
    password: 'Strong2026Pw',
    confirmPassword: 'Strong2026Pw',
    agreement: true,
  });
  expect(registered.status).toBe(0);
  return { context, token: (registered.data as { token: string }).token, userName };
}

async function info(token: string): Promise<{ status: number; data: { userName?: string; name?: string | null } }> {
  const answer = await portal.request('jmst', apiPaths.memberInfo, { headers: { token } });
  return JSON.parse(answer.body) as { status: number; data: { userName?: string; name?: string | null } };
}

/** Opens the attacker's page in the victim's browser and waits until it says it is done. */
async function visitAttacker(context: BrowserContext, html: string): Promise<void> {
  attackPage = html;
  const page = await context.newPage();
  await page.goto(`${evil()}/`);
  await page.waitForFunction(() => document.title === 'done');
  await page.close();
}

/** Who the victim's browser is logged in as on jmst, by the site's own member info call (null: a visitor). */
async function whoOnSite(context: BrowserContext): Promise<string | null> {
  const body = await fromSite(context, 'GET', apiPaths.memberInfo);
  return body.status === 0 ? ((body.data as { userName?: string } | null)?.userName ?? null) : null;
}

describe('cross-site requests in Chromium', () => {
  it('a text/plain form on another site does not log the victim into the attacker’s account', async () => {
    const context = await browser.newContext();
    // the classic login CSRF: a text/plain form whose body is the attacker's JSON
    const name = `{"account":"${MALLORY.account}","password":"${MALLORY.password}","pad":"`;
    attackPage = `<!doctype html><title>attack</title><form method="post" enctype="text/plain" action="${site()}${apiPaths.login}"><input name='${name}' value='"}'></form><script>document.forms[0].submit()</script>`;
    const page = await context.newPage();
    const answered = page.waitForResponse((response) => response.url().endsWith(apiPaths.login));
    await page.goto(`${evil()}/`);
    const answer = await answered;
    expect(((await answer.json()) as { status: number }).status).toBe(403);
    expect((await context.cookies(site())).map((cookie) => cookie.name)).not.toContain('commonToken');
    expect(await whoOnSite(context)).toBeNull();
    await context.close();
  });

  it('a sister sub-domain’s page neither collects nor edits the profile as the victim', async () => {
    const { context, token } = await victim();
    const article = Number(
      one(
        portal.db,
        "SELECT a.id FROM articles a JOIN sites s ON s.id = a.site_id WHERE s.sld = 'jmst' ORDER BY a.id LIMIT 1",
      )?.['id'],
    );
    await visitAttacker(
      context,
      `<!doctype html><title>attack</title><iframe name="sink"></iframe>
<form id="profile" method="post" enctype="multipart/form-data" target="sink" action="${site()}${apiPaths.memberSaveInfo}"><input name="name" value="Mallory"></form>
<script>
  const sink = document.querySelector('iframe');
  const posted = new Promise((resolve) => sink.addEventListener('load', resolve, { once: true }));
  document.getElementById('profile').submit();
  const collected = fetch('${site()}${apiPaths.memberCollect}', { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ type: 'article', id: ${article} }) });
  Promise.allSettled([posted, collected]).then(() => { document.title = 'done'; });
</script>`,
    );
    expect((await info(token)).data.name).not.toBe('Mallory');
    const collects = await portal.request('jmst', `${apiPaths.memberCollects}?type=article&page=1&size=10`, {
      headers: { token },
    });
    expect(JSON.parse(collects.body)).toMatchObject({ status: 0, data: { total: 0 } });
    // the victim's own session is untouched
    expect(await whoOnSite(context)).not.toBeNull();
    await context.close();
  });

  it('a parent-domain token cookie planted by a sister sub-domain does not replace the victim’s session', async () => {
    const { context, userName } = await victim();
    const mallory = await portal.request('jmst', apiPaths.login, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(MALLORY),
    });
    const malloryToken = (JSON.parse(mallory.body) as { data: { token: string } }).data.token;
    await visitAttacker(
      context,
      `<!doctype html><title>attack</title><script>document.cookie = 'token=${malloryToken}; domain=${BASE}; path=/'; document.title = 'done';</script>`,
    );
    expect((await context.cookies(site())).find((cookie) => cookie.name === 'token')?.domain).toBe(`.${BASE}`);
    expect(await whoOnSite(context)).toBe(userName);
    await context.close();
  });
});
