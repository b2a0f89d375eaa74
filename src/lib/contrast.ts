/**
 * docs/product-rules.md#themes: the header writes white text on the theme's primary colour and on
 * its hover colour, so a site's own colours must keep that text readable (WCAG 2 AA for normal
 * text, 4.5:1). One copy for the console, which warns while the editor picks, and the admin API,
 * which refuses to save.
 */

/** the colour of the header's menu text (src/components/shell/MainNav.css) */
export const HEADER_TEXT_COLOUR = '#ffffff';
/** WCAG 2 AA, normal text */
export const MIN_HEADER_CONTRAST = 4.5;

const HEX_COLOUR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHexColour(value: string): boolean {
  return HEX_COLOUR.test(value);
}

function channels(hex: string): [number, number, number] {
  const raw = hex.slice(1);
  const full = raw.length === 3 ? [...raw].map((c) => c + c).join('') : raw;
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** WCAG 2 relative luminance of a '#rgb' or '#rrggbb' colour. */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG 2 contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export type ContrastProblem = { field: 'colour1' | 'colour2'; colour: string; ratio: number };

/** The custom colours the header's text cannot be read on (primary colour1, hover colour2), rounded down to 0.01. */
export function headerContrastProblems(colours: { colour1: string; colour2: string }): ContrastProblem[] {
  const problems: ContrastProblem[] = [];
  for (const field of ['colour1', 'colour2'] as const) {
    const colour = colours[field];
    if (!isHexColour(colour)) continue;
    const ratio = contrastRatio(colour, HEADER_TEXT_COLOUR);
    if (ratio < MIN_HEADER_CONTRAST) problems.push({ field, colour, ratio: Math.floor(ratio * 100) / 100 });
  }
  return problems;
}
