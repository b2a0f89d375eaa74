import { describe, expect, it } from 'vitest';
import { contrastRatio, headerContrastProblems, MIN_HEADER_CONTRAST } from '../../src/lib/contrast.ts';
import { THEME_PRESETS } from '../../src/lib/theme.ts';

describe('header contrast', () => {
  it('measures WCAG 2 contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBeCloseTo(1, 5);
    // WebAIM's checker: #767676 on white is 4.54:1, the lightest gray that passes AA
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(MIN_HEADER_CONTRAST);
  });

  it('accepts every preset primary and hover colour', () => {
    for (const theme of Object.values(THEME_PRESETS)) {
      expect(headerContrastProblems({ colour1: theme.primary, colour2: theme.hover })).toEqual([]);
    }
  });

  it('names each custom colour the white header text cannot be read on, with its ratio', () => {
    expect(headerContrastProblems({ colour1: '#ffd700', colour2: '#0b5394' })).toEqual([
      { field: 'colour1', colour: '#ffd700', ratio: 1.4 },
    ]);
    expect(headerContrastProblems({ colour1: '#777', colour2: '#7fbfff' }).map((p) => p.field)).toEqual([
      'colour1',
      'colour2',
    ]);
  });
});
