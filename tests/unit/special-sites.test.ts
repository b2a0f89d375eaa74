import { describe, expect, it } from 'vitest';
import { hasSpecialLayout, hasTallHeader } from '../../src/lib/special-sites.ts';

describe('special sites', () => {
  it('knows the special and tall-header slds', () => {
    expect(['entest01', 'entest04', 'emf'].every(hasSpecialLayout)).toBe(true);
    expect(hasSpecialLayout('jmst')).toBe(false);
    expect(['syhg', 'gzxb', 'yhy'].every(hasTallHeader)).toBe(true);
    expect(hasTallHeader('emf')).toBe(false);
  });
});
