/**
 * BibTeX through plugin-bibtex. The plugin either drops every non-ASCII character or escapes
 * nothing, so values are escaped here (LaTeX specials, accents as commands) and Chinese stays UTF-8.
 */
import type { Lang } from '../../lib/lang.ts';
import { Cite } from './citation-js.ts';
import { cslItem } from './csl-item.ts';
import { cslName } from './names.ts';
import { type CitationRecord, textIn } from './record.ts';

const SPECIALS: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  '&': '\\&',
  '%': '\\%',
  $: '\\$',
  '#': '\\#',
  _: '\\_',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
};

/** LaTeX accent commands by combining mark */
const ACCENTS: Record<string, string> = {
  '\u0300': '`',
  '\u0301': "'",
  '\u0302': '^',
  '\u0303': '~',
  '\u0304': '=',
  '\u0306': 'u',
  '\u0307': '.',
  '\u0308': '"',
  '\u030a': 'r',
  '\u030b': 'H',
  '\u030c': 'v',
  '\u0323': 'd',
  '\u0327': 'c',
  '\u0328': 'k',
};

export function escapeLatex(text: string): string {
  const escaped = text.replace(/[\\{}&%$#_~^]/g, (char) => SPECIALS[char] ?? char);
  return escaped
    .normalize('NFD')
    .replace(/([A-Za-z])([\u0300-\u036f]+)/g, (whole, letter: string, marks: string) => {
      const commands = [...marks].map((mark) => ACCENTS[mark]);
      if (commands.some((command) => command === undefined)) return whole;
      return commands.reduce((inner: string, command) => `{\\${command}${inner}}`, letter);
    })
    .normalize('NFC');
}

/** Letters, digits and '_' only: safe in every BibTeX and biber version. */
export function bibtexKey(record: CitationRecord): string {
  const first = record.authors[0];
  const name = first ? cslName(textIn('en', first.name), /\p{Script=Han}/u.test(first.name.zh ?? '')) : null;
  const family = (name?.family ?? '').normalize('NFD').replace(/[^A-Za-z]/g, '');
  return `${family || 'article'}${record.year ?? ''}_${record.id}`;
}

export function bibtex(records: CitationRecord[], lang: Lang): string {
  const items = records.map((record) => ({ ...cslItem(record, lang, escapeLatex), 'citation-key': bibtexKey(record) }));
  return new Cite(items).format('bibtex', { format: 'text' });
}
