/**
 * The login group: registration with a code from the outbox, password rules and the messages of docs/product-rules.md#account-rules in
 * both languages, login with the picture code after failures, rate limits, password change and
 * reset, and that sessions and cookies behave.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/lib/api-paths.ts';
import {
  CHANGE_MOBILE_LIMIT,
  LOGIN_ACCOUNT_LIMIT,
  LOGIN_IP_LIMIT,
  REGISTER_IP_LIMIT,
  VERIFICATION_CODES_PER_ADDRESS,
} from '../../src/lib/constants.ts';
import { DEMO_USER } from '../../src/server/seed/site-data.ts';
import { outboxMessages } from '../../src/server/store/outbox.ts';
import { captchaAnswer } from '../fixtures/captcha-answer.ts';
import { run } from '../fixtures/rows.ts';
import { accountCalls } from './account-calls.ts';
import { type ApiFixture, createApiFixture, type Envelope } from './api-fixture.ts';

let api: ApiFixture;
const { freshIp, post, codeFor, register, registered } = accountCalls(() => api);

beforeAll(async () => {
  api = await createApiFixture({ articles: 40 });
});
afterAll(() => api.cleanup());

describe('registration', () => {
  it('registers with an SMS code from the outbox and logs in with HttpOnly, SameSite=Lax cookies', async () => {
    const code = await codeFor('13900000001', 'register');
    const [sms] = await outboxMessages(api.demo.db, { recipient: '13900000001', limit: 1 });
    expect(sms?.channel).toBe('sms');
    const response = await api.call(apiPaths.register, {
      method: 'POST',
      ip: freshIp(),
      body: {
        account: '13900000001',
        code,
        password: 'Strong2026Pw',
        confirmPassword: 'Strong2026Pw',
        agreement: true,
      },
    });
    const body = (await response.json()) as Envelope;
    expect(body).toMatchObject({
      status: 0,
      message: '注册成功',
      data: { userName: '13900000001', passwordChangeDue: false },
    });
    const cookies = response.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('commonToken='))).toMatch(/HttpOnly/);
    expect(cookies.find((c) => c.startsWith('commonToken='))).toMatch(/SameSite=Lax/);
    expect(cookies.find((c) => c.startsWith('commonToken='))).not.toMatch(/Secure/);
    expect(cookies.find((c) => c.startsWith('userName='))).toMatch(/^userName=13900000001;/);
    const token = (body.data as { token: string }).token;
    expect(await api.json(apiPaths.memberInfo, { headers: { token } })).toMatchObject({
      status: 0,
      data: { userName: '13900000001', mobileNo: '13900000001' },
    });
    // the code was used once
    const again = await post(apiPaths.register, {
      account: '13900000001',
      code,
      password: 'Strong2026Pw',
      confirmPassword: 'Strong2026Pw',
      agreement: true,
    });
    expect(again).toMatchObject({ status: 400, message: '该账号已注册，请直接登录' });
  });

  it('marks the cookies Secure behind HTTPS, and registers by e-mail with a mailed code', async () => {
    const code = await codeFor('new.reader@example.org', 'register');
    const response = await api.call(apiPaths.register, {
      method: 'POST',
      ip: freshIp(),
      headers: { 'x-forwarded-proto': 'https' },
      body: {
        account: 'new.reader@example.org',
        code,
        password: 'Strong2026Pw',
        confirmPassword: 'Strong2026Pw',
        agreement: true,
      },
    });
    expect(((await response.json()) as Envelope).status).toBe(0);
    for (const cookie of response.headers.getSetCookie()) expect(cookie).toMatch(/; Secure/);
    // an e-mail address is the same account in any case
    expect((await post(apiPaths.login, { account: 'New.Reader@Example.ORG', password: 'Strong2026Pw' })).status).toBe(
      0,
    );
  });

  it('refuses a wrong code and a code of another purpose or site', async () => {
    await codeFor('13900000002', 'register');
    expect(
      await post(
        apiPaths.register,
        {
          account: '13900000002',
          code: '000000',
          password: 'Strong2026Pw',
          confirmPassword: 'Strong2026Pw',
          agreement: true,
        },
        { lang: 'en' },
      ),
    ).toMatchObject({
      status: 400,
      message: 'The verification code is wrong or has expired, please get a new one',
    });
    const cpgCode = await codeFor('13900000003', 'register', { sld: 'cpg' });
    expect(
      await post(apiPaths.register, {
        account: '13900000003',
        code: cpgCode,
        password: 'Strong2026Pw',
        confirmPassword: 'Strong2026Pw',
        agreement: true,
      }),
    ).toMatchObject({
      status: 400,
      message: '验证码错误或已失效，请重新获取',
    });
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ['no agreement', { agreement: false }, '请先勾选同意用户协议', 'Please click to accept the user agreement first'],
    [
      'a bad phone number',
      { account: '1234567' },
      '手机号格式不正确，请重新输入',
      'Phone number format incorrect, please try again.',
    ],
    [
      'a bad e-mail',
      { account: 'someone@nowhere' },
      '邮箱格式不正确，请重新输入',
      'E-mail format incorrect, please try again.',
    ],
    [
      '7 characters',
      { password: 'Abc1234', confirmPassword: 'Abc1234' },
      '密码长度为8-20位',
      'The password must be 8-20 characters long',
    ],
    [
      '21 characters',
      { password: 'Abc12345678901234567x', confirmPassword: 'Abc12345678901234567x' },
      '密码长度为8-20位',
      'The password must be 8-20 characters long',
    ],
    [
      'a space',
      { password: 'Abc 12345', confirmPassword: 'Abc 12345' },
      '密码不能包含空格',
      'The password must not contain spaces',
    ],
    [
      'no digit',
      { password: 'Abcdefghi', confirmPassword: 'Abcdefghi' },
      '密码须同时包含数字、大写字母和小写字母',
      'The password must contain digits, uppercase and lowercase letters',
    ],
    [
      'no upper case',
      { password: 'abcdefg12', confirmPassword: 'abcdefg12' },
      '密码须同时包含数字、大写字母和小写字母',
      'The password must contain digits, uppercase and lowercase letters',
    ],
    [
      'no lower case',
      { password: 'ABCDEFG12', confirmPassword: 'ABCDEFG12' },
      '密码须同时包含数字、大写字母和小写字母',
      'The password must contain digits, uppercase and lowercase letters',
    ],
    [
      'the user name inside',
      { password: 'Ab13900000009', confirmPassword: 'Ab13900000009' },
      '密码不能与用户名相同或包含用户名',
      'The password must not be or contain the user name',
    ],
    [
      'a different confirmation',
      { confirmPassword: 'Strong2026Px' },
      '两次输入的密码不一致，请重新输入',
      'Passwords do not match, please try again',
    ],
  ];
  it.each(cases)('refuses %s with SPEC’s message in both languages', async (_name, change, zh, en) => {
    const body = {
      account: '13900000009',
      code: '123456',
      password: 'Strong2026Pw',
      confirmPassword: 'Strong2026Pw',
      agreement: true,
      ...change,
    };
    expect(await post(apiPaths.register, body)).toMatchObject({ status: 400, message: zh });
    expect(await post(apiPaths.register, body, { lang: 'en' })).toMatchObject({ status: 400, message: en });
  });

  it('limits registrations per client address', async () => {
    const ip = freshIp();
    const body = {
      account: '13900000010',
      code: '123456',
      password: 'Strong2026Pw',
      confirmPassword: 'Strong2026Pw',
      agreement: false,
    };
    for (let i = 0; i < REGISTER_IP_LIMIT; i += 1)
      expect((await post(apiPaths.register, body, { ip })).status).toBe(400);
    expect(await post(apiPaths.register, body, { ip, lang: 'en' })).toMatchObject({
      status: 429,
      message: 'Too many requests, please try again later',
    });
    expect((await post(apiPaths.register, body)).status).toBe(400);
  });

  it('answers isRegistered, and refuses a register code for an existing account', async () => {
    expect(await api.json(`${apiPaths.isRegistered}?account=demo`)).toMatchObject({
      status: 0,
      data: { registered: true },
    });
    expect(await api.json(`${apiPaths.isRegistered}?account=13911112222`)).toMatchObject({
      status: 0,
      data: { registered: false },
    });
    expect(
      await post(
        apiPaths.sendReceiverMessage,
        { account: 'demo@jmst.example.org', purpose: 'register' },
        { lang: 'en' },
      ),
    ).toMatchObject({
      status: 400,
      message: 'This account is already registered, please log in',
    });
  });
});

describe('login', () => {
  it('logs in by user name, answers SPEC’s message for an unknown user, and reminds of an old password', async () => {
    const ok = await post(apiPaths.login, { account: 'demo', password: DEMO_USER.password });
    expect(ok).toMatchObject({ status: 0, message: '登录成功', data: { userName: 'demo', passwordChangeDue: true } });
    expect(await post(apiPaths.login, { account: 'nobody', password: 'x' }, { lang: 'en' })).toMatchObject({
      status: 400,
      message: 'User not found, please register first.',
    });
    expect(await post(apiPaths.login, { account: 'nobody2', password: 'x' })).toMatchObject({
      status: 400,
      message: '用户不存在，请先注册',
    });
  });

  it('a member of one site is unknown on another', async () => {
    expect((await register('13900000020')).status).toBe(0);
    expect((await post(apiPaths.login, { account: '13900000020', password: 'Strong2026Pw' })).status).toBe(0);
    expect(
      await post(apiPaths.login, { account: '13900000020', password: 'Strong2026Pw' }, { sld: 'cpg' }),
    ).toMatchObject({ status: 400, message: '用户不存在，请先注册' });
  });

  it('reminds of a password older than 3 months at login and in the info call, not of a younger one', async () => {
    const token = await registered('13900000035');
    const ageInDays = (days: number) =>
      run(
        api.demo.db,
        'UPDATE users SET password_changed_at = ? WHERE site_id = 1 AND user_name = ?',
        new Date(Date.now() - days * 86_400_000).toISOString(),
        '13900000035',
      );
    // 3 calendar months are 89 to 92 days: 85 days is just under whatever today is, 93 just over
    for (const [days, due] of [
      [85, false],
      [93, true],
    ] as const) {
      await ageInDays(days);
      expect(
        await post(apiPaths.login, { account: '13900000035', password: 'Strong2026Pw' }),
        `${days} days`,
      ).toMatchObject({ status: 0, data: { passwordChangeDue: due } });
      expect((await api.json(apiPaths.memberInfo, { headers: { token } })).data, `${days} days`).toMatchObject({
        passwordChangeDue: due,
      });
    }
  });

  it('asks for the picture code after 3 failures and accepts the right one once', async () => {
    // its calls count in one rate-limit window, whenever the test runs (api-fixture.ts, `at`)
    await api.at(new Date(), async () => {
      expect((await register('13900000030')).status).toBe(0);
      for (let i = 1; i <= 3; i += 1) {
        const wrong = await post(apiPaths.login, { account: '13900000030', password: 'Wrong2026Pw' });
        expect(wrong).toMatchObject({ status: 400, message: '账号或密码错误', data: { captchaRequired: i >= 3 } });
      }
      expect(
        await post(apiPaths.login, { account: '13900000030', password: 'Strong2026Pw' }, { lang: 'en' }),
      ).toMatchObject({ status: 400, message: 'Please enter the picture code' });
      const captcha = (await api.json(apiPaths.captcha)).data as { captchaId: string; image: string };
      const svg = Buffer.from(captcha.image.split(',')[1] ?? '', 'base64').toString();
      const answer = await captchaAnswer(api.demo.db, captcha.captchaId);
      // the picture draws the answer; it does not spell it
      expect(svg).toMatch(/^<svg [^>]*>.*<path d="M/);
      expect(svg).not.toMatch(/<text|font/);
      expect(svg).not.toContain(answer);
      expect(
        await post(apiPaths.login, {
          account: '13900000030',
          password: 'Strong2026Pw',
          captchaId: captcha.captchaId,
          captcha: 'ZZZZ',
        }),
      ).toMatchObject({
        status: 400,
        message: '图形验证码错误或已过期，请重新输入',
      });
      // a captcha is good for one try only
      expect(
        (
          await post(apiPaths.login, {
            account: '13900000030',
            password: 'Strong2026Pw',
            captchaId: captcha.captchaId,
            captcha: answer,
          })
        ).status,
      ).toBe(400);
      const fresh = (await api.json(apiPaths.captcha)).data as { captchaId: string; image: string };
      const freshAnswer = await captchaAnswer(api.demo.db, fresh.captchaId);
      expect(
        await post(apiPaths.login, {
          account: '13900000030',
          password: 'Strong2026Pw',
          captchaId: fresh.captchaId,
          captcha: freshAnswer.toLowerCase(),
        }),
      ).toMatchObject({ status: 0 });
      // success clears the failures
      expect((await post(apiPaths.login, { account: '13900000030', password: 'Strong2026Pw' })).status).toBe(0);
    });
  });

  it('limits logins per client address and per account', async () => {
    // its calls count in one rate-limit window, whenever the test runs (api-fixture.ts, `at`)
    await api.at(new Date(), async () => {
      const ip = freshIp();
      for (let i = 0; i < LOGIN_IP_LIMIT; i += 1)
        await post(apiPaths.login, { account: `ghost${i}`, password: 'x' }, { ip });
      expect(await post(apiPaths.login, { account: 'demo', password: DEMO_USER.password }, { ip })).toMatchObject({
        status: 429,
        message: '请求过于频繁，请稍后再试',
      });
      for (let i = 0; i < LOGIN_ACCOUNT_LIMIT; i += 1) await post(apiPaths.login, { account: 'target', password: 'x' });
      expect(await post(apiPaths.login, { account: 'target', password: 'x' }, { lang: 'en' })).toMatchObject({
        status: 429,
        message: 'Too many requests, please try again later',
      });
    });
  });

  it('logs in by a code (quick login) and refuses an unknown account', async () => {
    expect((await register('13900000040')).status).toBe(0);
    const code = await codeFor('13900000040', 'login');
    expect(await post(apiPaths.loginByMessage, { account: '13900000040', code })).toMatchObject({
      status: 0,
      data: { userName: '13900000040' },
    });
    expect(await post(apiPaths.loginByMessage, { account: '13900000040', code })).toMatchObject({
      status: 400,
      message: '验证码错误或已失效，请重新获取',
    });
    expect(
      await post(apiPaths.sendReceiverMessage, { account: '13900000041', purpose: 'login' }, { lang: 'en' }),
    ).toMatchObject({ status: 400, message: 'User not found, please register first.' });
  });

  it('limits the answers that tell accounts apart (code requests, quick login) per client address and per account', async () => {
    // its calls count in one rate-limit window, whenever the test runs (api-fixture.ts, `at`)
    await api.at(new Date(), async () => {
      const tooMany = { status: 429, message: 'Too many requests, please try again later' };
      // members 1390005xxxx exist: a register code for them answers 'already registered', a login code for 1390002xxxx 'not found'
      for (let i = 0; i <= LOGIN_IP_LIMIT; i += 1)
        await run(
          api.demo.db,
          "INSERT INTO users (site_id, user_name, mobile_no, password_hash, created_at) VALUES (1, ?, ?, 'x', '2026-01-01')",
          `1390005${String(i).padStart(4, '0')}`,
          `1390005${String(i).padStart(4, '0')}`,
        );
      for (const [purpose, prefix, message] of [
        ['login', '1390002', '用户不存在，请先注册'],
        ['register', '1390005', '该账号已注册，请直接登录'],
      ] as const) {
        const ip = freshIp();
        for (let i = 0; i < LOGIN_IP_LIMIT; i += 1) {
          expect(
            await post(
              apiPaths.sendReceiverMessage,
              { account: `${prefix}${String(i).padStart(4, '0')}`, purpose },
              { ip },
            ),
          ).toMatchObject({ status: 400, message });
        }
        expect(
          await post(
            apiPaths.sendReceiverMessage,
            { account: `${prefix}${String(LOGIN_IP_LIMIT).padStart(4, '0')}`, purpose },
            { ip, lang: 'en' },
          ),
        ).toMatchObject(tooMany);
      }
      const ip = freshIp();
      for (let i = 0; i < LOGIN_IP_LIMIT; i += 1) {
        expect(
          await post(
            apiPaths.loginByMessage,
            { account: `1390003${String(i).padStart(4, '0')}`, code: '123456' },
            { ip },
          ),
        ).toMatchObject({ status: 400, message: '用户不存在，请先注册' });
      }
      expect(
        await post(apiPaths.loginByMessage, { account: '13900039999', code: '123456' }, { ip, lang: 'en' }),
      ).toMatchObject(tooMany);
      // one account from many addresses
      for (let i = 0; i < LOGIN_ACCOUNT_LIMIT; i += 1)
        expect((await post(apiPaths.loginByMessage, { account: '13900040000', code: '123456' })).status).toBe(400);
      expect(
        await post(apiPaths.loginByMessage, { account: '13900040000', code: '123456' }, { lang: 'en' }),
      ).toMatchObject(tooMany);
    });
  });

  it('limits codes sent to one address', async () => {
    expect((await register('13900000050')).status).toBe(0);
    let last: Envelope | null = null;
    for (let i = 0; i < 6; i += 1)
      last = await post(apiPaths.sendReceiverMessage, { account: '13900000050', purpose: 'login' });
    expect(last).toMatchObject({ status: 429 });
  });

  it('counts the codes of one address across purposes and sites: six sites do not make six limits', async () => {
    const sites = ['jmst', 'cpg', 'scholar', 'emf', 'gzxb', 'hxyj'];
    const answers: number[] = [];
    for (const sld of sites) {
      for (const purpose of ['register', 'mobile'])
        answers.push((await post(apiPaths.sendReceiverMessage, { account: '13900000055', purpose }, { sld })).status);
    }
    expect(answers.filter((status) => status === 0)).toHaveLength(VERIFICATION_CODES_PER_ADDRESS);
    expect(answers.slice(VERIFICATION_CODES_PER_ADDRESS).every((status) => status === 429)).toBe(true);
    expect(await outboxMessages(api.demo.db, { recipient: '13900000055', limit: 50 })).toHaveLength(
      VERIFICATION_CODES_PER_ADDRESS,
    );
    // an e-mail address in another case is the same address
    for (let i = 0; i < VERIFICATION_CODES_PER_ADDRESS; i += 1) {
      expect(
        (
          await post(
            apiPaths.sendReceiverMessage,
            { account: 'flood@example.org', purpose: 'register' },
            { sld: sites[i % sites.length] ?? 'jmst' },
          )
        ).status,
      ).toBe(0);
    }
    expect(
      await post(
        apiPaths.sendReceiverMessage,
        { account: 'FLOOD@example.org', purpose: 'register' },
        { sld: 'cpg', lang: 'en' },
      ),
    ).toMatchObject({
      status: 429,
      message: 'Too many requests, please try again later',
    });
  });

  it('sends a mobile-number code to phone numbers only', async () => {
    expect(
      await post(apiPaths.sendReceiverMessage, { account: 'someone@example.org', purpose: 'mobile' }, { lang: 'en' }),
    ).toMatchObject({
      status: 400,
      message: 'Phone number format incorrect, please try again.',
    });
    expect(await outboxMessages(api.demo.db, { recipient: 'someone@example.org', limit: 5 })).toHaveLength(0);
  });

  it('takes only a bare e-mail address: no display name, no list', async () => {
    for (const account of [
      'x<attacker@evil.com>',
      'victim@corp.com,attacker',
      'victim@corp.com, attacker@evil.com',
      '"a@b"@evil.com',
      'Victim <victim@corp.com>',
      'a@b@corp.com',
    ]) {
      expect(
        await post(apiPaths.sendReceiverMessage, { account, purpose: 'register' }, { lang: 'en' }),
        account,
      ).toMatchObject({ status: 400, message: 'E-mail format incorrect, please try again.' });
    }
    expect(await outboxMessages(api.demo.db, { recipient: 'attacker@evil.com', limit: 5 })).toHaveLength(0);
    expect(
      (await post(apiPaths.sendReceiverMessage, { account: 'first.last+tag@mail.example.org', purpose: 'register' }))
        .status,
    ).toBe(0);
  });

  it('logs out: the token ends, the cookies are cleared, and the message is SPEC’s', async () => {
    const token = (
      (await post(apiPaths.login, { account: 'demo', password: DEMO_USER.password })).data as { token: string }
    ).token;
    const response = await api.call(apiPaths.logout, { method: 'DELETE', headers: { token, language: 'en' } });
    expect(await response.json()).toMatchObject({ status: 0, message: 'Logged out' });
    expect(response.headers.getSetCookie().find((c) => c.startsWith('commonToken='))).toMatch(/Max-Age=0/);
    expect((await api.json(apiPaths.memberInfo, { headers: { token } })).status).toBe(401);
  });
});

describe('login identity', () => {
  const saveEmail = (token: string, email: string) => {
    const form = new FormData();
    form.set('email', email);
    return post(apiPaths.memberSaveInfo, form, { token });
  };

  it('a profile e-mail is a contact field: another member typing your address neither logs in as you nor takes your logins', async () => {
    // the attacker registered first (the lower id), then types the victim's address into his profile
    const attacker = (await register('13900000090')).data as { token: string };
    expect((await register('victim@example.org')).status).toBe(0);
    expect((await saveEmail(attacker.token, 'victim@example.org')).status).toBe(0);
    // the victim's quick login, password login and reset all reach the victim's own account
    const code = await codeFor('victim@example.org', 'login');
    expect(await post(apiPaths.loginByMessage, { account: 'victim@example.org', code })).toMatchObject({
      status: 0,
      data: { userName: 'victim@example.org' },
    });
    expect(await post(apiPaths.login, { account: 'victim@example.org', password: 'Strong2026Pw' })).toMatchObject({
      status: 0,
      data: { userName: 'victim@example.org' },
    });
    const reset = await codeFor('victim@example.org', 'reset');
    expect(
      (
        await post(apiPaths.setNewPwd, {
          account: 'victim@example.org',
          code: reset,
          password: 'Victim2026Pw',
          confirmPassword: 'Victim2026Pw',
        })
      ).status,
    ).toBe(0);
    expect(await post(apiPaths.login, { account: '13900000090', password: 'Strong2026Pw' })).toMatchObject({
      status: 0,
      data: { userName: '13900000090' },
    });
  });

  it('an address merely typed into a profile is not registered: its owner still registers with it', async () => {
    const typist = ((await register('13900000091')).data as { token: string }).token;
    expect((await saveEmail(typist, 'later@example.org')).status).toBe(0);
    expect(await api.json(`${apiPaths.isRegistered}?account=later@example.org`)).toMatchObject({
      data: { registered: false },
    });
    expect(
      await post(apiPaths.sendReceiverMessage, { account: 'later@example.org', purpose: 'login' }, { lang: 'en' }),
    ).toMatchObject({ status: 400, message: 'User not found, please register first.' });
    expect(await register('later@example.org')).toMatchObject({ status: 0, data: { userName: 'later@example.org' } });
    // the typist keeps the address as his contact e-mail
    expect((await api.json(apiPaths.memberInfo, { headers: { token: typist } })).data).toMatchObject({
      userName: '13900000091',
      email: 'later@example.org',
    });
  });
});

describe('passwords', () => {
  it('changes the password: old one checked, rules applied, must differ, every session ends', async () => {
    expect((await register('13900000060')).status).toBe(0);
    const login = async (password: string) =>
      ((await post(apiPaths.login, { account: '13900000060', password })).data as { token: string } | null)?.token;
    const first = await login('Strong2026Pw');
    const second = await login('Strong2026Pw');
    if (!first || !second) throw new Error('no login');
    const change = (body: Record<string, string>, lang?: string) =>
      post(apiPaths.changePwd, body, { token: first, ...(lang ? { lang } : {}) });
    expect(
      await change({ oldPassword: 'Nope2026Pw', password: 'Newer2026Pw', confirmPassword: 'Newer2026Pw' }, 'en'),
    ).toMatchObject({ status: 400, message: 'The old password is incorrect' });
    expect(await change({ oldPassword: 'Strong2026Pw', password: 'weak', confirmPassword: 'weak' })).toMatchObject({
      status: 400,
      message: '密码长度为8-20位',
    });
    expect(
      await change({ oldPassword: 'Strong2026Pw', password: 'Strong2026Pw', confirmPassword: 'Strong2026Pw' }, 'en'),
    ).toMatchObject({
      status: 400,
      message: 'The new password must differ from the old password',
    });
    expect(
      await change({ oldPassword: 'Strong2026Pw', password: 'Newer2026Pw', confirmPassword: 'Newer2026Pw' }),
    ).toMatchObject({ status: 0, message: '密码修改成功，请重新登录' });
    for (const token of [first, second])
      expect((await api.json(apiPaths.memberInfo, { headers: { token } })).status).toBe(401);
    expect(await login('Strong2026Pw')).toBeUndefined();
    expect(await login('Newer2026Pw')).toEqual(expect.any(String));
  });

  it('resets a forgotten password with a code; the new one must differ from the old', async () => {
    expect((await register('13900000070')).status).toBe(0);
    const same = await codeFor('13900000070', 'reset');
    expect(
      await post(apiPaths.setNewPwd, {
        account: '13900000070',
        code: same,
        password: 'Strong2026Pw',
        confirmPassword: 'Strong2026Pw',
      }),
    ).toMatchObject({
      status: 400,
      message: '新密码不能与旧密码相同',
    });
    expect(
      await post(
        apiPaths.setNewPwd,
        { account: '13900000071', code: same, password: 'Reset2026Pw', confirmPassword: 'Reset2026Pw' },
        { lang: 'en' },
      ),
    ).toMatchObject({
      status: 400,
      message: 'User not found, please register first.',
    });
    // the refused try used its code
    expect(
      await post(apiPaths.setNewPwd, {
        account: '13900000070',
        code: same,
        password: 'Reset2026Pw',
        confirmPassword: 'Reset2026Pw',
      }),
    ).toMatchObject({ status: 400, message: '验证码错误或已失效，请重新获取' });
    const fresh = await codeFor('13900000070', 'reset');
    expect(
      await post(apiPaths.setNewPwd, {
        account: '13900000070',
        code: fresh,
        password: 'Reset2026Pw',
        confirmPassword: 'Reset2026Pw',
      }),
    ).toMatchObject({ status: 0 });
    expect((await post(apiPaths.login, { account: '13900000070', password: 'Reset2026Pw' })).status).toBe(0);
  });

  it('says nothing of the old password without the right code: a guess and another password both get "wrong code"', async () => {
    expect((await register('13900000072')).status).toBe(0);
    const code = await codeFor('13900000072', 'reset');
    const wrong = code === '000000' ? '111111' : '000000';
    const codeWrong = { status: 400, message: 'The verification code is wrong or has expired, please get a new one' };
    // without a code sent at all, and with a wrong one: the old password (the right guess) is not told apart
    expect(
      await post(
        apiPaths.setNewPwd,
        { account: '13900000072', code: wrong, password: 'Strong2026Pw', confirmPassword: 'Strong2026Pw' },
        { lang: 'en' },
      ),
    ).toMatchObject(codeWrong);
    expect(
      await post(
        apiPaths.setNewPwd,
        { account: '13900000072', code: wrong, password: 'Guess2026Pw', confirmPassword: 'Guess2026Pw' },
        { lang: 'en' },
      ),
    ).toMatchObject(codeWrong);
    // the right code still works afterwards (two wrong guesses of five), and sets the password
    expect(
      await post(apiPaths.setNewPwd, {
        account: '13900000072',
        code,
        password: 'Reset2026Pw',
        confirmPassword: 'Reset2026Pw',
      }),
    ).toMatchObject({ status: 0 });
  });

  it('limits password resets per client address and per account, before any answer about the account', async () => {
    const body = (account: string) => ({
      account,
      code: '123456',
      password: 'Reset2026Pw',
      confirmPassword: 'Reset2026Pw',
    });
    const ip = freshIp();
    for (let i = 0; i < LOGIN_IP_LIMIT; i += 1)
      expect((await post(apiPaths.setNewPwd, body(`1390001${String(i).padStart(4, '0')}`), { ip })).status).toBe(400);
    expect(await post(apiPaths.setNewPwd, body('13900019999'), { ip, lang: 'en' })).toMatchObject({
      status: 429,
      message: 'Too many requests, please try again later',
    });
    // one account from many addresses: counted whether or not it exists
    for (let i = 0; i < LOGIN_ACCOUNT_LIMIT; i += 1)
      expect((await post(apiPaths.setNewPwd, body('13900000073'))).status).toBe(400);
    expect(await post(apiPaths.setNewPwd, body('13900000073'))).toMatchObject({
      status: 429,
      message: '请求过于频繁，请稍后再试',
    });
  });

  it('changes the mobile number with a code sent to the new number', async () => {
    const token = ((await register('13900000080')).data as { token: string }).token;
    expect(await post(apiPaths.changeMobile, { mobile: '123', code: '123456' }, { token, lang: 'en' })).toMatchObject({
      status: 400,
      message: 'Phone number format incorrect, please try again.',
    });
    const code = await codeFor('13900000081', 'mobile');
    expect(await post(apiPaths.changeMobile, { mobile: '13900000081', code }, { token })).toMatchObject({
      status: 0,
      message: '手机号修改成功',
    });
    expect((await api.json(apiPaths.memberInfo, { headers: { token } })).data).toMatchObject({
      mobileNo: '13900000081',
    });
    expect(await post(apiPaths.sendReceiverMessage, { account: '13900000081', purpose: 'mobile' })).toMatchObject({
      status: 400,
      message: '该账号已注册，请直接登录',
    });
  });

  it('changeMobile checks the code before saying a number is taken, and limits each member', async () => {
    const token = await registered('13900000082');
    // 13900000081 is another member's number (the case above): without its code the answer is 'wrong code'
    const taken = { mobile: '13900000081', code: '123456' };
    expect(await post(apiPaths.changeMobile, taken, { token, lang: 'en' })).toMatchObject({
      status: 400,
      message: 'The verification code is wrong or has expired, please get a new one',
    });
    for (let i = 1; i < CHANGE_MOBILE_LIMIT; i += 1)
      expect((await post(apiPaths.changeMobile, taken, { token })).status).toBe(400);
    expect(await post(apiPaths.changeMobile, taken, { token, lang: 'en' })).toMatchObject({
      status: 429,
      message: 'Too many requests, please try again later',
    });
  });
});
