import { describe, expect, it } from 'vitest';
import { sanitizeSiteCss, THEME_PRESETS, themeCss, themeFor } from '../../src/lib/theme.ts';

describe('theme (SPEC section 1)', () => {
  it('has eleven presets, each with five colours', () => {
    expect(Object.keys(THEME_PRESETS).map(Number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    for (const preset of Object.values(THEME_PRESETS))
      expect(Object.keys(preset).sort()).toEqual(['bottomLine', 'hover', 'primary', 'tint', 'translucent']);
  });

  it('picks the preset of the colour id, and colour 0 uses colour1/2/3', () => {
    const site = { colour: 8, colour1: null, colour2: null, colour3: null };
    expect(themeFor(site)).toBe(THEME_PRESETS[8]);
    const own = themeFor({ colour: 0, colour1: '#123456', colour2: '#abc', colour3: '#654321' });
    expect(own).toMatchObject({
      primary: '#123456',
      hover: '#abc',
      bottomLine: '#654321',
      translucent: 'rgba(18, 52, 86, 0.12)',
    });
    expect(themeFor({ colour: 0, colour1: 'red;}', colour2: null, colour3: null }).primary).toBe(
      THEME_PRESETS[1]!.primary,
    );
  });

  it('themeCss returns :root custom properties', () => {
    const css = themeCss({ colour: 3, colour1: null, colour2: null, colour3: null });
    expect(css).toMatch(/^:root \{/);
    expect(css).toContain(`--theme-primary: ${THEME_PRESETS[3]!.primary};`);
    for (const name of ['primary', 'hover', 'translucent', 'tint', 'bottom-line'])
      expect(css).toContain(`--theme-${name}:`);
  });

  it('site-authored css cannot close the style element or import sheets', () => {
    expect(sanitizeSiteCss('a{color:red}</style><script>x</script>')).toBe('a{color:red}><script>x</script>');
    expect(sanitizeSiteCss('@import url(evil.css); .a{}')).toBe(' .a{}');
    expect(sanitizeSiteCss(null)).toBe('');
  });
});

describe('theme contrast', () => {
  const luminance = (hex: string) => {
    const n = Number.parseInt(hex.slice(1), 16);
    const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  it('white text on every primary and hover colour passes WCAG AA (4.5:1)', () => {
    for (const preset of Object.values(THEME_PRESETS)) {
      for (const colour of [preset.primary, preset.hover])
        expect(1.05 / (luminance(colour) + 0.05), colour).toBeGreaterThanOrEqual(4.5);
    }
  });
});
