/**
 * Tencent Cloud SMS, SendSms (API version 2021-01-11), signed with TC3-HMAC-SHA256: the canonical
 * request (method, '/', empty query, the content-type and host headers, their names, the body's
 * SHA-256) is hashed into the string to sign, which is signed with a key derived from the secret,
 * the UTC date, the service 'sms' and 'tc3_request'. The template gets the code and the minutes it
 * is valid. A failure is an Error answer, or a SendStatus whose Code is not 'Ok'.
 */
import { createHash, createHmac } from 'node:crypto';
import { SmsSendError, type SmsSender, smsFetch } from './sms.ts';

export type TencentSmsConfig = {
  endpoint: string;
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  region: string;
};

const SERVICE = 'sms';
const CONTENT_TYPE = 'application/json; charset=utf-8';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

/** The Authorization header of a POST of `body` to `host` at `timestamp` (Unix seconds). */
export function tc3Authorization(
  config: Pick<TencentSmsConfig, 'secretId' | 'secretKey'>,
  host: string,
  body: string,
  timestamp: number,
): string {
  const date = new Date(timestamp * 1000).toISOString().slice(0, 10);
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${CONTENT_TYPE}`,
    `host:${host}`,
    '',
    'content-type;host',
    sha256Hex(body),
  ].join('\n');
  const scope = `${date}/${SERVICE}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(timestamp), scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(`TC3${config.secretKey}`, date), SERVICE), 'tc3_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return `TC3-HMAC-SHA256 Credential=${config.secretId}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`;
}

const LIMITED = /^LimitExceeded\.|^RequestLimitExceeded/;
const BAD_NUMBER =
  /^InvalidParameterValue\.IncorrectPhoneNumber|^FailedOperation\.PhoneNumberInBlacklist|^UnsupportedOperation\.UnsupportedRegion/;

type Answer = {
  Response?: { Error?: { Code?: string; Message?: string }; SendStatusSet?: { Code?: string; Message?: string }[] };
};

export function tencentSmsSender(config: TencentSmsConfig, now: () => Date = () => new Date()): SmsSender {
  return {
    async send(message) {
      const body = JSON.stringify({
        PhoneNumberSet: [message.to.startsWith('+') ? message.to : `+86${message.to}`],
        SmsSdkAppId: config.sdkAppId,
        SignName: config.signName,
        TemplateId: config.templateId,
        TemplateParamSet: message.code ? [message.code.value, String(message.code.minutes)] : [message.text],
      });
      const url = new URL(config.endpoint);
      const timestamp = Math.floor(now().getTime() / 1000);
      const response = await smsFetch(url.href, {
        method: 'POST',
        headers: {
          authorization: tc3Authorization(config, url.host, body, timestamp),
          'content-type': CONTENT_TYPE,
          'x-tc-action': 'SendSms',
          'x-tc-version': '2021-01-11',
          'x-tc-region': config.region,
          'x-tc-timestamp': String(timestamp),
        },
        body,
      });
      const answer = (await response.json().catch(() => null)) as Answer | null;
      const failure =
        answer?.Response?.Error ??
        answer?.Response?.SendStatusSet?.find((status) => status.Code !== 'Ok') ??
        (answer?.Response?.SendStatusSet?.length ? null : { Code: `HTTP ${response.status}` });
      if (response.ok && !failure) return;
      const code = failure?.Code ?? `HTTP ${response.status}`;
      const detail = `tencent ${code}: ${failure?.Message ?? response.statusText}`;
      throw new SmsSendError(LIMITED.test(code) ? 'limited' : BAD_NUMBER.test(code) ? 'number' : 'failed', detail);
    },
  };
}
