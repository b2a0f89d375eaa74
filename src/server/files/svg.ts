/**
 * Pictures drawn by code for the demo data (nothing is downloaded): logos, banners, covers, QR
 * codes (src/lib/qr-svg.ts), portraits, news pictures and figure charts, as small SVG documents in the site's colours.
 */
const FONT = "'Noto Sans CJK SC','Source Han Sans SC','Microsoft YaHei',Arial,sans-serif";

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function svg(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

function text(x: number, y: number, size: number, fill: string, content: string, extra = ''): string {
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" fill="${fill}"${extra}>${escapeXml(content)}</text>`;
}

/** About how wide a line of text is drawn: CJK characters are square, Latin ones about half as wide. */
function textWidth(content: string, size: number): number {
  let width = 0;
  for (const char of content) width += (char.codePointAt(0) ?? 0) > 0x2e80 ? size : size * 0.58;
  return width;
}

/** Header logo: an emblem with the site's initials beside both names; as wide as the longer name needs, never cut. */
export function logoSvg(name: string, enName: string, colour: string, initials: string): string {
  return svg(
    Math.max(420, Math.ceil(86 + Math.max(textWidth(name, 24), textWidth(enName, 13)) + 16)),
    80,
    `<circle cx="40" cy="40" r="34" fill="${colour}"/>` +
      text(40, 48, 22, '#fff', initials.slice(0, 4).toUpperCase(), ' text-anchor="middle" font-weight="bold"') +
      text(86, 38, 24, colour, name, ' font-weight="bold"') +
      text(86, 62, 13, '#555', enName),
  );
}

/**
 * Phone logo: the emblem and the name in one language only, wrapped onto two lines, so that at a
 * phone header's 40 px the name is drawn about 14 px high instead of the wide logo's 5–9 px.
 */
export function mobileLogoSvg(name: string, colour: string, initials: string): string {
  const size = 22;
  const lines = twoLines(name, size);
  return svg(
    Math.ceil(72 + Math.max(...lines.map((line) => textWidth(line, size))) + 8),
    64,
    `<circle cx="32" cy="32" r="28" fill="${colour}"/>` +
      text(32, 39, 18, '#fff', initials.slice(0, 4).toUpperCase(), ' text-anchor="middle" font-weight="bold"') +
      lines
        .map((line, i) => text(72, lines.length === 1 ? 40 : 27 + i * 26, size, colour, line, ' font-weight="bold"'))
        .join(''),
  );
}

/** A name cut where its two halves are drawn about equally wide: between words, or between characters in Chinese. */
function twoLines(name: string, size: number): string[] {
  const words = /\s/u.test(name) ? name.split(/\s+/u) : [...name];
  const joiner = /\s/u.test(name) ? ' ' : '';
  if (words.length < 2 || textWidth(name, size) <= 200) return [name];
  let best = [name];
  let widest = Number.POSITIVE_INFINITY;
  for (let cut = 1; cut < words.length; cut++) {
    const lines = [words.slice(0, cut).join(joiner), words.slice(cut).join(joiner)];
    const width = Math.max(...lines.map((line) => textWidth(line, size)));
    if (width < widest) [best, widest] = [lines, width];
  }
  return best;
}

/** Wide banner (header background, channel banner, top news banner). */
export function bannerSvg(title: string, subtitle: string, colour: string, width = 1200, height = 90): string {
  return svg(
    width,
    height,
    `<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="${colour}" stop-opacity="0.55"/></linearGradient></defs>` +
      `<rect width="${width}" height="${height}" fill="url(#g)"/>` +
      `<path d="M${width * 0.6} ${height} L${width * 0.75} 0 L${width} 0 L${width} ${height}Z" fill="#fff" fill-opacity="0.12"/>` +
      text(32, height / 2 + 2, Math.round(height / 3.2), '#fff', title, ' font-weight="bold"') +
      text(32, height / 2 + Math.round(height / 4), Math.round(height / 7), '#fff', subtitle),
  );
}

/**
 * A carousel slide picture (1200×400): a gradient of the site's colour with shapes that differ by
 * site and slide (`seed`, `variant`). The lower left, where the page lays the slide's title, is
 * kept dark and calm so the white title stays legible.
 */
export function slideSvg(colour: string, seed: number, variant: number): string {
  const width = 1200;
  const height = 400;
  let state = (seed * 7919 + variant * 104729) >>> 0;
  const next = () => {
    state = (Math.imul(state ^ (state >>> 15), 2246822507) + 0x9e3779b9) >>> 0;
    return state / 4294967296;
  };
  const angle = Math.round(next() * 360);
  const shapes: string[] = [];
  const count = 5 + (variant % 4);
  for (let i = 0; i < count; i++) {
    const x = Math.round(520 + next() * 680);
    const y = Math.round(next() * height);
    const r = Math.round(40 + next() * 160);
    const opacity = (0.08 + next() * 0.2).toFixed(2);
    shapes.push(
      variant % 3 === 0
        ? `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" fill-opacity="${opacity}"/>`
        : variant % 3 === 1
          ? `<rect x="${x - r}" y="${y - r / 2}" width="${r * 2}" height="${r}" rx="${Math.round(r / 4)}" fill="#fff" fill-opacity="${opacity}" transform="rotate(${angle} ${x} ${y})"/>`
          : `<path d="M${x - r} ${y} Q${x} ${y - r} ${x + r} ${y} T${x + 3 * r} ${y}" fill="none" stroke="#fff" stroke-width="${Math.round(6 + next() * 14)}" stroke-opacity="${opacity}"/>`,
    );
  }
  return svg(
    width,
    height,
    `<defs><linearGradient id="s" gradientTransform="rotate(${angle % 90} 0.5 0.5)"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="${colour}" stop-opacity="0.55"/></linearGradient>` +
      `<linearGradient id="t" x1="0" x2="0" y1="0" y2="1"><stop offset="0.45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></linearGradient></defs>` +
      `<rect width="${width}" height="${height}" fill="#1a1a1a"/><rect width="${width}" height="${height}" fill="url(#s)"/>` +
      shapes.join('') +
      `<rect width="${width}" height="${height}" fill="url(#t)"/>`,
  );
}

/** Navigation bar background: a dark band of the site's colour with light diagonal stripes. */
export function navBackgroundSvg(colour: string, width = 1920, height = 48): string {
  const stripes = Array.from(
    { length: Math.ceil(width / 64) },
    (_, i) => `<path d="M${i * 64} ${height} L${i * 64 + 24} 0 L${i * 64 + 40} 0 L${i * 64 + 16} ${height}Z"/>`,
  ).join('');
  return svg(
    width,
    height,
    `<rect width="${width}" height="${height}" fill="${colour}"/><rect width="${width}" height="${height}" fill="#000" fill-opacity="0.25"/>` +
      `<g fill="#fff" fill-opacity="0.07">${stripes}</g>`,
  );
}

/** Journal or issue cover (portrait A4 proportions). */
export function coverSvg(name: string, enName: string, colour: string, line: string): string {
  return svg(
    210,
    297,
    `<rect width="210" height="297" fill="#fff"/><rect width="210" height="110" fill="${colour}"/>` +
      text(105, 52, 18, '#fff', name, ' text-anchor="middle" font-weight="bold"') +
      text(105, 80, 9, '#fff', enName, ' text-anchor="middle"') +
      `<circle cx="105" cy="185" r="48" fill="none" stroke="${colour}" stroke-width="6" stroke-opacity="0.5"/>` +
      `<circle cx="105" cy="185" r="28" fill="${colour}" fill-opacity="0.25"/>` +
      text(105, 272, 12, colour, line, ' text-anchor="middle"'),
  );
}

/** Expert or member portrait: a silhouette with the person's initials. */
export function portraitSvg(initials: string, colour: string): string {
  return svg(
    160,
    200,
    `<rect width="160" height="200" fill="${colour}" fill-opacity="0.15"/><circle cx="80" cy="78" r="38" fill="${colour}" fill-opacity="0.55"/>` +
      `<path d="M16 200 C20 140 140 140 144 200Z" fill="${colour}" fill-opacity="0.55"/>` +
      text(80, 88, 26, '#fff', initials, ' text-anchor="middle" font-weight="bold"'),
  );
}

/** Picture of a news item or album cover (4:3). */
export function pictureSvg(title: string, enTitle: string, colour: string, variant: number): string {
  const shapes = [
    `<circle cx="300" cy="90" r="70" fill="#fff" fill-opacity="0.18"/>`,
    `<rect x="220" y="30" width="140" height="140" rx="18" fill="#fff" fill-opacity="0.18"/>`,
    `<path d="M200 200 L320 40 L400 200Z" fill="#fff" fill-opacity="0.18"/>`,
  ];
  return svg(
    400,
    300,
    `<rect width="400" height="300" fill="${colour}"/>${shapes[variant % shapes.length] ?? ''}` +
      text(24, 230, 24, '#fff', title, ' font-weight="bold"') +
      text(24, 262, 13, '#fff', enTitle),
  );
}

/** A line chart used as an article figure. */
export function chartSvg(caption: string, colour: string, values: readonly number[]): string {
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? 440 / (values.length - 1) : 0;
  const points = values.map((value, i) => `${40 + i * step},${260 - (value / max) * 200}`).join(' ');
  return svg(
    500,
    320,
    `<rect width="500" height="320" fill="#fff"/><path d="M40 40V260H480" stroke="#333" fill="none"/>` +
      `<polyline points="${points}" fill="none" stroke="${colour}" stroke-width="3"/>` +
      text(250, 300, 14, '#333', caption, ' text-anchor="middle"'),
  );
}
