import { describe, expect, it } from 'vitest';
import { isLoggedInName, userNameFromCookies } from '../../src/lib/login-state.ts';

describe('login state', () => {
  it("'' and 'undefined' mean logged out", () => {
    expect(isLoggedInName('')).toBe(false);
    expect(isLoggedInName('undefined')).toBe(false);
    expect(isLoggedInName(null)).toBe(false);
    expect(isLoggedInName('li')).toBe(true);
    expect(userNameFromCookies('language=zh; userName=13812345678')).toBe('13812345678');
    expect(userNameFromCookies('userName=undefined')).toBeNull();
    expect(userNameFromCookies('userName=')).toBeNull();
    expect(userNameFromCookies('language=en')).toBeNull();
  });
});
