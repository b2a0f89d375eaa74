/**
 * Accounts in Chromium: register with a code from the outbox, log out, log in, see the
 * masked name, collect an article and a picture (the favourites' type tabs), create an album with a
 * cover, add the article to it from its page and remove it again, edit the profile with an avatar,
 * subscribe an e-mail address and unsubscribe it, change the password, be sent to login when the
 * session has expired, and reset the password with a code. The header's book-cloud entry: a visitor
 * opens the book site, a member jumps with a token, a failed config lookup leaves it off. Also the
 * server's side: /personal sends visitors to login, a `token` query parameter becomes the session
 * cookie.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictionary } from '../../src/i18n/index.ts';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { maskUserName } from '../../src/lib/mask.ts';
import { canonical } from '../../src/lib/routes.ts';
import { outboxMessages } from '../../src/server/store/outbox.ts';
import { launchBrowser, type Portal, startPortal } from './harness.ts';

const t = dictionary('en');
const a = t.account;
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d1c7d90000000049454e44ae426082',
  'hex',
);
const BMP = Buffer.concat([
  Buffer.from(
    '424d3a0000000000000036000000280000000100000001000000010018000000000004000000130b0000130b00000000000000000000',
    'hex',
  ),
  Buffer.from([0, 0, 255, 0]),
]);

const FILES = mkdtempSync(join(tmpdir(), 'account-files-'));

/**
 * A file of `bytes` on disk for a file input: Chromium reads a path itself, where a buffer of
 * megabytes is sent into the page as base64 and decoded there (seconds on a loaded machine).
 */
function bigFile(name: string, bytes: number): string {
  const path = join(FILES, name);
  writeFileSync(path, Buffer.alloc(bytes));
  return path;
}

let portal: Portal;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let article: { id: number; title: string };

const MOBILE = '13900002222';
const BOOK_URL = 'https://books.example.org/cloud';
const origin = () => portal.origin('jmst');

beforeAll(async () => {
  portal = await startPortal({
    articles: 40,
    env: { BOOK_CLOUD_URL: BOOK_URL, BOOK_JUMP_SECRET: 'e2e-book-jump-secret-0123456789abcdef' },
  });
  browser = await launchBrowser();
  context = await browser.newContext();
  // the external book site, answered here instead of on the network
  await context.route(`${BOOK_URL}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Books</title>' }),
  );
  page = await context.newPage();
  article = portal.db
    .prepare(
      "SELECT id, en_title AS title FROM articles WHERE site_id = 1 AND status = 'formal' AND en_title IS NOT NULL ORDER BY id LIMIT 1",
    )
    .get() as typeof article;
});

afterAll(async () => {
  await browser?.close();
  await portal?.close();
  rmSync(FILES, { recursive: true, force: true });
});

const hydrated = (name: string) =>
  page.waitForFunction((n) => document.querySelector(`astro-island[component-url*="${n}"]:not([ssr])`), name);
const toast = (text: string) => page.locator('.toast', { hasText: text }).first().waitFor();

async function logIn(password: string): Promise<void> {
  await page.goto(`${origin()}/login?lang=en`);
  await hydrated('AccountForm');
  await page.getByLabel(a.account).fill(MOBILE);
  await page.getByLabel(a.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: a.submitLogin, exact: true }).click();
  await page.waitForURL(/\/personal\?lang=en$/);
}

/**
 * Opens a page from a blank one (so a call of the page before is not taken for this one's) and
 * answers the envelope of its book-config lookup.
 */
async function openWithBookLookup(path: string): Promise<unknown> {
  await page.goto('about:blank');
  const looked = page.waitForResponse((response) => response.url().includes(apiPaths.configByName));
  await page.goto(origin() + path);
  return (await looked).json();
}

/** Opens a form page that sends a code, asks for one for MOBILE, fills it in from the outbox, and the new password twice. */
async function fillCodeForm(path: string, password: string): Promise<void> {
  await page.goto(origin() + path);
  await hydrated('AccountForm');
  await page.getByLabel(a.mobileOrEmail).fill(MOBILE);
  await page.getByRole('button', { name: a.getCode }).click();
  // the button counts down while the SMS goes to the outbox (development sender)
  await page.getByRole('button', { name: /Again in \d+ s/ }).waitFor();
  const [sms] = await outboxMessages(portal.db, { recipient: MOBILE, limit: 1 });
  const code = sms?.text.match(/\b\d{6}\b/)?.[0] ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await page.getByLabel(a.code, { exact: true }).fill(code);
  await page.getByLabel(a.newPassword).fill(password);
  await page.getByLabel(a.confirmPassword).fill(password);
}

/** Collects the resource of a page with its collect button, then opens the personal centre. */
async function collectThenOpenPersonal(path: string): Promise<void> {
  await page.goto(origin() + path);
  await hydrated('CollectButton');
  const collect = page.locator('.collect-button');
  await expect.poll(() => collect.textContent()).toBe(t.pages.collect);
  await collect.click();
  await expect.poll(() => collect.textContent()).toBe(a.collected);
  await page.goto(`${origin()}/personal?lang=en`);
  await hydrated('PersonalCentre');
}

describe('accounts in the browser', () => {
  it('sends a visitor of /personal to the login page from the server, and the login page hides the title nav', async () => {
    const answer = await portal.request('jmst', '/personal?lang=en');
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('/login?lang=en');
    const login = await portal.request('jmst', '/login?lang=en');
    expect(login.status).toBe(200);
    expect(login.body).toContain(`<h1>${a.loginTitle}</h1>`);
    expect(login.body).not.toContain('class="header-nav');
  });

  it('offers no third-party login where none is configured', async () => {
    await page.goto(`${origin()}/accountBinding?lang=en`);
    await hydrated('ThirdPartyLogins');
    await page.getByText(a.bindingNone).waitFor();
    expect(await page.getByText(t.api.userNotBound).count()).toBe(1);
    await page.goto(`${origin()}/login?lang=en`);
    await hydrated('ThirdPartyLogins');
    expect(await page.locator('.third-logins').count()).toBe(0);
  });

  it('shows a visitor the book-cloud entry in the header only where BOOK_CLOUD_CHECK is true; it opens the book site', async () => {
    expect(await openWithBookLookup('/en/home/')).toMatchObject({ status: 0, data: { configValue: '' } });
    expect(await page.locator('.book-cloud').count()).toBe(0);

    portal.db.prepare("INSERT INTO site_configs (site_id, name, value) VALUES (1, 'BOOK_CLOUD_CHECK', 'true')").run();
    expect(await openWithBookLookup('/en/home/')).toMatchObject({ status: 0, data: { configValue: 'true' } });
    const entry = page.locator('.header-topbar').getByRole('button', { name: a.bookCloud });
    await entry.waitFor();
    const popup = page.waitForEvent('popup');
    await entry.click();
    const book = await popup;
    await book.waitForURL(BOOK_URL);
    // a visitor gets the book site itself, no token
    expect(book.url()).toBe(BOOK_URL);
    await book.close();
  });

  it('leaves the entry off and toasts the server message when the config lookup fails', async () => {
    portal.db.exec('ALTER TABLE site_configs RENAME TO site_configs_away');
    try {
      expect(await openWithBookLookup('/en/home/')).toMatchObject({ status: 500, message: t.api.serverError });
      await toast(t.api.serverError);
      expect(await page.locator('.book-cloud').count()).toBe(0);
    } finally {
      portal.db.exec('ALTER TABLE site_configs_away RENAME TO site_configs');
    }
  });

  it('registers with a code from the outbox, shows the masked name, logs out and in again', async () => {
    await fillCodeForm('/register?lang=en', 'Browser2026Pw');
    // the agreement first (docs/product-rules.md#account-rules)
    await page.getByRole('button', { name: a.submitRegister }).click();
    await toast(t.api.agreementRequired);
    await page.getByLabel(a.agreement).check();
    await page.getByRole('button', { name: a.submitRegister }).click();
    await page.waitForURL(/\/personal\?lang=en$/);

    await hydrated('LoginState');
    const userButton = page.locator('.user-menu > button');
    await expect.poll(() => userButton.textContent()).toBe(maskUserName(MOBILE));
    expect(maskUserName(MOBILE)).toBe('139****2222');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'commonToken')?.httpOnly).toBe(true);

    await userButton.click();
    await page.getByRole('button', { name: t.shell.logout }).click();
    await toast(t.api.logoutSuccess);
    await page.waitForURL(/\/login\?lang=en$/);
    expect((await context.cookies()).find((c) => c.name === 'commonToken')).toBeUndefined();

    await logIn('Browser2026Pw');
    await hydrated('LoginState');
    await expect.poll(() => page.locator('.user-menu > button').textContent()).toBe('139****2222');
  });

  it('collects an article and finds it in the personal centre', async () => {
    await collectThenOpenPersonal(canonical.article('en', article.id));
    await page
      .locator('#personal-panel li', { hasText: article.title.slice(0, 20) })
      .first()
      .waitFor();
    await page.getByRole('tab', { name: a.tabHistory }).click();
    await page.locator('#personal-panel li').first().waitFor();
  });

  it('collects a picture from its page and finds it under the picture tab of the favourites', async () => {
    const picture = portal.db
      .prepare("SELECT id, en_caption AS title FROM figures WHERE site_id = 1 AND kind = 'picture' ORDER BY id LIMIT 1")
      .get() as { id: number; title: string };
    await collectThenOpenPersonal(canonical.resource('en', 'picture', picture.id));
    const rows = page.locator('#collect-items li');
    await rows.filter({ hasText: article.title.slice(0, 20) }).waitFor();
    expect(await rows.filter({ hasText: picture.title }).count()).toBe(0);
    await page.getByRole('tab', { name: t.pages.resourceTypes.picture }).click();
    await rows.filter({ hasText: picture.title }).waitFor();
    expect(await rows.filter({ hasText: article.title.slice(0, 20) }).count()).toBe(0);
  });

  it("jumps a member to the book site with a signed token from the header's entry", async () => {
    await page.reload();
    await hydrated('PersonalCentre');
    const popup = page.waitForEvent('popup');
    await page.locator('.header-topbar').getByRole('button', { name: a.bookCloud }).click();
    const book = await popup;
    await book.waitForURL(/^https:\/\/books\.example\.org\/cloud\?token=/);
    expect(new URL(book.url()).searchParams.get('token')).toMatch(/^[\w-]+\.[\w-]+$/);
    await book.close();
  });

  it('creates an album with a cover and edits the profile with an avatar', async () => {
    await page.getByRole('tab', { name: a.tabAlbum }).click();
    await page.getByLabel(a.albumName).fill('Fatigue papers');
    await page.getByLabel(a.albumCover).setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: a.createAlbum }).click();
    const album = page.locator('#personal-panel li', { hasText: 'Fatigue papers' });
    await album.waitFor();
    // the row shows before its cover has loaded: wait for the picture itself
    await expect
      .poll(() => album.locator('img.album-cover').evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBe(1);

    await page.getByRole('tab', { name: a.tabInfo }).click();
    await page.getByLabel(a.name, { exact: true }).fill('Li Hua');
    await page.getByLabel(a.avatar).setInputFiles({ name: 'me.bmp', mimeType: 'image/bmp', buffer: BMP });
    await page.getByRole('button', { name: a.save }).click();
    await toast(t.api.saved);
    await page.locator('#personal-panel img.avatar').waitFor();
    expect(await page.getByLabel(a.name, { exact: true }).inputValue()).toBe('Li Hua');
  });

  it("checks a picture's type and size before sending: a 6 MB photo, a phone's HEIC and a 4 MB cover get SPEC's messages, and nothing is uploaded", async () => {
    const uploads: string[] = [];
    const watch = (request: Request) => {
      if (
        request.method() === 'POST' &&
        [apiPaths.memberSaveInfo, apiPaths.personalAlbumSave].some((path) => request.url().includes(path))
      )
        uploads.push(request.url());
    };
    page.on('request', watch);
    try {
      await page.getByRole('tab', { name: a.tabInfo }).click();
      await page.getByLabel(a.avatar).setInputFiles(bigFile('IMG_2026.jpg', 6 * 1024 * 1024));
      await page.getByRole('button', { name: a.save }).click();
      await toast(t.api.avatarTooLarge);
      expect(uploads).toEqual([]);
      await page.getByLabel(a.avatar).setInputFiles({ name: 'IMG_2027.heic', mimeType: 'image/heic', buffer: PNG });
      await page.getByRole('button', { name: a.save }).click();
      await toast(t.api.avatarType);
      expect(uploads).toEqual([]);
      await page.getByRole('tab', { name: a.tabAlbum }).click();
      await page.getByLabel(a.albumName).fill('Too big');
      await page.getByLabel(a.albumCover).setInputFiles(bigFile('cover.jpg', 4 * 1024 * 1024));
      await page.getByRole('button', { name: a.createAlbum }).click();
      await toast(t.api.coverTooLarge);
    } finally {
      page.off('request', watch);
    }
    expect(uploads).toEqual([]);
    expect(await page.locator('#personal-panel li', { hasText: 'Too big' }).count()).toBe(0);
  });

  it('adds the article to the album from its page, finds it under the thesis tab, and removes it', async () => {
    await page.goto(origin() + canonical.article('en', article.id));
    await hydrated('AlbumAddButton');
    await page.getByRole('button', { name: a.addToAlbum }).click();
    await page.getByRole('group', { name: a.chooseAlbum }).getByRole('button', { name: 'Fatigue papers' }).click();
    await toast(a.addedToAlbum.replace('{album}', 'Fatigue papers'));

    await page.goto(`${origin()}/personal?lang=en`);
    await hydrated('PersonalCentre');
    await page.getByRole('tab', { name: a.tabAlbum }).click();
    await page
      .locator('#personal-panel li', { hasText: 'Fatigue papers' })
      .getByRole('button', { name: a.openAlbum })
      .click();
    const row = page.locator('#album-items li', { hasText: article.title.slice(0, 20) });
    // the thesis tab is the first; the picture tab does not hold the article
    await row.waitFor();
    expect(await page.getByRole('tab', { name: t.pages.resourceTypes.article }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await page.getByRole('tab', { name: t.pages.resourceTypes.picture }).click();
    await page.locator('#album-items p', { hasText: a.empty }).waitFor();
    await page.getByRole('tab', { name: t.pages.resourceTypes.article }).click();
    await row.getByRole('button', { name: a.removeFromAlbum }).click();
    await page.locator('#album-items p', { hasText: a.empty }).waitFor();
    expect(await row.count()).toBe(0);
    await page.getByRole('button', { name: a.backToAlbums }).click();
  });

  it('subscribes an address with a code and its confirm link, sees it subscribed, and unsubscribes', async () => {
    const address = 'browser.reader@example.org';
    await page.getByRole('tab', { name: a.tabSubscribe }).click();
    await page.locator('#personal-panel p', { hasText: a.empty }).waitFor();
    await page.getByRole('textbox', { name: a.email, exact: true }).fill(address);
    await page.getByRole('button', { name: a.getCode }).click();
    await toast(t.api.subscribeCodeSent);
    const [codeMail] = await outboxMessages(portal.db, { recipient: address, limit: 1 });
    await page.getByLabel(a.code, { exact: true }).fill(codeMail?.text.match(/\b\d{6}\b/)?.[0] ?? '');
    await page.getByRole('button', { name: a.subscribeSubmit }).click();
    await toast(t.api.subscribeConfirmSent);
    const row = page.locator('#personal-panel li', { hasText: address });
    await row.filter({ hasText: a.subscriptionPending }).waitFor();

    const [confirmMail] = await outboxMessages(portal.db, { recipient: address, limit: 1 });
    const confirmLink = /(http:\/\/\S+\?confirm=[\w-]+)/.exec(confirmMail?.text ?? '')?.[1] ?? '';
    expect(confirmLink.startsWith(origin())).toBe(true);
    const confirmPage = await context.newPage();
    await confirmPage.goto(confirmLink);
    await confirmPage.waitForFunction(() =>
      document.querySelector('astro-island[component-url*="SubscribeForm"]:not([ssr])'),
    );
    await confirmPage.getByRole('button', { name: t.subscribe.confirmButton }).click();
    await confirmPage.locator('.subscribe-status', { hasText: t.api.subscribeConfirmed }).waitFor();
    await confirmPage.close();

    await page.reload();
    await hydrated('PersonalCentre');
    await page.getByRole('tab', { name: a.tabSubscribe }).click();
    await row.filter({ hasText: a.subscriptionConfirmed }).waitFor();
    await row.getByRole('button', { name: a.unsubscribe }).click();
    await toast(t.api.subscribeUnsubscribed);
    await page.locator('#personal-panel p', { hasText: a.empty }).waitFor();
    expect(await row.count()).toBe(0);
  });

  it('changes the password: sent to login, the old one no longer works, the new one does', async () => {
    await page.getByRole('tab', { name: a.tabAccount }).click();
    await page.getByLabel(a.oldPassword).fill('Browser2026Pw');
    await page.getByLabel(a.newPassword).fill('Browser2027Pw');
    await page.getByLabel(a.confirmPassword).fill('Browser2027Pw');
    await page.getByRole('button', { name: a.changePassword }).click();
    await page.waitForURL(/\/login\?lang=en$/);
    await hydrated('AccountForm');
    await page.getByLabel(a.account).fill(MOBILE);
    await page.getByLabel(a.password, { exact: true }).fill('Browser2026Pw');
    await page.getByRole('button', { name: a.submitLogin, exact: true }).click();
    await toast(t.api.wrongPassword);
    await logIn('Browser2027Pw');
  });

  it('is sent to the login page when the session has expired', async () => {
    // First a page whose member calls all succeed, so no call of an earlier page is still on its
    // way when the session expires (its 401 would log the browser out before the one we look at).
    const settled = ['isCollect', 'addHistory'].map((name) =>
      page.waitForResponse((response) => response.url().includes(`/frontMembers/${name}`)),
    );
    await page.goto(origin() + canonical.article('en', article.id));
    for (const answer of settled) expect(((await (await answer).json()) as { status: number }).status).toBe(0);

    portal.db.prepare("UPDATE sessions SET expires_at = '2000-01-01T00:00:00.000Z'").run();
    // The toast lives 2 s and shows once the Toaster island (client:idle) is mounted, which a loaded
    // machine may not manage before the page moves on; the 401 and its message are what the page
    // got (tests/unit/api-client.test.ts checks the handler toasts it), the move is what it did.
    const refused = page.waitForResponse((response) => response.url().includes('/frontMembers/isCollect'));
    await page.reload();
    expect(await (await refused).json()).toMatchObject({ status: 401, message: t.api.unauthorized });
    await page.waitForURL(/\/login\?lang=en$/);
  });

  it('exchanges a token query parameter for the session and removes it from the URL', async () => {
    await context.clearCookies();
    const token = 'e2e-token-0123456789abcdef';
    const { createHash } = await import('node:crypto');
    const user = portal.db.prepare('SELECT id FROM users WHERE site_id = 1 AND user_name = ?').get(MOBILE) as {
      id: number;
    };
    portal.db
      .prepare('INSERT INTO sessions (token_hash, user_id, site_id, created_at, expires_at) VALUES (?, ?, 1, ?, ?)')
      .run(
        createHash('sha256').update(token).digest('hex'),
        user.id,
        new Date().toISOString(),
        new Date(Date.now() + 3_600_000).toISOString(),
      );
    await page.goto(`${origin()}/en/home/?token=${token}`);
    expect(new URL(page.url()).search).toBe('');
    await hydrated('LoginState');
    await expect.poll(() => page.locator('.user-menu > button').textContent()).toBe('139****2222');
  });

  it('logs in without JavaScript: the form posts to the page, a refusal is said there, a post from elsewhere is refused', async () => {
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noJs.newPage();
    await plain.goto(`${origin()}/login?lang=en`);
    await plain.getByLabel(a.account).fill(MOBILE);
    await plain.getByLabel(a.password, { exact: true }).fill('Wrong2027Pw');
    await plain.getByRole('button', { name: a.submitLogin, exact: true }).click();
    await plain.waitForURL(/\/login\?lang=en&problem=wrongPassword$/);
    expect(await plain.getByRole('alert').textContent()).toBe(t.api.wrongPassword);

    await plain.getByLabel(a.account).fill(MOBILE);
    await plain.getByLabel(a.password, { exact: true }).fill('Browser2027Pw');
    await plain.getByRole('button', { name: a.submitLogin, exact: true }).click();
    await plain.waitForURL(/\/personal\?lang=en$/);
    expect((await noJs.cookies()).find((c) => c.name === 'commonToken')?.httpOnly).toBe(true);
    await noJs.close();

    const body = new URLSearchParams({ account: MOBILE, password: 'Browser2027Pw' }).toString();
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const elsewhere = await portal.request('jmst', '/login?lang=en', {
      method: 'POST',
      headers: { ...form, origin: 'http://evil.example' },
      body,
    });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.headers['set-cookie']).toBeUndefined();
    // a page that will not say what a URL tells it
    const odd = await portal.request('jmst', '/login?lang=en&problem=%3Cb%3Eyou%20won%3C/b%3E');
    expect(odd.body).not.toContain('you won');
    expect(odd.body).not.toContain('role="alert"');
  });

  it('resets the password on /forgetCode: a success toast, then the login page, where the new password works', async () => {
    await fillCodeForm('/forgetCode?lang=en', 'Browser2028Pw');
    await page.getByRole('button', { name: a.submitReset }).click();
    await toast(t.api.passwordReset);
    // the toast is seen on the reset page, before the login page opens
    expect(new URL(page.url()).pathname).toBe('/forgetCode');
    await page.waitForURL(/\/login\?lang=en$/);
    await logIn('Browser2028Pw');
  });
});
