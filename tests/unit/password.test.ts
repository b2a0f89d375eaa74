import { describe, expect, it } from 'vitest';
import { passwordChangeDue } from '../../src/server/api/login-session.ts';
import { hashPassword, verifyPassword } from '../../src/server/auth/password.ts';

describe('password hashing', () => {
  it('verifies the right password and rejects a wrong one', () => {
    const stored = hashPassword('Demo2026pass');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(verifyPassword('Demo2026pass', stored)).toBe(true);
    expect(verifyPassword('demo2026pass', stored)).toBe(false);
  });

  it('salts randomly unless a salt is given', () => {
    expect(hashPassword('Demo2026pass')).not.toBe(hashPassword('Demo2026pass'));
    const salt = new Uint8Array(16).fill(7);
    expect(hashPassword('Demo2026pass', salt)).toBe(hashPassword('Demo2026pass', salt));
  });

  it('treats malformed stored values as non-matching', () => {
    for (const stored of [
      '',
      'plain',
      'scrypt$1$2$3',
      'bcrypt$16384$8$1$c2FsdA==$aGFzaA==',
      'scrypt$99999999$8$1$c2FsdA==$aGFzaA==',
    ]) {
      expect(verifyPassword('x', stored)).toBe(false);
    }
  });
});

describe('the 3-month password reminder (SPEC section 5)', () => {
  const changed = '2026-01-15T10:00:00.000Z';
  it('is not due a moment before 3 months have passed, and is due from then on', () => {
    expect(passwordChangeDue(changed, new Date('2026-04-15T09:59:59.999Z'))).toBe(false);
    expect(passwordChangeDue(changed, new Date('2026-04-15T10:00:00.000Z'))).toBe(true);
    expect(passwordChangeDue(changed, new Date('2026-04-15T10:00:00.001Z'))).toBe(true);
    // calendar months, not 90 days: 89 days later is still not due
    expect(passwordChangeDue(changed, new Date('2026-04-14T10:00:00.000Z'))).toBe(false);
  });

  it('counts a password of unknown age (a member from before the reminder) as due', () => {
    expect(passwordChangeDue(null, new Date(changed))).toBe(true);
  });
});
