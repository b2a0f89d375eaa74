/**
 * A JATS body (and the back matter's footnotes and acknowledgements) as HTML for the article page:
 * sections with headings and ids, paragraphs, lists, figures, tables, formulas, footnotes. Every
 * JATS id is prefixed with `ft-` so it cannot meet the page's own ids; a citation of reference b1
 * links to `#ref-b1`, and the first one carries `id="cite-b1"` for the reference to link back to.
 * The result is sanitized again when shown (src/lib/sanitize.ts, sanitizeFullText).
 */
import { citationAnchor, fullTextAnchor, referenceAnchor } from '../../../lib/fulltext-anchors.ts';
import { MATHML_ATTRIBUTES } from '../../../lib/sanitize.ts';
import { escapeHtml } from './escape.ts';
import { texToMathMl } from './math.ts';
import { elements, first, textOf, type XElement, type XNode } from './xml.ts';

export type TocEntry = { id: string; title: string; level: number };

export type BodyContext = {
  /** the served URL of a graphic the XML names (xlink:href), or null when there is none */
  imageUrl: (href: string) => string | null;
};

type State = BodyContext & { toc: TocEntry[]; cited: Set<string>; footnotes: Map<string, string>; next: number };

const esc = escapeHtml;
const anchor = fullTextAnchor;

const INLINE_TAGS: Readonly<Record<string, string>> = {
  italic: 'i',
  bold: 'b',
  sup: 'sup',
  sub: 'sub',
  underline: 'u',
  monospace: 'code',
  strike: 's',
};
const BLOCKS = new Set([
  'p',
  'sec',
  'list',
  'fig',
  'fig-group',
  'table-wrap',
  'table-wrap-group',
  'disp-formula',
  'disp-formula-group',
  'disp-quote',
  'boxed-text',
  'preformat',
  'def-list',
  'statement',
]);
const TABLE_TAGS = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'col', 'colgroup']);
const TABLE_ATTRS = ['rowspan', 'colspan', 'scope', 'span'];
// the converter keeps what the full text's sanitizer lets through, no more
const MATH_ATTRS = new Set(MATHML_ATTRIBUTES);

const isBlock = (node: XNode) => node.kind === 'element' && BLOCKS.has(node.name);

function mathMl(node: XNode, display: boolean | null): string {
  if (node.kind === 'text') return esc(node.text);
  const attrs = Object.entries(node.attrs)
    .filter(([name]) => MATH_ATTRS.has(name))
    .filter(([name]) => !(node.name === 'math' && name === 'display'));
  if (node.name === 'math' && display !== null) attrs.push(['display', display ? 'block' : 'inline']);
  const open = [node.name, ...attrs.map(([name, value]) => `${name}="${esc(value)}"`)].join(' ');
  return `<${open}>${node.children.map((child) => mathMl(child, null)).join('')}</${node.name}>`;
}

/** The formula inside disp-formula or inline-formula: MathML first, TeX when that is all there is. */
function formula(node: XElement, display: boolean): string {
  const alternatives = first(node, 'alternatives') ?? node;
  const math = first(alternatives, 'math');
  if (math) return mathMl(math, display);
  const tex = first(alternatives, 'tex-math');
  if (tex) return texToMathMl(textOf(tex).replace(/^\\\[|\\\]$|^\$\$?|\$\$?$/g, ''), display);
  const graphic = first(alternatives, 'graphic');
  return graphic ? image(graphic, textOf(node)) : inlineAll(node.children);
}

function image(graphic: XElement, alt: string): string {
  const url = st().imageUrl(graphic.attrs['href'] ?? '');
  return url ? `<img src="${esc(url)}" alt="${esc(alt)}">` : '';
}

let current: State | null = null;
const st = (): State => {
  if (!current) throw new Error('the JATS renderer runs without its state');
  return current;
};

function inline(node: XNode): string {
  if (node.kind === 'text') return esc(node.text);
  const s = st();
  const tag = INLINE_TAGS[node.name];
  if (tag) return `<${tag}>${inlineAll(node.children)}</${tag}>`;
  switch (node.name) {
    case 'sc':
      return `<span class="ft-sc">${inlineAll(node.children)}</span>`;
    case 'break':
      return '<br>';
    case 'xref': {
      const rids = (node.attrs['rid'] ?? '').split(/\s+/).filter(Boolean);
      const rid = rids[0];
      if (!rid) return inlineAll(node.children);
      if (node.attrs['ref-type'] === 'bibr') {
        const id = s.cited.has(rid) ? '' : ` id="${citationAnchor(rid)}"`;
        s.cited.add(rid);
        return `<a class="ft-cite" href="#${referenceAnchor(rid)}"${id}>${inlineAll(node.children)}</a>`;
      }
      return `<a href="#${anchor(rid)}">${inlineAll(node.children)}</a>`;
    }
    case 'ext-link':
    case 'uri': {
      const href = node.attrs['href'] ?? textOf(node);
      return /^https?:\/\//i.test(href)
        ? `<a href="${esc(href)}">${inlineAll(node.children)}</a>`
        : inlineAll(node.children);
    }
    case 'inline-formula':
      return `<span class="ft-inline-formula"${idOf(node)}>${formula(node, false)}</span>`;
    case 'math':
      return mathMl(node, false);
    case 'tex-math':
      return texToMathMl(textOf(node), false);
    case 'inline-graphic':
      return image(node, textOf(first(node, 'alt-text')));
    case 'fn': {
      const id = node.attrs['id'] ?? `fn${++s.next}`;
      s.footnotes.set(id, blocks(elements(node).filter((child) => child.name !== 'label')));
      const label = textOf(first(node, 'label')) || String(s.footnotes.size);
      return `<sup><a href="#${anchor(id)}">${esc(label)}</a></sup>`;
    }
    case 'label':
    case 'alt-text':
    case 'object-id':
      return '';
    default:
      return inlineAll(node.children);
  }
}

function inlineAll(nodes: readonly XNode[]): string {
  return nodes.map(inline).join('');
}

const idOf = (node: XElement) => (node.attrs['id'] ? ` id="${anchor(node.attrs['id'])}"` : '');

/** Label and caption title in bold, then the caption's paragraphs. */
function caption(node: XElement): string {
  const label = first(node, 'label');
  const cap = first(node, 'caption');
  const title = first(cap, 'title');
  const head = [label && `<b>${inlineAll(label.children)}</b>`, title && `<span>${inlineAll(title.children)}</span>`]
    .filter(Boolean)
    .join(' ');
  const paragraphs = elements(cap, 'p').map((p) => `<p>${inlineAll(p.children)}</p>`);
  return head || paragraphs.length
    ? `<figcaption>${head ? `<p>${head}</p>` : ''}${paragraphs.join('')}</figcaption>`
    : '';
}

function figure(node: XElement): string {
  const graphic = elements(node).find((child) => child.name === 'graphic');
  const alt =
    textOf(first(node, 'alt-text')) ||
    textOf(first(first(node, 'caption'), 'title')) ||
    textOf(first(first(node, 'caption'), 'p')) ||
    textOf(first(node, 'label')) ||
    'figure';
  const url = graphic ? st().imageUrl(graphic.attrs['href'] ?? '') : null;
  const picture = url ? `<a class="ft-fig__open" href="${esc(url)}"><img src="${esc(url)}" alt="${esc(alt)}"></a>` : '';
  return `<figure class="ft-fig"${idOf(node)}>${picture}${caption(node)}</figure>`;
}

function figureGroup(node: XElement): string {
  const items = elements(node).filter((child) => child.name === 'fig' || child.name === 'fig-group');
  return `<figure class="ft-fig-group"${idOf(node)}>${caption(node)}<div class="ft-fig-group__items">${items
    .map((item) => (item.name === 'fig' ? figure(item) : figureGroup(item)))
    .join('')}</div></figure>`;
}

function tableCell(node: XNode): string {
  if (node.kind === 'text') return node.text.trim() ? esc(node.text) : '';
  if (!TABLE_TAGS.has(node.name)) return inline(node);
  const attrs = TABLE_ATTRS.filter((name) => node.attrs[name]).map(
    (name) => ` ${name}="${esc(node.attrs[name] ?? '')}"`,
  );
  const inner =
    node.name === 'td' || node.name === 'th' ? inlineAll(node.children) : node.children.map(tableCell).join('');
  return node.name === 'col' ? `<col${attrs.join('')}>` : `<${node.name}${attrs.join('')}>${inner}</${node.name}>`;
}

function tableWrap(node: XElement): string {
  const label = textOf(first(node, 'label')) || textOf(first(first(node, 'caption'), 'title')) || 'table';
  const tables = elements(node, 'table')
    .map(
      (table) =>
        `<div class="ft-table__scroll" tabindex="0" role="region" aria-label="${esc(label)}">${tableCell(table)}</div>`,
    )
    .join('');
  const foot = first(node, 'table-wrap-foot');
  const footer = foot
    ? `<div class="ft-table__foot">${foot.children
        .map((child) =>
          child.kind === 'element' && child.name === 'fn'
            ? `<div${idOf(child)}>${blocks(elements(child).filter((part) => part.name !== 'label'))}</div>`
            : blocks([child]),
        )
        .join('')}</div>`
    : '';
  const graphic = tables ? '' : elements(node).find((child) => child.name === 'graphic');
  const picture = graphic ? image(graphic, label) : '';
  return `<figure class="ft-table"${idOf(node)}>${caption(node)}${tables}${picture}${footer}</figure>`;
}

function displayFormula(node: XElement): string {
  const label = first(node, 'label');
  return `<div class="ft-formula"${idOf(node)}>${formula(node, true)}${
    label ? `<span class="ft-formula__label">${inlineAll(label.children)}</span>` : ''
  }</div>`;
}

/** A paragraph whose figures, tables, lists and display formulas stand between its runs of text. */
function paragraph(node: XElement): string {
  const out: string[] = [];
  let run: XNode[] = [];
  const flush = () => {
    const html = inlineAll(run).trim();
    if (html) out.push(`<p${out.length === 0 ? idOf(node) : ''}>${html}</p>`);
    run = [];
  };
  for (const child of node.children) {
    if (isBlock(child)) {
      flush();
      out.push(block(child as XElement));
    } else run.push(child);
  }
  flush();
  return out.join('');
}

function section(node: XElement, depth: number): string {
  const s = st();
  const id = node.attrs['id'] ? anchor(node.attrs['id']) : `ft-sec-${++s.next}`;
  const titleNode = first(node, 'title');
  const label = textOf(first(node, 'label'));
  const title = [label, textOf(titleNode)].filter(Boolean).join(' ');
  const level = Math.min(depth + 2, 6);
  if (title) s.toc.push({ id, title, level: depth });
  const heading = titleNode
    ? `<h${level}>${label ? `${esc(label)} ` : ''}${inlineAll(titleNode.children)}</h${level}>`
    : '';
  const rest = node.children.filter(
    (child) => !(child.kind === 'element' && (child.name === 'title' || child.name === 'label')),
  );
  return `<section id="${id}">${heading}${blocks(rest, depth + 1)}</section>`;
}

function block(node: XElement, depth = 1): string {
  switch (node.name) {
    case 'sec':
      return section(node, depth);
    case 'p':
      return paragraph(node);
    case 'list': {
      const tag = /^(order|alpha|roman)/.test(node.attrs['list-type'] ?? '') ? 'ol' : 'ul';
      const items = elements(node, 'list-item').map(
        (item) =>
          `<li>${blocks(
            item.children.filter((c) => !(c.kind === 'element' && c.name === 'label')),
            depth,
          )}</li>`,
      );
      return `<${tag}${idOf(node)}>${items.join('')}</${tag}>`;
    }
    case 'fig':
      return figure(node);
    case 'fig-group':
      return figureGroup(node);
    case 'table-wrap':
      return tableWrap(node);
    case 'table-wrap-group':
      return elements(node, 'table-wrap').map(tableWrap).join('');
    case 'disp-formula':
      return displayFormula(node);
    case 'disp-formula-group':
      return elements(node, 'disp-formula').map(displayFormula).join('');
    case 'disp-quote':
      return `<blockquote${idOf(node)}>${blocks(node.children, depth)}</blockquote>`;
    case 'boxed-text':
    case 'statement':
      return `<div class="ft-box"${idOf(node)}>${blocks(node.children, depth)}</div>`;
    case 'preformat':
      return `<pre${idOf(node)}>${esc(node.children.map((child) => (child.kind === 'text' ? child.text : textOf(child))).join(''))}</pre>`;
    case 'def-list':
      return `<dl${idOf(node)}>${elements(node, 'def-item')
        .map(
          (item) =>
            `<dt>${inlineAll(first(item, 'term')?.children ?? [])}</dt><dd>${blocks(first(item, 'def')?.children ?? [], depth)}</dd>`,
        )
        .join('')}</dl>`;
    case 'title':
      return `<p><b>${inlineAll(node.children)}</b></p>`;
    default: {
      const inner = node.children;
      return inner.some(isBlock) ? blocks(inner, depth) : inlineAll(inner).trim() ? `<p>${inlineAll(inner)}</p>` : '';
    }
  }
}

function blocks(nodes: readonly XNode[], depth = 1): string {
  const out: string[] = [];
  let loose: XNode[] = [];
  const flush = () => {
    const html = inlineAll(loose).trim();
    if (html) out.push(`<p>${html}</p>`);
    loose = [];
  };
  for (const node of nodes) {
    if (node.kind === 'element' && (BLOCKS.has(node.name) || node.name === 'title')) {
      flush();
      out.push(block(node, depth));
    } else loose.push(node);
  }
  flush();
  return out.join('');
}

export type RenderedBody = {
  html: string;
  toc: TocEntry[];
  /** footnotes, in order of their first mention, then those of the back matter */
  footnotesHtml: string;
  acknowledgementsHtml: string;
  /** reference ids the text cites */
  cited: string[];
};

/** Renders body and back (acknowledgements, footnotes); references are read by src/server/import/jats/references.ts. */
export function renderBody(body: XElement | undefined, back: XElement | undefined, context: BodyContext): RenderedBody {
  current = { ...context, toc: [], cited: new Set(), footnotes: new Map(), next: 0 };
  try {
    const s = st();
    const html = body ? blocks(body.children) : '';
    const ack = elements(back, 'ack')
      .map((node) => blocks(node.children.filter((child) => !(child.kind === 'element' && child.name === 'title'))))
      .join('');
    for (const group of elements(back, 'fn-group'))
      for (const fn of elements(group, 'fn'))
        s.footnotes.set(
          fn.attrs['id'] ?? `fn${++s.next}`,
          blocks(elements(fn).filter((child) => child.name !== 'label')),
        );
    const footnotesHtml = s.footnotes.size
      ? `<ol class="ft-footnotes">${[...s.footnotes].map(([id, html]) => `<li id="${anchor(id)}">${html}</li>`).join('')}</ol>`
      : '';
    return { html, toc: s.toc, footnotesHtml, acknowledgementsHtml: ack, cited: [...s.cited] };
  } finally {
    current = null;
  }
}
