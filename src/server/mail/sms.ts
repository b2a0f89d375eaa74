/**
 * Sending SMS. No SMS gateway is wired yet: the development sender writes each message to the
 * outbox (channel 'sms'), where tests and `npm run outbox` read it. A gateway implements SmsSender.
 */
import type { Db } from '../store/db.ts';
import { addToOutbox } from '../store/outbox.ts';

export type SmsMessage = { to: string; text: string };

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

export function outboxSmsSender(db: Db, now: () => Date = () => new Date()): SmsSender {
  return {
    async send(message) {
      await addToOutbox(db, { channel: 'sms', recipient: message.to, subject: '', text: message.text, html: null, createdAt: now().toISOString() });
    },
  };
}
