/**
 * A member's e-mail subscriptions (frontMembers subscribe, isSubscribe, subscribeList,
 * unSubscribe): the registered address directly, another address by the double opt-in, the product's
 * envelope in both languages, and that no member reads or ends another member's or site's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { outboxMessages } from '../../src/server/store/outbox.ts';
import { confirmedSubscribers } from '../../src/server/store/subscriptions.ts';
import { accountCalls } from './account-calls.ts';
import { type ApiFixture, createApiFixture } from './api-fixture.ts';

let api: ApiFixture;
const { post, lastCode, registered } = accountCalls(() => api);

beforeAll(async () => {
  api = await createApiFixture({ articles: 40 });
});
afterAll(() => api.cleanup());

type Subscription = { id: number; email: string; confirmed: boolean };
const get = (path: string, token: string, sld = 'jmst') => api.json(path, { sld, headers: { token } });
const list = async (token: string, sld = 'jmst') =>
  (await get(apiPaths.memberSubscribeList, token, sld)).data as Subscription[];

async function lastMail(address: string) {
  const [mail] = await outboxMessages(api.demo.db, { recipient: address, limit: 1 });
  if (!mail) throw new Error(`no mail to ${address}`);
  return mail;
}

async function subscribersOf(siteId: number) {
  return (await confirmedSubscribers(api.demo.db, siteId)).map((subscriber) => subscriber.email);
}

describe('member e-mail subscriptions', () => {
  it('subscribe the address the member registered with at once, with an unsubscribe link in the mail', async () => {
    const token = await registered('first.member@example.org');
    expect(await get(apiPaths.memberIsSubscribe, token)).toMatchObject({
      status: 0,
      data: { email: 'first.member@example.org', verified: true, subscribed: false, pending: false },
    });

    expect(await post(apiPaths.memberSubscribe, {}, { token })).toMatchObject({
      status: 0,
      data: { outcome: 'subscribed' },
    });
    const mail = await lastMail('first.member@example.org');
    expect(mail.subject).toBe('材料科学与技术学报：订阅成功');
    expect(mail.text).toMatch(/http:\/\/jmst\.localhost:4321\/zh\/emailSubscribe\/\?unsubscribe=[\w-]{20,}/);
    expect(await get(apiPaths.memberIsSubscribe, token)).toMatchObject({ data: { subscribed: true, pending: false } });
    expect(await list(token)).toMatchObject([{ email: 'first.member@example.org', confirmed: true }]);
    expect(await subscribersOf(1)).toContain('first.member@example.org');

    // again: nothing changes, no second mail
    const mails = (await outboxMessages(api.demo.db, { recipient: 'first.member@example.org', limit: 50 })).length;
    expect(await post(apiPaths.memberSubscribe, { email: 'First.Member@Example.org' }, { token })).toMatchObject({
      status: 0,
      data: { outcome: 'alreadySubscribed' },
    });
    expect((await outboxMessages(api.demo.db, { recipient: 'first.member@example.org', limit: 50 })).length).toBe(
      mails,
    );

    // the unsubscribe link of the mail works as every subscription mail's does
    const secret = /unsubscribe=([\w-]+)/.exec(mail.text)?.[1] ?? '';
    expect(await post(apiPaths.unsubscribe, { token: secret })).toMatchObject({ status: 0 });
    expect(await list(token)).toEqual([]);
  });

  it('ask for a code, then a confirm link, for an address the member has not proven', async () => {
    const token = await registered('13900000101');
    expect(await post(apiPaths.memberSubscribe, {}, { token })).toMatchObject({
      status: 400,
      message: '请先在个人信息中填写邮箱',
    });
    expect(await post(apiPaths.memberSubscribe, {}, { token, lang: 'en' })).toMatchObject({
      status: 400,
      message: 'Add an e-mail address to your information first',
    });

    const form = new FormData();
    form.set('email', 'typed@example.org');
    expect(await api.json(apiPaths.memberSaveInfo, { method: 'POST', body: form, headers: { token } })).toMatchObject({
      status: 0,
    });
    expect(await get(apiPaths.memberIsSubscribe, token)).toMatchObject({
      data: { email: 'typed@example.org', verified: false, subscribed: false },
    });
    expect(await post(apiPaths.memberSubscribe, {}, { token })).toMatchObject({
      status: 400,
      message: '请先获取邮箱验证码',
    });
    expect(await post(apiPaths.memberSubscribe, {}, { token, lang: 'en' })).toMatchObject({
      status: 400,
      message: 'Get a verification code for this address first',
    });
    expect(await post(apiPaths.memberSubscribe, { email: 'not-an-address' }, { token, lang: 'en' })).toMatchObject({
      status: 400,
      message: 'Invalid parameter: email',
    });

    expect(await post(apiPaths.subscriptionCode, { email: 'typed@example.org' }, { token })).toMatchObject({
      status: 0,
    });
    const code = await lastCode('typed@example.org');
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await post(apiPaths.memberSubscribe, { code: wrong }, { token, lang: 'en' })).toMatchObject({
      status: 400,
      message: 'The verification code is wrong or has expired',
    });
    expect(await post(apiPaths.memberSubscribe, { code }, { token, lang: 'en' })).toMatchObject({
      status: 0,
      data: { outcome: 'confirmSent' },
    });
    expect(await get(apiPaths.memberIsSubscribe, token)).toMatchObject({ data: { subscribed: false, pending: true } });
    expect(await list(token)).toMatchObject([{ email: 'typed@example.org', confirmed: false }]);
    expect(await subscribersOf(1)).not.toContain('typed@example.org');

    const confirm = /[?&]confirm=([\w-]+)/.exec((await lastMail('typed@example.org')).text)?.[1] ?? '';
    expect(await post(apiPaths.subscriptionConfirm, { token: confirm })).toMatchObject({ status: 0 });
    expect(await get(apiPaths.memberIsSubscribe, token)).toMatchObject({ data: { subscribed: true, pending: false } });
    expect(await subscribersOf(1)).toContain('typed@example.org');
  });

  it('are each member’s own: another member neither lists nor ends them, even naming the address in a profile', async () => {
    const owner = await registered('owner.member@example.org');
    expect((await post(apiPaths.memberSubscribe, {}, { token: owner })).status).toBe(0);
    const [mine] = await list(owner);
    if (!mine) throw new Error('no subscription');

    const other = await registered('13900000102');
    const form = new FormData();
    form.set('email', 'owner.member@example.org');
    expect(
      (await api.json(apiPaths.memberSaveInfo, { method: 'POST', body: form, headers: { token: other } })).status,
    ).toBe(0);
    expect(await list(other)).toEqual([]);
    expect(await get(apiPaths.memberIsSubscribe, other)).toMatchObject({
      data: { verified: false, subscribed: false, pending: false },
    });
    expect(await post(apiPaths.memberUnSubscribe, { id: mine.id }, { token: other, lang: 'en' })).toMatchObject({
      status: 404,
      message: 'Resource not found',
    });
    // nor can they subscribe the address without its code
    expect(await post(apiPaths.memberSubscribe, {}, { token: other })).toMatchObject({ status: 400 });
    expect(await list(owner)).toMatchObject([{ id: mine.id, confirmed: true }]);

    expect(await post(apiPaths.memberUnSubscribe, { id: mine.id }, { token: owner })).toMatchObject({
      status: 0,
      message: '已退订，您不会再收到本站的订阅邮件',
    });
    expect(await list(owner)).toEqual([]);
    expect(await subscribersOf(1)).not.toContain('owner.member@example.org');
    expect(await post(apiPaths.memberUnSubscribe, { id: mine.id }, { token: owner, lang: 'en' })).toMatchObject({
      status: 404,
      message: 'Resource not found',
    });
    expect((await post(apiPaths.memberSubscribe, {}, { token: owner })).status).toBe(0);
    const [again] = await list(owner);
    expect(await post(apiPaths.memberUnSubscribe, { id: again?.id }, { token: owner, lang: 'en' })).toMatchObject({
      status: 0,
      message: 'Unsubscribed: you will receive no more subscription mail from this site',
    });
  });

  it('belong to one site: a token of another site is refused, and ids of another site are not found', async () => {
    const jmst = await registered('two.sites@example.org');
    expect((await post(apiPaths.memberSubscribe, {}, { token: jmst })).status).toBe(0);
    const [jmstSubscription] = await list(jmst);
    if (!jmstSubscription) throw new Error('no subscription');

    for (const path of [apiPaths.memberSubscribeList, apiPaths.memberIsSubscribe])
      expect((await get(path, jmst, 'cpg')).status).toBe(401);
    expect(
      (await post(apiPaths.memberUnSubscribe, { id: jmstSubscription.id }, { token: jmst, sld: 'cpg' })).status,
    ).toBe(401);

    // the same address registered on another site is another member with its own subscriptions
    const cpg = await registered('two.sites@example.org', 'cpg');
    expect(await list(cpg, 'cpg')).toEqual([]);
    expect(
      await post(apiPaths.memberUnSubscribe, { id: jmstSubscription.id }, { token: cpg, sld: 'cpg' }),
    ).toMatchObject({ status: 404 });
    expect(await post(apiPaths.memberSubscribe, {}, { token: cpg, sld: 'cpg' })).toMatchObject({
      status: 0,
      data: { outcome: 'subscribed' },
    });
    expect(await list(cpg, 'cpg')).toMatchObject([{ email: 'two.sites@example.org', confirmed: true }]);
    expect(await list(jmst)).toMatchObject([{ id: jmstSubscription.id }]);
  });

  it('answer 401 to a visitor', async () => {
    expect((await api.json(apiPaths.memberSubscribeList)).status).toBe(401);
    expect((await post(apiPaths.memberSubscribe, {})).status).toBe(401);
    expect((await post(apiPaths.memberUnSubscribe, { id: 1 })).status).toBe(401);
  });
});
