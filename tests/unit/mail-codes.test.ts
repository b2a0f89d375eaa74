import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  VERIFICATION_CODE_DAY_MS,
  VERIFICATION_CODE_MAX_ATTEMPTS,
  VERIFICATION_CODE_TTL_MS,
  VERIFICATION_CODES_PER_ADDRESS,
  VERIFICATION_CODES_PER_ADDRESS_DAY,
  VERIFICATION_CODES_PER_IP,
} from '../../src/lib/constants.ts';
import { outboxMailer } from '../../src/server/mail/mailer.ts';
import { sendMailCode, sendSmsCode } from '../../src/server/mail/send-code.ts';
import { outboxSmsSender } from '../../src/server/mail/sms.ts';
import { consumeVerificationCode, issueVerificationCode } from '../../src/server/mail/verification-codes.ts';
import type { Db } from '../../src/server/store/db.ts';
import { openDb } from '../../src/server/store/db.ts';
import { outboxMessages } from '../../src/server/store/outbox.ts';

let db: Db;
const now = new Date('2026-03-01T08:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);

beforeEach(() => {
  db = openDb(':memory:');
});
afterEach(() => db.close());

async function issue(address = 'reader@example.org', ip = '203.0.113.5', at = now): Promise<string> {
  const issued = await issueVerificationCode(db, { purpose: 'subscribe', address, ip, now: at });
  if (!issued.ok) throw new Error('rate limited');
  return issued.code;
}

describe('verification codes', () => {
  it('are six random digits, stored only hashed', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i += 1) codes.add(await issue(`r${i}@example.org`));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(codes.size).toBeGreaterThan(1);
    const stored = db
      .prepare('SELECT code_hash FROM verification_codes')
      .all()
      .map((row) => String(row['code_hash']));
    for (const code of codes) for (const hash of stored) expect(hash).not.toContain(code);
  });

  it('are accepted once, for the same purpose and address (any case)', async () => {
    const code = await issue('Reader@Example.org');
    expect(await consumeVerificationCode(db, { purpose: 'register', address: 'reader@example.org', code, now })).toBe(
      false,
    );
    expect(await consumeVerificationCode(db, { purpose: 'subscribe', address: 'other@example.org', code, now })).toBe(
      false,
    );
    expect(
      await consumeVerificationCode(db, { purpose: 'subscribe', address: ' READER@example.org ', code, now }),
    ).toBe(true);
    expect(await consumeVerificationCode(db, { purpose: 'subscribe', address: 'reader@example.org', code, now })).toBe(
      false,
    );
  });

  it('expire', async () => {
    const code = await issue();
    expect(
      await consumeVerificationCode(db, {
        purpose: 'subscribe',
        address: 'reader@example.org',
        code,
        now: later(VERIFICATION_CODE_TTL_MS + 1),
      }),
    ).toBe(false);
  });

  it('stop accepting even the right code after too many wrong guesses', async () => {
    const code = await issue();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < VERIFICATION_CODE_MAX_ATTEMPTS; i += 1) {
      expect(
        await consumeVerificationCode(db, { purpose: 'subscribe', address: 'reader@example.org', code: wrong, now }),
      ).toBe(false);
    }
    expect(await consumeVerificationCode(db, { purpose: 'subscribe', address: 'reader@example.org', code, now })).toBe(
      false,
    );
  });

  it('are rate-limited per address and per IP, and the window passes', async () => {
    for (let i = 0; i < VERIFICATION_CODES_PER_ADDRESS; i += 1) await issue('busy@example.org', `198.51.100.${i}`);
    const blocked = await issueVerificationCode(db, {
      purpose: 'subscribe',
      address: 'busy@example.org',
      ip: '198.51.100.99',
      now,
    });
    expect(blocked).toEqual({ ok: false, reason: 'rateLimited' });

    for (let i = 0; i < VERIFICATION_CODES_PER_IP; i += 1) await issue(`a${i}@example.org`, '192.0.2.1');
    expect(
      await issueVerificationCode(db, { purpose: 'subscribe', address: 'fresh@example.org', ip: '192.0.2.1', now }),
    ).toEqual({ ok: false, reason: 'rateLimited' });

    const nextHour = later(60 * 60_000);
    expect(
      (
        await issueVerificationCode(db, {
          purpose: 'subscribe',
          address: 'busy@example.org',
          ip: '192.0.2.1',
          now: nextHour,
        })
      ).ok,
    ).toBe(true);
  });
});

describe('the limit of one address', () => {
  it('counts every purpose together', async () => {
    const purposes = ['register:1', 'login:2', 'mobile:3', 'reset:4', 'subscribe', 'register:5'];
    const answers = [];
    for (const [i, purpose] of purposes.entries())
      answers.push(
        (await issueVerificationCode(db, { purpose, address: '13900000001', ip: `198.51.100.${i}`, now })).ok,
      );
    expect(answers).toEqual([...Array(VERIFICATION_CODES_PER_ADDRESS).fill(true), false]);
  });

  it('has a daily cap that the next hour does not lift, and the next day does', async () => {
    const day = new Date('2026-03-01T00:00:00Z');
    let sent = 0;
    for (let hour = 0; hour < 24; hour += 1) {
      for (let i = 0; i < VERIFICATION_CODES_PER_ADDRESS; i += 1) {
        const at = new Date(day.getTime() + hour * 3_600_000 + i * 60_000);
        if (
          (
            await issueVerificationCode(db, {
              purpose: `register:${i}`,
              address: 'daily@example.org',
              ip: `192.0.2.${hour}`,
              now: at,
            })
          ).ok
        )
          sent += 1;
      }
    }
    expect(sent).toBe(VERIFICATION_CODES_PER_ADDRESS_DAY);
    // the codes refused by the hourly limit did not use up the day: ten tries in the first hour leave the second hour its five
    await issueVerificationCode(db, {
      purpose: 'login:1',
      address: 'hammered@example.org',
      ip: '192.0.2.200',
      now: day,
    });
    for (let i = 0; i < 10; i += 1)
      await issueVerificationCode(db, {
        purpose: 'login:1',
        address: 'hammered@example.org',
        ip: `192.0.2.${200 + (i % 20)}`,
        now: day,
      });
    const secondHour = new Date(day.getTime() + 3_600_000);
    expect(
      (
        await issueVerificationCode(db, {
          purpose: 'login:1',
          address: 'hammered@example.org',
          ip: '192.0.2.250',
          now: secondHour,
        })
      ).ok,
    ).toBe(true);
    const nextDay = new Date(day.getTime() + VERIFICATION_CODE_DAY_MS);
    expect(
      (
        await issueVerificationCode(db, {
          purpose: 'login:1',
          address: 'daily@example.org',
          ip: '192.0.2.99',
          now: nextDay,
        })
      ).ok,
    ).toBe(true);
  });
});

describe('code messages', () => {
  it('go to the outbox by mail and by SMS, in the reader language, with a code that works', async () => {
    const mailer = outboxMailer(db, () => now);
    expect(
      await sendMailCode(db, mailer, {
        purpose: 'subscribe',
        address: 'Reader@Example.org',
        ip: '203.0.113.5',
        lang: 'en',
        siteName: 'Alpha',
        now,
      }),
    ).toEqual({ ok: true });
    expect(
      await sendSmsCode(
        db,
        outboxSmsSender(db, () => now),
        { purpose: 'login', address: '13800138000', ip: '203.0.113.5', lang: 'zh', siteName: '甲刊', now },
      ),
    ).toEqual({ ok: true });

    const [sms, mail] = await outboxMessages(db);
    expect(mail?.channel).toBe('email');
    expect(mail?.recipient).toBe('reader@example.org');
    expect(mail?.subject).toBe('Alpha: your verification code');
    const mailCode = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(
      await consumeVerificationCode(db, { purpose: 'subscribe', address: 'reader@example.org', code: mailCode, now }),
    ).toBe(true);

    expect(sms?.channel).toBe('sms');
    expect(sms?.text).toContain('【甲刊】验证码');
    const smsCode = /(\d{6})/.exec(sms?.text ?? '')?.[1] ?? '';
    expect(await consumeVerificationCode(db, { purpose: 'login', address: '13800138000', code: smsCode, now })).toBe(
      true,
    );
  });

  it('say rate-limited without sending', async () => {
    const mailer = outboxMailer(db, () => now);
    const request = {
      purpose: 'subscribe',
      address: 'reader@example.org',
      ip: '203.0.113.5',
      lang: 'zh' as const,
      siteName: '甲刊',
      now,
    };
    for (let i = 0; i < VERIFICATION_CODES_PER_ADDRESS; i += 1) await sendMailCode(db, mailer, request);
    expect(await sendMailCode(db, mailer, request)).toEqual({ ok: false, reason: 'rateLimited' });
    expect(await outboxMessages(db)).toHaveLength(VERIFICATION_CODES_PER_ADDRESS);
  });
});
