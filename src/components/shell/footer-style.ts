/** Footer style (docs/product-rules.md#footer): a light grey background is style 1, anything else style 2. */
import { present } from './shell-text.ts';

function rgbOf(colour: string): [number, number, number] | null {
  const text = colour.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(text);
  if (hex?.[1]) {
    const raw = hex[1].length === 3 ? [...hex[1]].map((c) => c + c).join('') : hex[1];
    const n = Number.parseInt(raw, 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  }
  const rgb = /^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)/.exec(text);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  return null;
}

/** grey (channels within 12 of each other) and light (every channel 200 or more) */
export function isLightGrey(colour: string | null | undefined): boolean {
  const text = present(colour);
  if (!text) return false;
  if (['lightgrey', 'lightgray', 'gainsboro', 'whitesmoke'].includes(text.toLowerCase())) return true;
  const rgb = rgbOf(text);
  if (!rgb) return false;
  return Math.max(...rgb) - Math.min(...rgb) <= 12 && Math.min(...rgb) >= 200;
}

export function footerStyle(backgroundColor: string | null | undefined): 1 | 2 {
  return isLightGrey(backgroundColor) ? 1 : 2;
}

/** A usable background for style 2: the site's colour when it is a colour, else the theme's. */
export function footerBackground(backgroundColor: string | null | undefined): string {
  const text = present(backgroundColor);
  return text && rgbOf(text) ? text : 'var(--theme-primary)';
}

/** Dark text on light backgrounds, white on dark ones (relative luminance). */
export function footerTextColour(backgroundColor: string | null | undefined): string {
  const text = present(backgroundColor);
  const rgb = text ? rgbOf(text) : null;
  if (!rgb) return '#ffffff';
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.35 ? '#1a1a1a' : '#ffffff';
}
