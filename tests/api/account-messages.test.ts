/**
 * Every message of the account calls, in both languages, from a request that earns it: the
 * successes, the refusals of the login group and the personal centre's uploads. (The password,
 * phone, e-mail and agreement rules have their own table in accounts.test.ts; the product's literal
 * wording is checked there and in members.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictionary } from '../../src/i18n/index.ts';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { ALBUM_COVER_MAX_BYTES, AVATAR_MAX_BYTES, LOGIN_FAILURES_BEFORE_CAPTCHA } from '../../src/lib/constants.ts';
import type { Lang } from '../../src/lib/lang.ts';
import { uploadBodyLimit } from '../../src/server/api/uploads.ts';
import { DEMO_USER } from '../../src/server/seed/site-data.ts';
import { accountCalls } from './account-calls.ts';
import { type ApiFixture, createApiFixture, type Envelope } from './api-fixture.ts';

let api: ApiFixture;
let bare: ApiFixture;
const { post, codeFor, registered } = accountCalls(() => api);

beforeAll(async () => {
  api = await createApiFixture({ articles: 20 });
  bare = await createApiFixture({ articles: 5, book: { url: undefined, secret: undefined } });
});
afterAll(async () => {
  await api.cleanup();
  await bare.cleanup();
});

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d1c7d90000000049454e44ae426082',
  'hex',
);
/** a PNG's first bytes, padded to `bytes` */
function pngOf(bytes: number): Blob {
  const big = new Uint8Array(bytes);
  big.set(PNG);
  return new Blob([big]);
}

let nextMobile = 500;
/** a mobile number no other case uses */
const mobile = () => `139000${String(nextMobile++).padStart(5, '0')}`;

function form(fields: Record<string, string | Blob>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

/** a new member whose password was mistyped until the picture code is required */
async function accountNeedingCaptcha(): Promise<string> {
  const account = mobile();
  await registered(account);
  for (let i = 0; i < LOGIN_FAILURES_BEFORE_CAPTCHA; i += 1)
    await post(apiPaths.login, { account, password: 'Wrong2026Pw' });
  return account;
}

const upload = (path: string, token: string, body: FormData, lang: Lang) =>
  api.json(path, { method: 'POST', body, headers: { token, language: lang } });

type Key = keyof ReturnType<typeof dictionary>['api'];
/** each case makes its own fresh state for the language it is run in */
const cases: [Key, (lang: Lang) => Promise<Envelope>][] = [
  ['loginSuccess', (lang) => post(apiPaths.login, { account: 'demo', password: DEMO_USER.password }, { lang })],
  ['codeSent', (lang) => post(apiPaths.sendReceiverMessage, { account: mobile(), purpose: 'register' }, { lang })],
  [
    'passwordChanged',
    async (lang) => {
      const token = await registered(mobile());
      return post(
        apiPaths.changePwd,
        { oldPassword: 'Strong2026Pw', password: 'Strong2027Pw', confirmPassword: 'Strong2027Pw' },
        { token, lang },
      );
    },
  ],
  [
    'oldPasswordWrong',
    async (lang) => {
      const token = await registered(mobile());
      return post(
        apiPaths.changePwd,
        { oldPassword: 'Wrong2026Pw', password: 'Strong2027Pw', confirmPassword: 'Strong2027Pw' },
        { token, lang },
      );
    },
  ],
  [
    'passwordReset',
    async (lang) => {
      const account = mobile();
      await registered(account);
      const code = await codeFor(account, 'reset');
      return post(
        apiPaths.setNewPwd,
        { account, code, password: 'Strong2027Pw', confirmPassword: 'Strong2027Pw' },
        { lang },
      );
    },
  ],
  [
    'mobileChanged',
    async (lang) => {
      const token = await registered(mobile());
      const next = mobile();
      const code = await codeFor(next, 'mobile');
      return post(apiPaths.changeMobile, { mobile: next, code }, { token, lang });
    },
  ],
  [
    'wrongPassword',
    async (lang) => {
      const account = mobile();
      await registered(account);
      return post(apiPaths.login, { account, password: 'Wrong2026Pw' }, { lang });
    },
  ],
  [
    'captchaRequired',
    async (lang) =>
      post(apiPaths.login, { account: await accountNeedingCaptcha(), password: 'Strong2026Pw' }, { lang }),
  ],
  [
    'captchaWrong',
    async (lang) => {
      const account = await accountNeedingCaptcha();
      const { captchaId } = (await api.json(apiPaths.captcha)).data as { captchaId: string };
      return post(apiPaths.login, { account, password: 'Strong2026Pw', captchaId, captcha: '????' }, { lang });
    },
  ],
  ['saved', async (lang) => upload(apiPaths.memberSaveInfo, await registered(mobile()), form({ name: 'Li' }), lang)],
  [
    'avatarType',
    async (lang) =>
      upload(
        apiPaths.memberSaveInfo,
        await registered(mobile()),
        form({ headPicture: new Blob(['GIF89a......']) }),
        lang,
      ),
  ],
  [
    'avatarTooLarge',
    async (lang) =>
      upload(
        apiPaths.memberSaveInfo,
        await registered(mobile()),
        form({ headPicture: pngOf(AVATAR_MAX_BYTES + 1) }),
        lang,
      ),
  ],
  [
    'coverTooLarge',
    async (lang) =>
      upload(
        apiPaths.personalAlbumSave,
        await registered(mobile()),
        form({ name: 'x', cover: pngOf(ALBUM_COVER_MAX_BYTES + 1) }),
        lang,
      ),
  ],
  // a body past the route's own limit (read in chunks, no length declared) is told the limit of docs/product-rules.md#uploads too, not a generic 'too large'
  [
    'coverTooLarge',
    async (lang) =>
      upload(
        apiPaths.personalAlbumSave,
        await registered(mobile()),
        form({ name: 'x', cover: pngOf(uploadBodyLimit(apiPaths.personalAlbumSave) + 1) }),
        lang,
      ),
  ],
  [
    'avatarTooLarge',
    async (lang) =>
      upload(
        apiPaths.memberSaveInfo,
        await registered(mobile()),
        form({ headPicture: pngOf(uploadBodyLimit(apiPaths.memberSaveInfo) + 1) }),
        lang,
      ),
  ],
  ['bookUnavailable', (lang) => bare.json(apiPaths.bookJump, { headers: { language: lang } })],
];

describe('account messages', () => {
  it.each(cases)('%s answers its message in both languages', async (key, request) => {
    for (const lang of ['zh', 'en'] as const) {
      const answer = await request(lang);
      expect(answer.message, `${key} in ${lang}`).toBe(dictionary(lang).api[key]);
    }
  });
});
