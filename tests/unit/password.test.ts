import { describe, expect, it } from 'vitest';
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
    for (const stored of ['', 'plain', 'scrypt$1$2$3', 'bcrypt$16384$8$1$c2FsdA==$aGFzaA==', 'scrypt$99999999$8$1$c2FsdA==$aGFzaA==']) {
      expect(verifyPassword('x', stored)).toBe(false);
    }
  });
});
