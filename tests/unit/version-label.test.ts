import { describe, expect, it } from 'vitest';
import { versionLabel } from '../../src/i18n/version-label.ts';

describe('versionLabel (SPEC section 3)', () => {
  it('labels accepted articles', () => {
    expect(versionLabel(-1, 'zh')).toBe('最新录用');
    expect(versionLabel(-1, 'en')).toBe('Accept');
  });

  it('shows nothing for version 0', () => {
    expect(versionLabel(0, 'zh')).toBe('');
    expect(versionLabel(0, 'en')).toBe('');
  });

  it('names the ten proof priorities', () => {
    expect(versionLabel(1, 'zh')).toBe('第一优先');
    expect(versionLabel(2, 'zh')).toBe('第二优先');
    expect(versionLabel(10, 'zh')).toBe('第十优先');
    expect(versionLabel(1, 'en')).toBe('First priority');
    expect(versionLabel(10, 'en')).toBe('Tenth priority');
    const zh = Array.from({ length: 10 }, (_, i) => versionLabel(i + 1, 'zh'));
    expect(new Set(zh).size).toBe(10);
  });

  it('calls every other number a corrected proof', () => {
    for (const version of [11, 12, 99, -2, -10, 1.5]) {
      expect(versionLabel(version, 'en')).toBe('Corrected Proof');
      expect(versionLabel(version, 'zh')).toBe('Corrected Proof');
    }
  });
});
