/**
 * Alibaba Cloud SMS, SendSms (API version 2017-05-25), signed with the RPC signature: the request's
 * parameters sorted by name and percent-encoded (RFC 3986) into the canonicalized query string,
 * then StringToSign = 'GET&%2F&' + percentEncode(that string), and Signature =
 * Base64(HMAC-SHA1(AccessKeySecret + '&', StringToSign)). The template must have a ${code}
 * variable. The answer's Code is 'OK' on success; anything else is an SmsSendError.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { SmsSendError, type SmsSender, smsFetch } from './sms.ts';

export type AliyunSmsConfig = {
  endpoint: string;
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
};

/** RFC 3986 encoding as Alibaba Cloud's signature asks: encodeURIComponent leaves !'()* alone. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function canonicalizedQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .sort()
    .map((key) => `${percentEncode(key)}=${percentEncode(params[key] ?? '')}`)
    .join('&');
}

export function aliyunSignature(method: string, params: Record<string, string>, accessKeySecret: string): string {
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonicalizedQuery(params))}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign, 'utf8').digest('base64');
}

/** Provider codes the reader can act on; the rest read as a failed send. */
const LIMITED = new Set([
  'isv.BUSINESS_LIMIT_CONTROL',
  'isv.DAY_LIMIT_CONTROL',
  'isv.AMOUNT_NOT_ENOUGH_LIMIT',
  'Throttling.User',
]);
const BAD_NUMBER = new Set(['isv.MOBILE_NUMBER_ILLEGAL', 'isv.MOBILE_COUNT_OVER_LIMIT', 'isv.BLACK_KEY_CONTROL_LIMIT']);

export function aliyunSmsSender(config: AliyunSmsConfig, now: () => Date = () => new Date()): SmsSender {
  return {
    async send(message) {
      const params: Record<string, string> = {
        AccessKeyId: config.accessKeyId,
        Action: 'SendSms',
        Format: 'JSON',
        PhoneNumbers: message.to,
        RegionId: 'cn-hangzhou',
        SignName: config.signName,
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: randomUUID(),
        SignatureVersion: '1.0',
        TemplateCode: config.templateCode,
        TemplateParam: JSON.stringify({ code: message.code?.value ?? message.text }),
        Timestamp: now()
          .toISOString()
          .replace(/\.\d{3}Z$/, 'Z'),
        Version: '2017-05-25',
      };
      const signature = aliyunSignature('GET', params, config.accessKeySecret);
      const url = `${config.endpoint.replace(/\/?$/, '/')}?Signature=${percentEncode(signature)}&${canonicalizedQuery(params)}`;
      const response = await smsFetch(url, { method: 'GET', headers: { accept: 'application/json' } });
      const answer = (await response.json().catch(() => null)) as { Code?: unknown; Message?: unknown } | null;
      const code = typeof answer?.Code === 'string' ? answer.Code : `HTTP ${response.status}`;
      if (response.ok && code === 'OK') return;
      const detail = `aliyun ${code}: ${typeof answer?.Message === 'string' ? answer.Message : response.statusText}`;
      throw new SmsSendError(LIMITED.has(code) ? 'limited' : BAD_NUMBER.has(code) ? 'number' : 'failed', detail);
    },
  };
}
