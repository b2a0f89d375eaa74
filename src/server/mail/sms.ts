/**
 * Sending SMS. A gateway implements SmsSender: Alibaba Cloud SMS (src/server/mail/sms-aliyun.ts),
 * Tencent Cloud SMS (src/server/mail/sms-tencent.ts) or a webhook of the publisher's gateway (src/server/mail/sms-webhook.ts), chosen by SMS_PROVIDER
 * (src/server/mail/sms-config.ts). Without one, development writes each message to the outbox
 * (channel 'sms'), where tests and `npm run outbox` read it.
 */
import type { Db } from '../store/db.ts';
import { addToOutbox } from '../store/outbox.ts';

/** `code` is the verification code alone, for providers that fill a template of their own. */
export type SmsMessage = { to: string; text: string; code?: { value: string; minutes: number } };

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/**
 * The provider did not send the message. `kind` is what the reader can do about it: wait
 * (limited), check the number (number), or try later (failed); `detail` is the provider's own
 * code and message, for the log.
 */
export class SmsSendError extends Error {
  readonly kind: 'limited' | 'number' | 'failed';
  readonly detail: string;

  constructor(kind: SmsSendError['kind'], detail: string) {
    super(`SMS not sent (${kind}): ${detail}`);
    this.name = 'SmsSendError';
    this.kind = kind;
    this.detail = detail;
  }
}

export function outboxSmsSender(db: Db, now: () => Date = () => new Date()): SmsSender {
  return {
    async send(message) {
      await addToOutbox(db, {
        channel: 'sms',
        recipient: message.to,
        subject: '',
        text: message.text,
        html: null,
        createdAt: now().toISOString(),
      });
    },
  };
}

/** A provider's answer within this time, or the send counts as failed. */
export const SMS_TIMEOUT_MS = 10_000;

/** fetch with the time limit; a network failure or timeout is a failed send, not a crash. */
export async function smsFetch(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(SMS_TIMEOUT_MS) });
  } catch (error) {
    throw new SmsSendError(
      'failed',
      `no answer from ${new URL(url).host}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
