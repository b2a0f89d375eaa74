import { describe, expect, it } from 'vitest';
import { badgeText } from '../../src/islands/state/basket.ts';

describe('basket state', () => {
  it('basket badge caps at 99', () => {
    expect(badgeText(5)).toBe('5');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
