/**
 * Sending mail: through nodemailer when SMTP_URL is set, else into the outbox table (`npm run
 * outbox` prints it), so development and tests read what would have been sent.
 */
import nodemailer from 'nodemailer';
import type { Db } from '../store/db.ts';
import { addToOutbox } from '../store/outbox.ts';

export type MailMessage = { to: string; subject: string; text: string; html?: string };

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function outboxMailer(db: Db, now: () => Date = () => new Date()): Mailer {
  return {
    async send(message) {
      await addToOutbox(db, {
        channel: 'email',
        recipient: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        createdAt: now().toISOString(),
      });
    },
  };
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      });
    },
  };
}

export function createMailer(options: { db: Db; smtpUrl: string | undefined; from: string; now?: () => Date }): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options.from) : outboxMailer(options.db, options.now);
}
