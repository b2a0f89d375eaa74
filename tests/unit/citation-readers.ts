/**
 * Readers of the five export formats that share no code with the writers: BibTeX through
 * @retorquere/bibtex-parser (Better BibTeX's parser), NoteFirst through fast-xml-parser, and RIS,
 * EndNote and NoteExpress by their published tag lists. Each answers the fields a reference
 * manager files an article under; a line a reader cannot place is an error, as it is for them.
 */
import { parse as parseBibtex } from '@retorquere/bibtex-parser';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export type ReadBack = {
  title: string;
  authors: string[];
  journal: string;
  year: string;
  volume: string;
  issue: string;
  /** '12-19' or '12' */
  pages: string;
  doi: string;
};

export type ExportFormat = 'BibTeX' | 'Endnote' | 'RefMan' | 'NoteExpress' | 'NoteFirst';

function pagesOf(first: string, last: string): string {
  return last && last !== first ? `${first}-${last}` : first;
}

/** RIS (RIS Format Specifications): 'XX  - value', TY opens a record, ER closes it. */
export function readRis(text: string): ReadBack[] {
  const records: Map<string, string[]>[] = [];
  let open: Map<string, string[]> | null = null;
  for (const [index, line] of text.split(/\r\n|\n/).entries()) {
    if (line.trim() === '') continue;
    const match = /^([A-Z][A-Z0-9]) {2}- ?(.*)$/.exec(line);
    if (!match) throw new Error(`RIS line ${index + 1} has no tag: ${JSON.stringify(line)}`);
    const [, tag = '', value = ''] = match;
    if (tag === 'TY') {
      if (open) throw new Error(`RIS line ${index + 1}: TY before ER`);
      open = new Map();
    } else if (!open) throw new Error(`RIS line ${index + 1}: ${tag} outside a record`);
    if (tag === 'ER') {
      records.push(open);
      open = null;
      continue;
    }
    open.set(tag, [...(open.get(tag) ?? []), value]);
  }
  if (open) throw new Error('RIS record without ER');
  return records.map((fields) => {
    const one = (...tags: string[]) =>
      tags.map((tag) => fields.get(tag)?.[0]).find((value) => value !== undefined) ?? '';
    for (const [tag, values] of fields)
      if (!['AU', 'A1', 'KW'].includes(tag) && values.length > 1) throw new Error(`RIS ${tag} repeated`);
    const date = one('DA');
    if (date && !/^\d{4}\/(\d{2})?\/(\d{2})?\/.*$/.test(date)) throw new Error(`RIS DA is not YYYY/MM/DD/: ${date}`);
    if (/^\d{4}\/\/\//.test(date)) throw new Error(`RIS DA says nothing PY does not: ${date}`);
    const year = one('PY', 'Y1').slice(0, 4);
    if (date && !date.startsWith(year)) throw new Error(`RIS DA ${date} disagrees with PY ${year}`);
    if (/\D/.test(one('SP')) || /\D/.test(one('EP')))
      throw new Error(`RIS SP/EP hold one page each: ${one('SP')} ${one('EP')}`);
    return {
      title: one('TI', 'T1'),
      authors: [...(fields.get('AU') ?? []), ...(fields.get('A1') ?? [])],
      journal: one('T2', 'JF', 'JO'),
      year,
      volume: one('VL'),
      issue: one('IS'),
      pages: pagesOf(one('SP'), one('EP')),
      doi: one('DO'),
    };
  });
}

/** EndNote's tagged import (refer): '%X value' lines, a blank line between records. */
export function readEndnote(text: string): ReadBack[] {
  return text
    .split(/\r?\n\r?\n+/)
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const fields = new Map<string, string[]>();
      for (const line of block.trimEnd().split(/\r?\n/)) {
        const match = /^(%[0-9A-Z@+#$&*()^!~>[\]]) (.*)$/.exec(line);
        if (!match) throw new Error(`EndNote line has no tag: ${JSON.stringify(line)}`);
        const [, tag = '', value = ''] = match;
        fields.set(tag, [...(fields.get(tag) ?? []), value]);
      }
      if (fields.get('%0')?.[0] !== 'Journal Article') throw new Error('EndNote record without %0 Journal Article');
      const one = (tag: string) => fields.get(tag)?.[0] ?? '';
      return {
        title: one('%T'),
        authors: fields.get('%A') ?? [],
        journal: one('%J'),
        year: one('%D'),
        volume: one('%V'),
        issue: one('%N'),
        pages: one('%P'),
        doi: one('%R'),
      };
    });
}

/** NoteExpress: '{Field}: value' lines, each record opened by '{Reference Type}'. */
export function readNoteExpress(text: string): ReadBack[] {
  const records: Map<string, string[]>[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const match = /^\{([A-Za-z /]+)\}: (.*)$/.exec(line);
    if (!match) throw new Error(`NoteExpress line has no field: ${JSON.stringify(line)}`);
    const [, field = '', value = ''] = match;
    if (field === 'Reference Type') records.push(new Map());
    const current = records.at(-1);
    if (!current) throw new Error('NoteExpress field before {Reference Type}');
    current.set(field, [...(current.get(field) ?? []), value]);
  }
  return records.map((fields) => {
    const one = (field: string) => fields.get(field)?.[0] ?? '';
    return {
      title: one('Title'),
      authors: fields.get('Author') ?? [],
      journal: one('Journal'),
      year: one('Year'),
      volume: one('Volume'),
      issue: one('Issue'),
      pages: one('Pages'),
      doi: one('DOI'),
    };
  });
}

type XmlValue = string | number | { '#text'?: string | number } | undefined;

function xmlText(value: XmlValue): string {
  if (value === undefined) return '';
  if (typeof value === 'object') return String(value['#text'] ?? '');
  return String(value);
}

/** NoteFirst XML: <Bibliographies><Bibliography>…, values as element text. */
export function readNoteFirst(text: string): ReadBack[] {
  if (XMLValidator.validate(text) !== true) throw new Error('NoteFirst is not well-formed XML');
  const parser = new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    isArray: (name) => ['Bibliography', 'Author'].includes(name),
  });
  type Bibliography = Record<string, XmlValue> & { Authors?: { Author?: { Name?: XmlValue }[] } };
  const document = parser.parse(text) as { Bibliographies?: { Bibliography?: Bibliography[] } };
  return (document.Bibliographies?.Bibliography ?? []).map((item) => ({
    title: xmlText(item['PrimaryTitle']),
    authors: (item.Authors?.Author ?? []).map((author) => xmlText(author.Name)),
    journal: xmlText(item['Medium']),
    year: xmlText(item['Year']),
    volume: xmlText(item['Volume']),
    issue: xmlText(item['Issue']),
    pages: xmlText(item['PageScope']),
    doi: xmlText(item['DOI']),
  }));
}

/** BibTeX through Better BibTeX's parser; names come back as 'Family, Given'. */
export function readBibtex(text: string): ReadBack[] {
  const library = parseBibtex(text, { english: false });
  if (library.errors.length > 0) throw new Error(`BibTeX: ${JSON.stringify(library.errors)}`);
  return library.entries.map((entry) => {
    const fields = entry.fields;
    const one = (name: string) => {
      const value = fields[name];
      // the parser turns {\"u} into u and a combining mark
      return typeof value === 'string' ? value.normalize('NFC') : '';
    };
    return {
      title: one('title'),
      authors: (fields.author ?? []).map((name) =>
        (name.name ?? [name.lastName, name.firstName].filter(Boolean).join(', ')).normalize('NFC'),
      ),
      journal: one('journal'),
      year: one('year'),
      volume: one('volume'),
      issue: one('number'),
      pages: one('pages').replace(/[–—]|--/g, '-'),
      doi: one('doi'),
    };
  });
}

export const READERS: Record<ExportFormat, (text: string) => ReadBack[]> = {
  BibTeX: readBibtex,
  Endnote: readEndnote,
  RefMan: readRis,
  NoteExpress: readNoteExpress,
  NoteFirst: readNoteFirst,
};

/** A name as its words, so 'YU Xiao', 'Yu, Xiao' and 'Xiao Yu' are one person; Chinese stays whole. */
export function nameKey(name: string): string {
  return name
    .normalize('NFC')
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean)
    .sort()
    .join(' ');
}
