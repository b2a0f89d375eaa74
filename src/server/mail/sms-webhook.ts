/**
 * A webhook for an SMS gateway of the publisher's choice: a JSON POST {to, text, code, minutes}
 * signed with HMAC-SHA256 over `{timestamp}.{body}` (headers X-Portal-Timestamp and
 * X-Portal-Signature: sha256=<hex>), so the gateway can refuse forged or replayed calls. A 2xx
 * answer is a sent message; 429 means the gateway's limit; 422 a number it will not text; anything
 * else a failed send. The gateway's {message} (if any) goes to the log.
 */
import { createHmac } from 'node:crypto';
import { SmsSendError, type SmsSender, smsFetch } from './sms.ts';

export type WebhookSmsConfig = { url: string; secret: string };

const WEBHOOK_TIMESTAMP_HEADER = 'X-Portal-Timestamp';
const WEBHOOK_SIGNATURE_HEADER = 'X-Portal-Signature';

export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex')}`;
}

export function webhookSmsSender(config: WebhookSmsConfig, now: () => Date = () => new Date()): SmsSender {
  return {
    async send(message) {
      const body = JSON.stringify({
        to: message.to,
        text: message.text,
        code: message.code?.value ?? null,
        minutes: message.code?.minutes ?? null,
      });
      const timestamp = String(Math.floor(now().getTime() / 1000));
      const response = await smsFetch(config.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [WEBHOOK_TIMESTAMP_HEADER]: timestamp,
          [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(config.secret, timestamp, body),
        },
        body,
      });
      if (response.ok) return;
      const answer = (await response.json().catch(() => null)) as { message?: unknown } | null;
      const detail = `webhook HTTP ${response.status}: ${typeof answer?.message === 'string' ? answer.message : response.statusText}`;
      throw new SmsSendError(
        response.status === 429 ? 'limited' : response.status === 422 ? 'number' : 'failed',
        detail,
      );
    },
  };
}
