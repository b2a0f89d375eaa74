/**
 * Colour themes (docs/product-rules.md#themes): 11 presets, each with primary, hover, translucent, background tint
 * and bottom-line colours; colour 0 takes the site's own colour1/2/3. Served as /_static/theme.css
 * and inlined by the layout so first paint is right.
 */
import type { Site } from '../content/types.ts';

export type Theme = { primary: string; hover: string; translucent: string; tint: string; bottomLine: string };

/** the hosting platform's own colour (its logo is /favicon.svg): the notice of a closed site wears it */
export const PLATFORM_COLOUR = '#1f5fa8';

/** primaries are dark enough for white text (WCAG AA, 4.5:1) */
export const THEME_PRESETS: Record<number, Theme> = {
  1: {
    primary: '#0b5394',
    hover: '#1c6fc0',
    translucent: 'rgba(11, 83, 148, 0.12)',
    tint: '#eef4fa',
    bottomLine: '#0b5394',
  },
  2: {
    primary: '#a61b1b',
    hover: '#c53030',
    translucent: 'rgba(166, 27, 27, 0.12)',
    tint: '#fbefef',
    bottomLine: '#a61b1b',
  },
  3: {
    primary: '#1d6b3a',
    hover: '#22773f',
    translucent: 'rgba(29, 107, 58, 0.12)',
    tint: '#eef7f1',
    bottomLine: '#1d6b3a',
  },
  4: {
    primary: '#5b2c83',
    hover: '#7440a3',
    translucent: 'rgba(91, 44, 131, 0.12)',
    tint: '#f4eff9',
    bottomLine: '#5b2c83',
  },
  5: {
    primary: '#8a4b00',
    hover: '#a85d05',
    translucent: 'rgba(138, 75, 0, 0.12)',
    tint: '#fbf3e9',
    bottomLine: '#8a4b00',
  },
  6: {
    primary: '#006d77',
    hover: '#007a85',
    translucent: 'rgba(0, 109, 119, 0.12)',
    tint: '#e9f6f7',
    bottomLine: '#006d77',
  },
  7: {
    primary: '#1f3a5f',
    hover: '#2d5286',
    translucent: 'rgba(31, 58, 95, 0.12)',
    tint: '#eef2f7',
    bottomLine: '#1f3a5f',
  },
  8: {
    primary: '#b3261e',
    hover: '#d0372e',
    translucent: 'rgba(179, 38, 30, 0.12)',
    tint: '#fcefee',
    bottomLine: '#b3261e',
  },
  9: {
    primary: '#0a5c36',
    hover: '#0f7a48',
    translucent: 'rgba(10, 92, 54, 0.12)',
    tint: '#ecf6f1',
    bottomLine: '#0a5c36',
  },
  10: {
    primary: '#3d3d3d',
    hover: '#5a5a5a',
    translucent: 'rgba(61, 61, 61, 0.12)',
    tint: '#f3f3f3',
    bottomLine: '#3d3d3d',
  },
  11: {
    primary: '#004e89',
    hover: '#0a66ad',
    translucent: 'rgba(0, 78, 137, 0.12)',
    tint: '#ebf3f9',
    bottomLine: '#004e89',
  },
};

const DEFAULT_PRESET = 1;
const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** '#abc' or '#aabbcc' → 'rgba(r, g, b, alpha)' */
function withAlpha(hex: string, alpha: number): string {
  const raw = hex.slice(1);
  const full = raw.length === 3 ? [...raw].map((c) => c + c).join('') : raw;
  const n = Number.parseInt(full, 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

/** mixes a hex colour with white (share 0..1 of the colour kept) */
function lighten(hex: string, keep: number): string {
  const raw = hex.slice(1);
  const full = raw.length === 3 ? [...raw].map((c) => c + c).join('') : raw;
  const n = Number.parseInt(full, 16);
  const mix = (c: number) => Math.round(c * keep + 255 * (1 - keep));
  return `#${[(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => mix(c).toString(16).padStart(2, '0')).join('')}`;
}

/** The theme of a site: its preset, or for colour 0 its own colour1 (primary), colour2 (hover), colour3 (line). */
export function themeFor(site: Pick<Site, 'colour' | 'colour1' | 'colour2' | 'colour3'>): Theme {
  if (site.colour === 0) {
    const fallback = THEME_PRESETS[DEFAULT_PRESET]!;
    const primary = site.colour1 && HEX.test(site.colour1.trim()) ? site.colour1.trim() : fallback.primary;
    const hover = site.colour2 && HEX.test(site.colour2.trim()) ? site.colour2.trim() : primary;
    const line = site.colour3 && HEX.test(site.colour3.trim()) ? site.colour3.trim() : primary;
    return { primary, hover, translucent: withAlpha(primary, 0.12), tint: lighten(primary, 0.08), bottomLine: line };
  }
  return THEME_PRESETS[site.colour] ?? THEME_PRESETS[DEFAULT_PRESET]!;
}

/** The :root custom properties of a theme. */
export function themeVariables(theme: Theme): string {
  return [
    `--theme-primary: ${theme.primary};`,
    `--theme-hover: ${theme.hover};`,
    `--theme-translucent: ${theme.translucent};`,
    `--theme-tint: ${theme.tint};`,
    `--theme-bottom-line: ${theme.bottomLine};`,
  ].join(' ');
}

/** The site's theme style sheet (served at /_static/theme.css?t=…). */
export function themeCss(site: Pick<Site, 'colour' | 'colour1' | 'colour2' | 'colour3'>): string {
  return `:root { ${themeVariables(themeFor(site))} }\n`;
}

/** Site-authored CSS (header/footer cssContent) may not close the style element or pull in other sheets. */
export function sanitizeSiteCss(css: string | null | undefined): string {
  if (!css) return '';
  return css.replace(/<\/style/gi, '').replace(/@import[^;]*;?/gi, '');
}
