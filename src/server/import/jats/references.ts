/** The reference list of a JATS back matter, structured (element-citation, mixed-citation or nlm-citation). */
import { escapeHtml } from './escape.ts';
import { descendants, elements, first, textOf, type XElement, type XNode } from './xml.ts';

export type StructuredReference = {
  /** the ref's id in the XML: in-text citations link to it */
  anchor: string | null;
  /** the reference as shown (inline HTML, escaped) */
  text: string;
  doi: string | null;
  authors: string | null;
  title: string | null;
  source: string | null;
  year: string | null;
  volume: string | null;
  pages: string | null;
};

const CITATIONS = ['element-citation', 'mixed-citation', 'nlm-citation'];

function personName(name: XElement): string {
  if (name.name !== 'name') return textOf(name);
  const surname = textOf(first(name, 'surname'));
  const given = textOf(first(name, 'given-names'));
  // Chinese, Japanese and Korean names are written surname first, without a space
  if (/[\u3400-\u9fff]/.test(surname + given)) return surname + given;
  return [surname, given].filter(Boolean).join(' ');
}

function authorsOf(citation: XElement): string | null {
  const groups = elements(citation, 'person-group');
  const holders = groups.length
    ? groups.filter((g) => (g.attrs['person-group-type'] ?? 'author') === 'author')
    : [citation];
  const names = holders.flatMap((holder) =>
    elements(holder).filter((child) => ['name', 'string-name', 'collab'].includes(child.name)),
  );
  const text = names.map(personName).filter(Boolean);
  if (holders.some((holder) => first(holder, 'etal'))) text.push('et al.');
  return text.length ? text.join(', ') : null;
}

function doiOf(citation: XElement): string | null {
  const pubId = elements(citation, 'pub-id').find((id) => id.attrs['pub-id-type'] === 'doi');
  if (pubId) return textOf(pubId) || null;
  const link = descendants(citation, 'ext-link').find((l) => /doi\.org\//i.test(l.attrs['href'] ?? ''));
  return link ? (link.attrs['href'] ?? '').replace(/^https?:\/\/(dx\.)?doi\.org\//i, '') || null : null;
}

const field = (citation: XElement, ...names: string[]) => {
  for (const name of names) {
    const value = textOf(first(citation, name));
    if (value) return value;
  }
  return null;
};

function pagesOf(citation: XElement): string | null {
  const fpage = field(citation, 'fpage');
  const lpage = field(citation, 'lpage');
  if (fpage) return lpage && lpage !== fpage ? `${fpage}-${lpage}` : fpage;
  return field(citation, 'elocation-id', 'page-range');
}

/** A mixed citation's own text, its names written out (surname and given names have no space between them in the XML). */
function mixedText(citation: XElement): string {
  const walk = (node: XNode): string =>
    node.kind === 'text' ? node.text : node.name === 'name' ? personName(node) : node.children.map(walk).join('');
  return walk(citation).replace(/\s+/g, ' ').trim();
}

const unstop = (text: string | null) => text?.replace(/\.+$/, '') || null;

function reference(ref: XElement): StructuredReference | null {
  const citation =
    elements(ref).find((child) => CITATIONS.includes(child.name)) ??
    elements(first(ref, 'citation-alternatives')).find((child) => CITATIONS.includes(child.name));
  if (!citation) return null;
  const parts = {
    authors: authorsOf(citation),
    title: field(citation, 'article-title', 'chapter-title', 'data-title', 'part-title'),
    source: field(citation, 'source'),
    year: field(citation, 'year'),
    volume: field(citation, 'volume'),
    pages: pagesOf(citation),
  };
  const doi = doiOf(citation);
  // a mixed citation carries its own punctuation; an element citation is written in one style here
  const plain =
    citation.name === 'element-citation'
      ? [
          unstop(parts.authors),
          unstop(parts.title),
          [parts.source, parts.year, parts.volume && `${parts.volume}${parts.pages ? `: ${parts.pages}` : ''}`]
            .filter(Boolean)
            .join(', '),
        ]
          .filter(Boolean)
          .join('. ')
          .concat('.')
      : mixedText(citation);
  return { anchor: ref.attrs['id'] ?? null, text: escapeHtml(plain), doi, ...parts };
}

/** Every reference of the back matter's reference lists, in order (a ref without a citation is skipped). */
export function readReferences(back: XElement | undefined): StructuredReference[] {
  if (!back) return [];
  return elements(back, 'ref-list')
    .flatMap((list) => descendants(list, 'ref'))
    .map(reference)
    .filter((ref): ref is StructuredReference => ref !== null);
}
