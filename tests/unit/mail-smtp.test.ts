/** nodemailer against a real SMTP listener in this process: the message that arrives is the one sent. */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { createMailer } from '../../src/server/mail/mailer.ts';
import { openDb } from '../../src/server/store/db.ts';
import { outboxMessages } from '../../src/server/store/outbox.ts';

const received: { from: string; to: string[]; raw: Buffer }[] = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        raw: Buffer.concat(chunks),
      });
      callback();
    });
  },
});
let port = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

it('with SMTP_URL set, mail goes through SMTP and not into the outbox', async () => {
  const config = loadConfig({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'journal@portal.test' });
  const db = openDb(':memory:');
  const mailer = createMailer({ db, smtpUrl: config.smtpUrl, from: config.mailFrom });
  await mailer.send({
    to: 'reader@example.org',
    subject: '甲刊：您的验证码',
    text: '您的验证码是 123456。',
    html: '<p>您的验证码是 <b>123456</b>。</p>',
  });

  expect(received).toHaveLength(1);
  const [message] = received;
  expect(message?.from).toBe('journal@portal.test');
  expect(message?.to).toEqual(['reader@example.org']);
  const parsed = await simpleParser(message?.raw ?? Buffer.alloc(0));
  expect(parsed.subject).toBe('甲刊：您的验证码');
  expect(parsed.text?.trim()).toBe('您的验证码是 123456。');
  expect(parsed.html).toContain('<b>123456</b>');
  expect(await outboxMessages(db)).toEqual([]);
  db.close();
});

it('without SMTP_URL, mail is kept in the outbox', async () => {
  const config = loadConfig({});
  expect(config.smtpUrl).toBeUndefined();
  expect(config.mailFrom).toMatch(/^noreply@/);
  const db = openDb(':memory:');
  await createMailer({ db, smtpUrl: config.smtpUrl, from: config.mailFrom }).send({
    to: 'reader@example.org',
    subject: 'Hello',
    text: 'Body',
  });
  expect((await outboxMessages(db)).map((m) => [m.recipient, m.subject, m.text])).toEqual([
    ['reader@example.org', 'Hello', 'Body'],
  ]);
  db.close();
});

it('a malformed SMTP_URL stops start-up with a clear message', () => {
  expect(() => loadConfig({ SMTP_URL: 'http://mail.example.org' })).toThrow(/SMTP_URL must be an smtp/);
});
