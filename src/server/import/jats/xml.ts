/**
 * JATS XML read into a small typed tree. fast-xml-parser's preserveOrder mode keeps mixed content
 * (text, <italic>, <xref> and formulas interleaved in one paragraph) in document order; namespace
 * prefixes are dropped (mml:math is math, xlink:href is href), which JATS never relies on.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { KeyedProblem, XmlFault } from '../../../i18n/import-problems.ts';

export type XText = { kind: 'text'; text: string };
export type XElement = { kind: 'element'; name: string; attrs: Readonly<Record<string, string>>; children: XNode[] };
export type XNode = XText | XElement;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  htmlEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  commentPropName: false,
});

type Raw = Record<string, unknown>;

function convert(raw: readonly Raw[]): XNode[] {
  const nodes: XNode[] = [];
  for (const item of raw) {
    for (const [key, value] of Object.entries(item)) {
      if (key === ':@') continue;
      if (key === '#text') nodes.push({ kind: 'text', text: String(value) });
      else {
        const attrs: Record<string, string> = {};
        for (const [name, attr] of Object.entries((item[':@'] as Raw | undefined) ?? {})) attrs[name] = String(attr);
        nodes.push({
          kind: 'element',
          name: key,
          attrs,
          children: convert(Array.isArray(value) ? (value as Raw[]) : []),
        });
      }
    }
  }
  return nodes;
}

const XML_FAULTS: readonly XmlFault[] = ['InvalidTag', 'InvalidAttr', 'InvalidChar', 'InvalidXml'];
const xmlFault = (code: string): XmlFault => XML_FAULTS.find((fault) => fault === code) ?? 'InvalidXml';

/** The document's root element, or the reason the text is not well-formed XML. */
export function parseXml(text: string): { root: XElement } | { problem: KeyedProblem } {
  const valid = XMLValidator.validate(text);
  if (valid !== true)
    // the parser's kind of fault, worded by the dictionaries; its own English sentence stays out
    return { problem: { code: 'xmlNotWellFormed', params: { fault: xmlFault(valid.err.code), line: valid.err.line } } };
  const root = convert(parser.parse(text) as Raw[]).find((node): node is XElement => node.kind === 'element');
  return root ? { root } : { problem: { code: 'xmlNoRoot' } };
}

export const elements = (node: XElement | undefined, name?: string): XElement[] =>
  (node?.children ?? []).filter(
    (child): child is XElement => child.kind === 'element' && (!name || child.name === name),
  );

export const first = (node: XElement | undefined, name: string): XElement | undefined => elements(node, name)[0];

/** The first element at the end of a path of child names. */
export const at = (node: XElement | undefined, ...names: string[]): XElement | undefined =>
  names.reduce<XElement | undefined>((found, name) => first(found, name), node);

/** Every descendant element with the name, in document order. */
export function descendants(node: XElement, name: string): XElement[] {
  const found: XElement[] = [];
  for (const child of elements(node)) {
    if (child.name === name) found.push(child);
    found.push(...descendants(child, name));
  }
  return found;
}

/** The text of a node and everything inside it, spaces collapsed. */
export function textOf(node: XNode | undefined): string {
  const raw = (n: XNode): string => (n.kind === 'text' ? n.text : n.children.map(raw).join(''));
  return node ? raw(node).replace(/\s+/g, ' ').trim() : '';
}
