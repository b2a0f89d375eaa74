/**
 * Which SMS sender the server uses, from the environment (docs/configuration.md): SMS_PROVIDER
 * 'aliyun' (Alibaba Cloud SMS), 'tencent' (Tencent Cloud SMS) or 'webhook' (the publisher's
 * gateway), each with its settings.
 * Without a provider, development keeps codes in the outbox; production (NODE_ENV=production) has
 * no SMS at all, and the login calls refuse mobile numbers instead of promising a code.
 */
import { z } from 'zod';
import type { Db } from '../store/db.ts';
import { outboxSmsSender, type SmsSender } from './sms.ts';
import { type AliyunSmsConfig, aliyunSmsSender } from './sms-aliyun.ts';
import { type TencentSmsConfig, tencentSmsSender } from './sms-tencent.ts';
import { type WebhookSmsConfig, webhookSmsSender } from './sms-webhook.ts';

export const ALIYUN_SMS_ENDPOINT = 'https://dysmsapi.aliyuncs.com/';
export const TENCENT_SMS_ENDPOINT = 'https://sms.tencentcloudapi.com/';

export const smsEnvSchema = z.object({
  NODE_ENV: z.string().optional(),
  SMS_PROVIDER: z.enum(['aliyun', 'tencent', 'webhook']).optional(),
  /** the provider's address: Alibaba Cloud's or Tencent Cloud's (defaults below), or the webhook's */
  SMS_ENDPOINT: z.url().optional(),
  SMS_ACCESS_KEY_ID: z.string().min(1).optional(),
  /** Alibaba Cloud's AccessKey secret, Tencent Cloud's SecretKey, or the webhook's signing secret */
  SMS_SECRET: z.string().min(16, 'SMS_SECRET must be at least 16 characters').optional(),
  SMS_SIGN_NAME: z.string().min(1).optional(),
  SMS_TEMPLATE_CODE: z.string().min(1).optional(),
  /** Tencent Cloud: the SMS application (SmsSdkAppId) and region */
  SMS_SDK_APP_ID: z.string().min(1).optional(),
  SMS_REGION: z
    .string()
    .regex(/^[a-z]+(-[a-z0-9]+)+$/, 'SMS_REGION must be a region such as ap-guangzhou')
    .default('ap-guangzhou'),
});

type SmsEnv = z.infer<typeof smsEnvSchema>;

export type SmsConfig =
  | { provider: 'aliyun'; aliyun: AliyunSmsConfig }
  | { provider: 'tencent'; tencent: TencentSmsConfig }
  | { provider: 'webhook'; webhook: WebhookSmsConfig }
  | { provider: 'outbox' }
  | { provider: 'none' };

/** What each provider needs, as messages naming the missing variables. */
export function smsEnvProblems(env: SmsEnv): string[] {
  const missing = (names: (keyof SmsEnv)[]) =>
    names
      .filter((name) => env[name] === undefined)
      .map((name) => `${name} is required with SMS_PROVIDER=${env.SMS_PROVIDER}`);
  if (env.SMS_PROVIDER === 'aliyun')
    return missing(['SMS_ACCESS_KEY_ID', 'SMS_SECRET', 'SMS_SIGN_NAME', 'SMS_TEMPLATE_CODE']);
  if (env.SMS_PROVIDER === 'tencent')
    return missing(['SMS_ACCESS_KEY_ID', 'SMS_SECRET', 'SMS_SDK_APP_ID', 'SMS_SIGN_NAME', 'SMS_TEMPLATE_CODE']);
  if (env.SMS_PROVIDER === 'webhook') return missing(['SMS_ENDPOINT', 'SMS_SECRET']);
  return [];
}

export function smsConfigOf(env: SmsEnv): SmsConfig {
  const secret = env.SMS_SECRET ?? '';
  if (env.SMS_PROVIDER === 'aliyun') {
    return {
      provider: 'aliyun',
      aliyun: {
        endpoint: env.SMS_ENDPOINT ?? ALIYUN_SMS_ENDPOINT,
        accessKeyId: env.SMS_ACCESS_KEY_ID ?? '',
        accessKeySecret: secret,
        signName: env.SMS_SIGN_NAME ?? '',
        templateCode: env.SMS_TEMPLATE_CODE ?? '',
      },
    };
  }
  if (env.SMS_PROVIDER === 'tencent') {
    return {
      provider: 'tencent',
      tencent: {
        endpoint: env.SMS_ENDPOINT ?? TENCENT_SMS_ENDPOINT,
        secretId: env.SMS_ACCESS_KEY_ID ?? '',
        secretKey: secret,
        sdkAppId: env.SMS_SDK_APP_ID ?? '',
        signName: env.SMS_SIGN_NAME ?? '',
        templateId: env.SMS_TEMPLATE_CODE ?? '',
        region: env.SMS_REGION,
      },
    };
  }
  if (env.SMS_PROVIDER === 'webhook') return { provider: 'webhook', webhook: { url: env.SMS_ENDPOINT ?? '', secret } };
  return { provider: env.NODE_ENV === 'production' ? 'none' : 'outbox' };
}

/** The sender of this configuration; null: no SMS (production without a provider). */
export function createSmsSender(config: SmsConfig, db: Db): SmsSender | null {
  switch (config.provider) {
    case 'aliyun':
      return aliyunSmsSender(config.aliyun);
    case 'tencent':
      return tencentSmsSender(config.tencent);
    case 'webhook':
      return webhookSmsSender(config.webhook);
    case 'outbox':
      return outboxSmsSender(db);
    case 'none':
      return null;
  }
}
