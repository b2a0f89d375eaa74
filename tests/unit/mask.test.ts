import { describe, expect, it } from 'vitest';
import { maskUserName } from '../../src/lib/mask.ts';

describe('user name masking (SPEC section 5)', () => {
  it('replaces the 4 characters standing 8 to 4 from the end', () => {
    expect(maskUserName('13812345678')).toBe('138****5678');
    expect(maskUserName('abcdefgh')).toBe('****efgh');
    expect(maskUserName('张三丰李四王五赵六钱七')).toBe('张三丰****赵六钱七');
    expect(maskUserName('abcdef')).toBe('****cdef');
    expect(maskUserName('abcd')).toBe('abcd');
  });
});
