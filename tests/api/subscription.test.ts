/**
 * E-mail subscription over the API, with the mail read from the outbox: code, subscribe (double
 * opt-in), confirm, unsubscribe; then an import publishes an issue and an online-first article and
 * every confirmed subscriber gets exactly one digest, with an unsubscribe link, once.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { importContent } from '../../src/server/import/index.ts';
import { createLocalSource } from '../../src/server/local-source.ts';
import { outboxMailer } from '../../src/server/mail/mailer.ts';
import { outboxMessages } from '../../src/server/store/outbox.ts';
import { sendDigests } from '../../src/server/subscriptions/digest.ts';
import { type ApiFixture, createApiFixture } from './api-fixture.ts';

let api: ApiFixture;
const fixture = JSON.parse(readFileSync(new URL('../fixtures/import-good.json', import.meta.url), 'utf8')) as {
  site: { sld: string };
  periods: Record<string, unknown>[];
  articles: Record<string, unknown>[];
};

beforeAll(async () => {
  api = await createApiFixture({ articles: 200 });
});
afterAll(() => api.cleanup());

const post = (sld: string, path: string, body: unknown, lang: 'zh' | 'en' = 'en') =>
  api.json(`${path}?lang=${lang}`, { sld, method: 'POST', body });

async function lastMailTo(address: string) {
  const [mail] = await outboxMessages(api.demo.db, { recipient: address, limit: 1 });
  if (!mail) throw new Error(`no mail to ${address}`);
  return mail;
}

/** Subscribes through the API the way the page does and answers the confirm and unsubscribe secrets. */
async function subscribe(
  sld: string,
  email: string,
  lang: 'zh' | 'en' = 'en',
): Promise<{ confirm: string; unsubscribe: string }> {
  expect((await post(sld, apiPaths.subscriptionCode, { email }, lang)).status).toBe(0);
  const code = /\b(\d{6})\b/.exec((await lastMailTo(email)).text)?.[1] ?? '';
  const answer = await post(sld, apiPaths.subscribe, { email, code }, lang);
  expect(answer.status, answer.message).toBe(0);
  const text = (await lastMailTo(email)).text;
  return {
    confirm: /[?&]confirm=([\w-]+)/.exec(text)?.[1] ?? '',
    unsubscribe: /[?&]unsubscribe=([\w-]+)/.exec(text)?.[1] ?? '',
  };
}

describe('subscribing', () => {
  it('asks for the code, then mails a confirm link on the same origin with an unsubscribe link', async () => {
    expect((await post('jmst', apiPaths.subscriptionCode, { email: 'Reader@Example.org' })).message).toBe(
      'A verification code has been sent to your e-mail',
    );
    const codeMail = await lastMailTo('reader@example.org');
    expect(codeMail.subject).toMatch(/verification code/);
    const code = /\b(\d{6})\b/.exec(codeMail.text)?.[1] ?? '';
    const wrong = await post(
      'jmst',
      apiPaths.subscribe,
      { email: 'reader@example.org', code: code === '000000' ? '111111' : '000000' },
      'zh',
    );
    expect(wrong).toMatchObject({ status: 400, message: '验证码错误或已过期' });

    const ok = await post('jmst', apiPaths.subscribe, { email: 'reader@example.org', code });
    expect(ok).toMatchObject({ status: 0, data: { outcome: 'confirmSent' } });
    const confirmMail = await lastMailTo('reader@example.org');
    expect(confirmMail.text).toMatch(/http:\/\/jmst\.localhost:4321\/en\/emailSubscribe\/\?confirm=[\w-]{20,}/);
    expect(confirmMail.text).toMatch(/http:\/\/jmst\.localhost:4321\/en\/emailSubscribe\/\?unsubscribe=[\w-]{20,}/);
    // the code was used up
    expect((await post('jmst', apiPaths.subscribe, { email: 'reader@example.org', code })).status).toBe(400);
  });

  it("confirms only on the subscription's own site, and unsubscribes with the link", async () => {
    const links = await subscribe('jmst', 'both@example.org');
    expect((await post('cpg', apiPaths.subscriptionConfirm, { token: links.confirm })).status).toBe(404);
    expect(await post('jmst', apiPaths.subscriptionConfirm, { token: links.confirm })).toMatchObject({
      status: 0,
      message: expect.stringMatching(/^Subscribed/),
    });
    // subscribing again once confirmed says so and sends no second confirm mail
    expect((await post('jmst', apiPaths.subscriptionCode, { email: 'both@example.org' })).status).toBe(0);
    const code = /\b(\d{6})\b/.exec((await lastMailTo('both@example.org')).text)?.[1] ?? '';
    expect((await post('jmst', apiPaths.subscribe, { email: 'both@example.org', code })).data).toEqual({
      outcome: 'alreadySubscribed',
    });

    expect((await post('cpg', apiPaths.unsubscribe, { token: links.unsubscribe })).status).toBe(404);
    expect((await post('jmst', apiPaths.unsubscribe, { token: links.unsubscribe })).status).toBe(0);
    expect((await post('jmst', apiPaths.unsubscribe, { token: links.unsubscribe })).status).toBe(404);
  });

  it('refuses a malformed address or secret with a message, not a crash', async () => {
    expect((await post('jmst', apiPaths.subscriptionCode, { email: 'not-an-address' })).status).toBe(400);
    for (const email of ['x<attacker@evil.com>', 'victim@corp.com,attacker@evil.com'])
      expect((await post('jmst', apiPaths.subscriptionCode, { email })).status, email).toBe(400);
    expect((await post('jmst', apiPaths.subscriptionConfirm, { token: '../../etc' })).status).toBe(400);
    expect(api.errors).toEqual([]);
  });
});

describe('digests', () => {
  it('an import that publishes an issue and an online-first article mails each confirmed subscriber once', async () => {
    const db = api.demo.db;
    const source = createLocalSource(db);
    const deps = () => ({
      db,
      source,
      mailer: outboxMailer(db),
      baseDomain: 'portal.test',
      now: new Date(),
      log: () => {},
    });
    await importContent(db, fixture);
    // what was published before anyone subscribed is not news to later subscribers
    await sendDigests(deps());

    const sld = fixture.site.sld;
    const en = await subscribe(sld, 'en-reader@example.org', 'en');
    const zh = await subscribe(sld, 'zh-reader@example.org', 'zh');
    await subscribe(sld, 'pending@example.org', 'en');
    for (const links of [en, zh])
      expect((await post(sld, apiPaths.subscriptionConfirm, { token: links.confirm })).status).toBe(0);
    const before = (await outboxMessages(db, { limit: 1000 })).length;

    const [template] = fixture.articles;
    await importContent(db, {
      ...fixture,
      periods: [...fixture.periods, { issn: '0253-2239', year: 2026, volume: 46, issue: 3, publishDate: '2026-03-10' }],
      articles: [
        {
          ...template,
          period: { year: 2026, issue: 3 },
          doi: '10.3788/AOS.2026.03.001',
          title: '第三期的新文章',
          enTitle: 'A new article of issue 3',
        },
        {
          ...template,
          period: undefined,
          status: 'online-first',
          doi: '10.3788/AOS.2026.OF.001',
          title: '网络首发新文章',
          enTitle: 'A new online-first article',
        },
      ],
    });
    expect(await sendDigests(deps())).toBe(2);
    expect(await sendDigests(deps())).toBe(0);
    // a correction of those articles (docs/product-rules.md#import) is not news: nobody is mailed again
    await importContent(db, {
      ...fixture,
      articles: [
        {
          ...template,
          period: { year: 2026, issue: 3 },
          doi: '10.3788/AOS.2026.03.001',
          title: '第三期的新文章（更正）',
          enTitle: 'A new article of issue 3 (corrected)',
        },
      ],
    });
    expect(await sendDigests(deps())).toBe(0);

    const digests = (await outboxMessages(db, { limit: 1000 })).slice(
      0,
      (await outboxMessages(db, { limit: 1000 })).length - before,
    );
    expect(digests.map((mail) => mail.recipient).sort()).toEqual(['en-reader@example.org', 'zh-reader@example.org']);
    const enMail = digests.find((mail) => mail.recipient === 'en-reader@example.org');
    expect(enMail?.subject).toBe('Journal of Optics: new issue and online-first articles');
    expect(enMail?.text).toContain('A new article of issue 3');
    expect(enMail?.text).toContain('Online first: A new online-first article');
    expect(enMail?.text).toContain(`https://${sld}.portal.test/en/issue/2026/3/`);
    expect(enMail?.text).toContain(`https://${sld}.portal.test/en/emailSubscribe/?unsubscribe=${en.unsubscribe}`);
    const zhMail = digests.find((mail) => mail.recipient === 'zh-reader@example.org');
    expect(zhMail?.text).toContain('第三期的新文章');
    expect(zhMail?.text).toContain(`unsubscribe=${zh.unsubscribe}`);
  });
});
