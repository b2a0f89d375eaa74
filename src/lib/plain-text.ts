/**
 * The one way HTML from content becomes text (titles, abstracts, news): for <title> and meta tags,
 * search snippets and the index, the basket list, feeds and PDFs. DOM-free and small, so islands
 * can use it. Inline tags vanish without a gap ('H<sub>2</sub>O' reads 'H2O'); <br> and the end of
 * a block start a new line; scripts, styles and comments go with their content; entities are
 * decoded once, after the tags are gone, so '&lt;b&gt;' stays text.
 */

const DROPPED = /<!--[\s\S]*?(?:-->|$)|<(script|style|textarea|template)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/giu;
const LINE_END = /<br\b[^>]*>|<\/(?:p|div|li|dt|dd|tr|h[1-6]|blockquote|pre|figcaption|caption|table|ul|ol|dl)\s*>/giu;
// a quoted attribute value may hold '>'
const TAG = /<\/?[a-z][^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>?/giu;
const ENTITY = /&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/giu;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(ENTITY, (whole, name: string) => {
    const code =
      name[0] !== '#'
        ? Number.NaN
        : name[1] === 'x' || name[1] === 'X'
          ? Number.parseInt(name.slice(2), 16)
          : Number.parseInt(name.slice(1), 10);
    if (name[0] === '#') return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

/** whitespace that collapsing would change: any but a lone space */
const UNCOLLAPSED = /[^\S ]| {2}/u;

/** Runs of whitespace as one space. */
function collapsed(text: string): string {
  // most titles and abstracts have single spaces only: a scan instead of a new string
  return UNCOLLAPSED.test(text) ? text.replace(/\s+/gu, ' ') : text;
}

/** The text of some HTML on one line (spaces collapsed), or with `lines`, its lines without blank ones. */
export function plainText(html: string | null | undefined, options: { lines?: boolean } = {}): string {
  if (!html) return '';
  // every tag pattern starts with '<' and every entity with '&': a text without them skips those passes
  const untagged = html.includes('<') ? html.replace(DROPPED, '').replace(LINE_END, '\n').replace(TAG, '') : html;
  const text = untagged.includes('&') ? decodeEntities(untagged) : untagged;
  if (!options.lines) return collapsed(text).trim();
  return text
    .split('\n')
    .map((line) => collapsed(line).trim())
    .filter((line) => line !== '')
    .join('\n');
}
