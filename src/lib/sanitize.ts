/**
 * The one allow-list for HTML that comes from content (abstracts, news, channel pages, titles).
 * Everything rendered with set:html passes through here first.
 */
import sanitizeHtml from 'sanitize-html';
import { plainText } from './plain-text.ts';

/** Plain text for <title>, meta tags and JSON-LD (the one rule, src/lib/plain-text.ts). */
export { plainText };

const BLOCK_TAGS = [
  'p',
  'div',
  'br',
  'hr',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'code',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'figure',
  'figcaption',
  'img',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'colgroup',
  'col',
];
const INLINE_TAGS = [
  'a',
  'b',
  'strong',
  'i',
  'em',
  'u',
  'sup',
  'sub',
  'span',
  'small',
  'mark',
  'abbr',
  'cite',
  'q',
  's',
];

const lazyImage: sanitizeHtml.Transformer = (tagName, attribs) => ({
  tagName,
  attribs: { ...attribs, loading: 'lazy', decoding: 'async' },
});

const safeLink: sanitizeHtml.Transformer = (tagName, attribs) => {
  const external = /^https?:\/\//i.test(attribs['href'] ?? '');
  return external
    ? { tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } }
    : { tagName, attribs: { href: attribs['href'] ?? '', ...(attribs['title'] ? { title: attribs['title'] } : {}) } };
};

const RICH: sanitizeHtml.IOptions = {
  allowedTags: [...BLOCK_TAGS, ...INLINE_TAGS],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    col: ['span'],
    colgroup: ['span'],
    abbr: ['title'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  transformTags: { img: lazyImage, a: safeLink },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs['src'],
};

const INLINE: sanitizeHtml.IOptions = {
  allowedTags: ['b', 'strong', 'i', 'em', 'u', 'sup', 'sub', 'span', 'small'],
  allowedAttributes: {},
};

/**
 * Sanitizing is pure and the same text is cleaned again and again (a title on its article page,
 * its issue's table of contents and both languages; footer text on every page), so recent
 * results are remembered. Only short texts: the memory stays small and long bodies rarely repeat.
 */
const MEMO_ENTRIES = 4000;
const MEMO_MAX_LENGTH = 4096;
const memo = new Map<string, string>();

function remembered(key: string, clean: () => string): string {
  if (key.length > MEMO_MAX_LENGTH) return clean();
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  const value = clean();
  if (memo.size >= MEMO_ENTRIES) memo.delete(memo.keys().next().value ?? '');
  memo.set(key, value);
  return value;
}

const MATHML_TAGS = [
  'math',
  'semantics',
  'annotation',
  'mrow',
  'mi',
  'mn',
  'mo',
  'ms',
  'mtext',
  'mspace',
  'msup',
  'msub',
  'msubsup',
  'mfrac',
  'msqrt',
  'mroot',
  'mover',
  'munder',
  'munderover',
  'mmultiscripts',
  'mprescripts',
  'none',
  'mtable',
  'mtr',
  'mtd',
  'mlabeledtr',
  'mstyle',
  'mpadded',
  'mphantom',
  'menclose',
  'merror',
];
/** the MathML attributes a full text keeps (the JATS converter and the sanitizer share them) */
export const MATHML_ATTRIBUTES = [
  'display',
  'mathvariant',
  'stretchy',
  'fence',
  'separator',
  'lspace',
  'rspace',
  'accent',
  'accentunder',
  'linethickness',
  'columnalign',
  'rowalign',
  'displaystyle',
  'scriptlevel',
  'encoding',
  'notation',
  'form',
  'movablelimits',
  'largeop',
  'symmetric',
  'width',
  'height',
  'depth',
];

/** Links inside a full text keep their ids and classes: citations link to references and back. */
const fullTextLink: sanitizeHtml.Transformer = (tagName, attribs) =>
  (attribs['href'] ?? '').startsWith('#') ? { tagName, attribs } : safeLink(tagName, attribs);

/**
 * A full text drawn from JATS: the rich allow-list, plus sections, ids (the table of contents and
 * citations link to them), the full text's own classes, scrolling table regions and MathML.
 */
const FULL_TEXT: sanitizeHtml.IOptions = {
  ...RICH,
  allowedTags: [...BLOCK_TAGS, ...INLINE_TAGS, 'section', ...MATHML_TAGS],
  allowedAttributes: {
    ...RICH.allowedAttributes,
    '*': ['id'],
    a: ['href', 'title', 'target', 'rel', 'id'],
    div: ['tabindex', 'role', 'aria-label'],
    ...Object.fromEntries(MATHML_TAGS.map((tag) => [tag, MATHML_ATTRIBUTES])),
  },
  allowedClasses: { '*': ['ft-*'] },
  transformTags: { img: lazyImage, a: fullTextLink },
};

/** A full text drawn from the article's JATS. */
export function sanitizeFullText(html: string | null | undefined): string {
  return html ? sanitizeHtml(html, FULL_TEXT) : '';
}

/** Rich content (bodies, abstracts, introductions). */
export function sanitizeRich(html: string | null | undefined): string {
  return html ? remembered(`r${html}`, () => sanitizeHtml(promoteH1(html), RICH)) : '';
}

/** Titles and short lines: only inline emphasis, sub- and superscripts survive. */
export function sanitizeInline(html: string | null | undefined): string {
  return html ? remembered(`i${html}`, () => sanitizeHtml(html, INLINE)) : '';
}

/** The first sentences of some HTML, for descriptions. */
export function excerpt(html: string | null | undefined, max = 160): string {
  const text = plainText(html);
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** Headings inside content must not compete with the page's own h1. */
function promoteH1(html: string): string {
  return html.replace(/<(\/?)h1(\s|>)/gi, '<$1h2$2');
}
