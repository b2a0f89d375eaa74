/**
 * Verification codes by SMS through real HTTP providers (docs/configuration.md#sms): Alibaba Cloud SMS and a signed
 * webhook, each a local HTTP server in this process that checks the request's signature as the
 * provider documents it and answers as the provider does, errors included. A refusal reaches the
 * reader as a clear message, never as 'code sent'. Without any sender (production), mobile numbers
 * are refused with a message instead of a promised code.
 */
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { loadConfig } from '../../src/server/config.ts';
import { aliyunSmsSender } from '../../src/server/mail/sms-aliyun.ts';
import { tencentSmsSender } from '../../src/server/mail/sms-tencent.ts';
import { webhookSmsSender } from '../../src/server/mail/sms-webhook.ts';
import { outboxMessages } from '../../src/server/store/outbox.ts';
import { accountCalls } from './account-calls.ts';
import { type ApiFixture, createApiFixture } from './api-fixture.ts';

const ALIYUN = {
  accessKeyId: 'LTAI-test-key-id',
  accessKeySecret: 'aliyun-test-secret-0123456789',
  signName: '材料学报',
  templateCode: 'SMS_123456789',
};
const WEBHOOK_SECRET = 'webhook-test-secret-0123456789';
const TENCENT = {
  secretId: 'AKID-test-secret-id',
  secretKey: 'tencent-test-secret-key-0123456789',
  sdkAppId: '1400006666',
  signName: '材料学报',
  templateId: '1234567',
  region: 'ap-guangzhou',
};

/** Numbers the stand-in providers refuse, and how. */
const LIMITED = '13900000099';
const ILLEGAL = '13900000098';
const BROKEN = '13900000097';

type Received = { to: string; code: string };

async function body(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function listen(
  handler: (request: IncomingMessage, text: string) => { status: number; json: unknown },
): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    void body(request).then((text) => {
      const { status, json } = handler(request, text);
      response.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
      response.end(JSON.stringify(json));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` }),
    ),
  );
}

/**
 * Alibaba Cloud's RPC signature check, written from its documentation apart from the sender's
 * code: parameters except Signature sorted, each name and value percent-encoded per RFC 3986
 * (Java's URLEncoder with + → %20, * → %2A, %7E → ~), StringToSign GET&%2F&encode(query).
 */
function aliyunExpected(params: URLSearchParams, secret: string): string {
  const encode = (value: string) =>
    encodeURIComponent(value)
      .replace(/\+/g, '%20')
      .replace(/\*/g, '%2A')
      .replace(/%7E/g, '~')
      .replace(/!/g, '%21')
      .replace(/'/g, '%27')
      .replace(/\(/g, '%28')
      .replace(/\)/g, '%29');
  const pairs = [...params.entries()]
    .filter(([key]) => key !== 'Signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = pairs.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&');
  return createHmac('sha1', `${secret}&`)
    .update(`GET&${encode('/')}&${encode(query)}`)
    .digest('base64');
}

/**
 * Tencent Cloud's TC3-HMAC-SHA256 check, step by step as its documentation gives it: canonical
 * request, string to sign with the credential scope, the derived signing key, the Authorization.
 */
function tencentExpected(request: IncomingMessage, text: string): string {
  const timestamp = Number(request.headers['x-tc-timestamp']);
  const date = new Date(timestamp * 1000).toISOString().slice(0, 10);
  const hashed = (value: string) => createHash('sha256').update(value).digest('hex');
  const canonical = `POST\n/\n\ncontent-type:${String(request.headers['content-type'])}\nhost:${String(request.headers.host)}\n\ncontent-type;host\n${hashed(text)}`;
  const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/sms/tc3_request\n${hashed(canonical)}`;
  const secretDate = createHmac('sha256', `TC3${TENCENT.secretKey}`).update(date).digest();
  const secretService = createHmac('sha256', secretDate).update('sms').digest();
  const secretSigning = createHmac('sha256', secretService).update('tc3_request').digest();
  const signature = createHmac('sha256', secretSigning).update(toSign).digest('hex');
  return `TC3-HMAC-SHA256 Credential=${TENCENT.secretId}/${date}/sms/tc3_request, SignedHeaders=content-type;host, Signature=${signature}`;
}

const aliyunReceived: Received[] = [];
const tencentReceived: Received[] = [];
let tencent: { server: Server; url: string };
const webhookReceived: Received[] = [];
let aliyun: { server: Server; url: string };
let webhook: { server: Server; url: string };

beforeAll(async () => {
  aliyun = await listen((request) => {
    const params = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams;
    const requestId = 'F655A8D5-B967-440B-8683-DAD6FF8DE990';
    if (params.get('Signature') !== aliyunExpected(params, ALIYUN.accessKeySecret)) {
      return {
        status: 400,
        json: {
          RequestId: requestId,
          Message: 'Specified signature is not matched with our calculation.',
          Recommend: 'https://next.api.aliyun.com/troubleshoot',
          HostId: 'dysmsapi.aliyuncs.com',
          Code: 'SignatureDoesNotMatch',
        },
      };
    }
    expect(Object.fromEntries(params)).toMatchObject({
      Action: 'SendSms',
      Version: '2017-05-25',
      AccessKeyId: ALIYUN.accessKeyId,
      SignName: ALIYUN.signName,
      TemplateCode: ALIYUN.templateCode,
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      Format: 'JSON',
    });
    expect(params.get('Timestamp')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const to = params.get('PhoneNumbers') ?? '';
    if (to === LIMITED)
      return {
        status: 200,
        json: { Message: '触发小时级流控Permits:5', RequestId: requestId, Code: 'isv.BUSINESS_LIMIT_CONTROL' },
      };
    if (to === ILLEGAL)
      return { status: 200, json: { Message: '非法手机号', RequestId: requestId, Code: 'isv.MOBILE_NUMBER_ILLEGAL' } };
    if (to === BROKEN)
      return {
        status: 500,
        json: {
          Message: 'The request processing has failed due to some unknown error.',
          RequestId: requestId,
          Code: 'UnknownError',
        },
      };
    aliyunReceived.push({ to, code: (JSON.parse(params.get('TemplateParam') ?? '{}') as { code: string }).code });
    return { status: 200, json: { Message: 'OK', RequestId: requestId, BizId: '900619746936498440^0', Code: 'OK' } };
  });
  tencent = await listen((request, text) => {
    const requestId = 'ed2dbd7e-7a2b-4e3b-9b8d-0f2b1f2d3c4e';
    if (request.headers.authorization !== tencentExpected(request, text)) {
      return {
        status: 200,
        json: {
          Response: {
            Error: {
              Code: 'AuthFailure.SignatureFailure',
              Message: 'The provided credentials could not be validated. Please check your signature is correct.',
            },
            RequestId: requestId,
          },
        },
      };
    }
    expect(request.headers).toMatchObject({
      'x-tc-action': 'SendSms',
      'x-tc-version': '2021-01-11',
      'x-tc-region': TENCENT.region,
      'content-type': 'application/json; charset=utf-8',
    });
    const sent = JSON.parse(text) as {
      PhoneNumberSet: string[];
      SmsSdkAppId: string;
      SignName: string;
      TemplateId: string;
      TemplateParamSet: string[];
    };
    expect(sent).toMatchObject({
      SmsSdkAppId: TENCENT.sdkAppId,
      SignName: TENCENT.signName,
      TemplateId: TENCENT.templateId,
    });
    const phone = sent.PhoneNumberSet[0] ?? '';
    const status = (code: string, message: string) => ({
      status: 200,
      json: {
        Response: {
          SendStatusSet: [
            {
              SerialNo: '',
              PhoneNumber: phone,
              Fee: 0,
              SessionContext: '',
              Code: code,
              Message: message,
              IsoCode: 'CN',
            },
          ],
          RequestId: requestId,
        },
      },
    });
    if (phone === `+86${LIMITED}`)
      return status(
        'LimitExceeded.PhoneNumberDailyLimit',
        'the number of SMS messages sent from a single mobile number every day exceeds the upper limit',
      );
    if (phone === `+86${ILLEGAL}`)
      return status('InvalidParameterValue.IncorrectPhoneNumber', 'incorrect phone number');
    tencentReceived.push({ to: phone, code: sent.TemplateParamSet[0] ?? '' });
    expect(Number(sent.TemplateParamSet[1])).toBeGreaterThan(0);
    return status('Ok', 'send success');
  });
  webhook = await listen((request, text) => {
    const timestamp = String(request.headers['x-portal-timestamp'] ?? '');
    const expected = `sha256=${createHmac('sha256', WEBHOOK_SECRET).update(`${timestamp}.${text}`).digest('hex')}`;
    if (request.method !== 'POST' || request.headers['x-portal-signature'] !== expected)
      return { status: 401, json: { message: 'bad signature' } };
    if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return { status: 401, json: { message: 'stale' } };
    const message = JSON.parse(text) as { to: string; text: string; code: string; minutes: number };
    if (message.to === LIMITED) return { status: 429, json: { message: 'daily limit reached' } };
    if (message.to === ILLEGAL) return { status: 422, json: { message: 'not a mobile number' } };
    expect(message.text).toContain(message.code);
    expect(message.minutes).toBeGreaterThan(0);
    webhookReceived.push({ to: message.to, code: message.code });
    return { status: 202, json: { id: 'msg-1' } };
  });
});

afterAll(async () => {
  for (const running of [aliyun, tencent, webhook]) await new Promise((resolve) => running?.server.close(resolve));
});

describe('Alibaba Cloud SMS', () => {
  let api: ApiFixture;
  beforeAll(async () => {
    api = await createApiFixture({ articles: 10, sms: aliyunSmsSender({ endpoint: aliyun.url, ...ALIYUN }) });
  });
  afterAll(() => api.cleanup());
  const { post } = accountCalls(() => api);

  it('sends the code through the signed API; the code that arrives registers the number', async () => {
    const sent = await post(apiPaths.sendReceiverMessage, { account: '13900000001', purpose: 'register' });
    expect(sent).toMatchObject({ status: 0, message: '验证码已发送' });
    expect(aliyunReceived.at(-1)?.to).toBe('13900000001');
    const code = aliyunReceived.at(-1)?.code ?? '';
    expect(code).toMatch(/^\d{6}$/);
    // nothing went to the outbox: the provider has it
    expect(await outboxMessages(api.demo.db, { recipient: '13900000001', limit: 1 })).toEqual([]);
    const registered = await post(apiPaths.register, {
      account: '13900000001',
      code,
      password: 'Strong2026Pw',
      confirmPassword: 'Strong2026Pw',
      agreement: true,
    });
    expect(registered).toMatchObject({ status: 0, message: '注册成功' });
  });

  it("answers the provider's refusals as what they mean, in the request's language, never 'code sent'", async () => {
    expect(
      await post(apiPaths.sendReceiverMessage, { account: LIMITED, purpose: 'register' }, { lang: 'en' }),
    ).toMatchObject({ status: 429, message: 'Too many codes have been sent to this number; please try again later' });
    expect(await post(apiPaths.sendReceiverMessage, { account: ILLEGAL, purpose: 'register' })).toMatchObject({
      status: 400,
      message: '短信服务无法向该手机号发送验证码，请检查号码或使用邮箱',
    });
    expect(
      await post(apiPaths.sendReceiverMessage, { account: BROKEN, purpose: 'register' }, { lang: 'en' }),
    ).toMatchObject({
      status: 500,
      message: 'The verification code could not be sent by SMS; please try again later or use your e-mail address',
    });
    expect(api.errors.map(String).join('\n')).toMatch(
      /isv\.BUSINESS_LIMIT_CONTROL[\s\S]*isv\.MOBILE_NUMBER_ILLEGAL[\s\S]*UnknownError/,
    );
  });

  it('a wrong secret is refused by the provider (SignatureDoesNotMatch) and said to have failed', async () => {
    const wrong = await createApiFixture({
      articles: 10,
      sms: aliyunSmsSender({ endpoint: aliyun.url, ...ALIYUN, accessKeySecret: 'not-the-secret-0123456789' }),
    });
    try {
      const answer = await accountCalls(() => wrong).post(apiPaths.sendReceiverMessage, {
        account: '13900000002',
        purpose: 'register',
      });
      expect(answer).toMatchObject({ status: 500, message: '短信验证码发送失败，请稍后再试或使用邮箱' });
      expect(wrong.errors.map(String).join('\n')).toContain('SignatureDoesNotMatch');
    } finally {
      await wrong.cleanup();
    }
  });

  it('an unreachable provider is a failed send, not a crash', async () => {
    const closed = await createApiFixture({
      articles: 10,
      sms: aliyunSmsSender({ endpoint: 'http://127.0.0.1:1/', ...ALIYUN }),
    });
    try {
      const answer = await accountCalls(() => closed).post(
        apiPaths.sendReceiverMessage,
        { account: '13900000003', purpose: 'register' },
        { lang: 'en' },
      );
      expect(answer).toMatchObject({ status: 500, message: expect.stringContaining('could not be sent by SMS') });
    } finally {
      await closed.cleanup();
    }
  });
});

describe('Tencent Cloud SMS', () => {
  let api: ApiFixture;
  beforeAll(async () => {
    api = await createApiFixture({ articles: 10, sms: tencentSmsSender({ endpoint: tencent.url, ...TENCENT }) });
  });
  afterAll(() => api.cleanup());
  const { post } = accountCalls(() => api);

  it('sends the code with a TC3 signature; the code that arrives resets the password', async () => {
    expect(await post(apiPaths.sendReceiverMessage, { account: '13900000041', purpose: 'register' })).toMatchObject({
      status: 0,
    });
    expect(tencentReceived.at(-1)?.to).toBe('+8613900000041');
    const registered = await post(apiPaths.register, {
      account: '13900000041',
      code: tencentReceived.at(-1)?.code,
      password: 'Strong2026Pw',
      confirmPassword: 'Strong2026Pw',
      agreement: true,
    });
    expect(registered).toMatchObject({ status: 0 });
    expect(await post(apiPaths.sendReceiverMessage, { account: '13900000041', purpose: 'reset' })).toMatchObject({
      status: 0,
    });
    const reset = await post(
      apiPaths.setNewPwd,
      {
        account: '13900000041',
        code: tencentReceived.at(-1)?.code,
        password: 'Stronger2026Pw',
        confirmPassword: 'Stronger2026Pw',
      },
      { lang: 'en' },
    );
    expect(reset).toMatchObject({ status: 0, message: 'Password reset, please log in' });
  });

  it("answers its per-number refusals and a signature failure clearly, never 'code sent'", async () => {
    expect(await post(apiPaths.sendReceiverMessage, { account: LIMITED, purpose: 'register' })).toMatchObject({
      status: 429,
      message: '该手机号获取验证码过于频繁，请稍后再试',
    });
    expect(await post(apiPaths.sendReceiverMessage, { account: ILLEGAL, purpose: 'register' })).toMatchObject({
      status: 400,
    });
    const wrong = await createApiFixture({
      articles: 10,
      sms: tencentSmsSender({ endpoint: tencent.url, ...TENCENT, secretKey: 'not-the-key-0123456789' }),
    });
    try {
      expect(
        await accountCalls(() => wrong).post(
          apiPaths.sendReceiverMessage,
          { account: '13900000042', purpose: 'register' },
          { lang: 'en' },
        ),
      ).toMatchObject({ status: 500, message: expect.stringContaining('could not be sent by SMS') });
      expect(wrong.errors.map(String).join('\n')).toContain('AuthFailure.SignatureFailure');
    } finally {
      await wrong.cleanup();
    }
  });
});

describe('a webhook to the publisher’s gateway', () => {
  let api: ApiFixture;
  beforeAll(async () => {
    api = await createApiFixture({ articles: 10, sms: webhookSmsSender({ url: webhook.url, secret: WEBHOOK_SECRET }) });
  });
  afterAll(() => api.cleanup());
  const { post } = accountCalls(() => api);

  it('posts the signed message; the code logs the member in', async () => {
    expect(await post(apiPaths.sendReceiverMessage, { account: '13900000011', purpose: 'register' })).toMatchObject({
      status: 0,
    });
    const code = webhookReceived.at(-1)?.code ?? '';
    expect(webhookReceived.at(-1)?.to).toBe('13900000011');
    expect(
      (
        await post(apiPaths.register, {
          account: '13900000011',
          code,
          password: 'Strong2026Pw',
          confirmPassword: 'Strong2026Pw',
          agreement: true,
        })
      ).status,
    ).toBe(0);
    expect(await post(apiPaths.sendReceiverMessage, { account: '13900000011', purpose: 'login' })).toMatchObject({
      status: 0,
    });
    expect(
      await post(apiPaths.loginByMessage, { account: '13900000011', code: webhookReceived.at(-1)?.code }),
    ).toMatchObject({ status: 0, message: '登录成功' });
  });

  it("answers the gateway's limit and refusal clearly, and a forged signature fails", async () => {
    expect(await post(apiPaths.sendReceiverMessage, { account: LIMITED, purpose: 'register' })).toMatchObject({
      status: 429,
      message: '该手机号获取验证码过于频繁，请稍后再试',
    });
    expect(
      await post(apiPaths.sendReceiverMessage, { account: ILLEGAL, purpose: 'register' }, { lang: 'en' }),
    ).toMatchObject({ status: 400, message: expect.stringContaining('cannot send a code to this number') });
    const forged = await createApiFixture({
      articles: 10,
      sms: webhookSmsSender({ url: webhook.url, secret: 'another-secret-0123456789' }),
    });
    try {
      expect(
        await accountCalls(() => forged).post(apiPaths.sendReceiverMessage, {
          account: '13900000012',
          purpose: 'register',
        }),
      ).toMatchObject({ status: 500 });
      expect(forged.errors.map(String).join('\n')).toContain('webhook HTTP 401: bad signature');
    } finally {
      await forged.cleanup();
    }
  });
});

describe('no SMS sender (production without SMS_PROVIDER)', () => {
  let api: ApiFixture;
  beforeAll(async () => {
    api = await createApiFixture({ articles: 10, sms: null });
  });
  afterAll(() => api.cleanup());
  const { post, codeFor } = accountCalls(() => api);

  it('refuses codes, registration, quick login, reset and a mobile change by mobile number, with a clear message', async () => {
    const zh = { status: 400, message: '本站暂不支持短信验证码，请使用邮箱' };
    const en = {
      status: 400,
      message: 'Verification codes by SMS are not available on this site; please use your e-mail address',
    };
    for (const purpose of ['register', 'login', 'reset'])
      expect(await post(apiPaths.sendReceiverMessage, { account: '13900000021', purpose })).toMatchObject(zh);
    expect(
      await post(apiPaths.sendReceiverMessage, { account: '13900000021', purpose: 'register' }, { lang: 'en' }),
    ).toMatchObject(en);
    expect(
      await post(
        apiPaths.register,
        {
          account: '13900000021',
          code: '123456',
          password: 'Strong2026Pw',
          confirmPassword: 'Strong2026Pw',
          agreement: true,
        },
        { lang: 'en' },
      ),
    ).toMatchObject(en);
    expect(await post(apiPaths.loginByMessage, { account: '13900000021', code: '123456' })).toMatchObject(zh);
    expect(
      await post(apiPaths.setNewPwd, {
        account: '13900000021',
        code: '123456',
        password: 'Strong2026Pw',
        confirmPassword: 'Strong2026Pw',
      }),
    ).toMatchObject(zh);
    expect(
      await post(apiPaths.changeMobile, { mobile: '13900000021', code: '123456' }, { token: await api.login(1) }),
    ).toMatchObject(zh);
    expect(await outboxMessages(api.demo.db, { recipient: '13900000021', limit: 1 })).toEqual([]);
  });

  it('still sends codes by e-mail', async () => {
    expect(await codeFor('reader@example.net', 'register')).toMatch(/^\d{6}$/);
  });
});

describe('configuration', () => {
  it('is none in production without a provider, the outbox in development, and names what a provider lacks', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).sms).toEqual({ provider: 'none' });
    expect(loadConfig({}).sms).toEqual({ provider: 'outbox' });
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun', SMS_ACCESS_KEY_ID: 'id' })).toThrow(
      /SMS_SECRET is required with SMS_PROVIDER=aliyun[\s\S]*SMS_SIGN_NAME[\s\S]*SMS_TEMPLATE_CODE/,
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'webhook', SMS_SECRET: WEBHOOK_SECRET })).toThrow(
      /SMS_ENDPOINT is required/,
    );
    expect(() =>
      loadConfig({
        SMS_PROVIDER: 'tencent',
        SMS_ACCESS_KEY_ID: 'id',
        SMS_SECRET: TENCENT.secretKey,
        SMS_SIGN_NAME: 'sign',
        SMS_TEMPLATE_CODE: '1',
      }),
    ).toThrow(/SMS_SDK_APP_ID is required with SMS_PROVIDER=tencent/);
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(/SMS_PROVIDER/);
    const aliyunConfig = loadConfig({
      NODE_ENV: 'production',
      SMS_PROVIDER: 'aliyun',
      SMS_ACCESS_KEY_ID: 'id',
      SMS_SECRET: ALIYUN.accessKeySecret,
      SMS_SIGN_NAME: 'sign',
      SMS_TEMPLATE_CODE: 'SMS_1',
    }).sms;
    expect(aliyunConfig).toMatchObject({
      provider: 'aliyun',
      aliyun: { endpoint: 'https://dysmsapi.aliyuncs.com/', signName: 'sign' },
    });
  });
});
