/**
 * Every export format read back by a reader that shares no code with its writer
 * (citation-readers.ts), in both languages, field by field against the record; and RIS as the RIS
 * specification has it: one whole value a tagged line, pages split into SP and EP, dates
 * YYYY/MM/DD/ with what is known.
 */
import { describe, expect, it } from 'vitest';
import { CITATION_FORMATS } from '../../src/lib/citation-formats.ts';
import type { Lang } from '../../src/lib/lang.ts';
import { exportCitations } from '../../src/server/citations/export.ts';
import { type CitationRecord, textIn } from '../../src/server/citations/record.ts';
import { nameKey, READERS, type ReadBack } from './citation-readers.ts';
import { author, chinese, english, record, threeAuthors } from './citations-fixtures.ts';

const LONG_TITLE =
  'Machine-learning-assisted design of high-entropy alloys with extraordinary strength and ductility at cryogenic temperatures: a multi-scale study combining first-principles calculations, thermodynamic modelling and in situ neutron diffraction';

/** A long title and abstract in both languages, a full publication date and a long page range. */
const long = record({
  id: 404,
  language: 'zh',
  title: { zh: `机器学习辅助的高熵合金设计：${'低温下兼具超高强度与塑性的多尺度研究'.repeat(3)}`, en: LONG_TITLE },
  authors: [
    author('王小明', 'WANG Xiaoming', [
      '中国科学院金属研究所',
      'Institute of Metal Research, Chinese Academy of Sciences',
    ]),
    author('李华', 'Li Hua'),
  ],
  journal: { zh: '金属学报', en: 'Acta Metallurgica Sinica' },
  issn: '0412-1961',
  year: 2026,
  publishedDate: '2026-03-05',
  volume: '62',
  issue: '3',
  firstPage: '1',
  lastPage: '6',
  doi: '10.11900/0412.1961.2025.00123',
  keywords: { zh: ['高熵合金', '机器学习'], en: ['high-entropy alloys', 'machine learning'] },
  abstract: { zh: '摘要'.repeat(200), en: `${LONG_TITLE} `.repeat(5).trim() },
});

const records = [chinese, english, threeAuthors, long];

/** What the article page shows in a language, as the readers answer it. */
function shown(item: CitationRecord, lang: Lang): ReadBack {
  const first = item.firstPage ?? '';
  const last = item.lastPage ?? '';
  return {
    title: textIn(lang, item.title),
    authors: item.authors.map((a) => nameKey(textIn(lang, a.name))),
    journal: textIn(lang, item.journal),
    year: item.year === null ? '' : String(item.year),
    volume: item.volume ?? '',
    issue: item.issue ?? '',
    pages: last && last !== first ? `${first}-${last}` : first,
    doi: item.doi ?? '',
  };
}

describe.each(['zh', 'en'] as const)('read back in %s', (lang) => {
  it.each(CITATION_FORMATS)(
    '%s: title, authors, journal, year, volume, issue, pages and DOI as the page shows them',
    (format) => {
      const read = READERS[format](exportCitations(records, format, lang).body);
      expect(read.map((item) => ({ ...item, authors: item.authors.map(nameKey) }))).toEqual(
        records.map((item) => shown(item, lang)),
      );
    },
  );
});

describe('RIS', () => {
  const body = exportCitations([long, chinese, english], 'RefMan', 'en').body;
  const lines = body.split('\r\n');

  it('keeps each long value whole on its own tagged line', () => {
    expect(lines).toContain(`TI  - ${LONG_TITLE}`);
    expect(lines).toContain(`AB  - ${`${LONG_TITLE} `.repeat(5).trim()}`);
    for (const line of lines) if (line !== '') expect(line).toMatch(/^[A-Z][A-Z0-9] {2}- /);
  });

  it('splits pages into SP and EP, a single page in SP alone', () => {
    const records = body.split('ER  - ');
    expect(records[0]).toContain('SP  - 1\r\nEP  - 6\r\n');
    expect(records[1]).toContain('SP  - 1518\r\nEP  - 1523\r\n');
    expect(records[2]).toContain('SP  - 2063\r\n');
    expect(records[2]).not.toContain('EP  -');
  });

  it('writes DA as YYYY/MM/DD/ with what is known, and no DA for a bare year', () => {
    expect(lines).toContain('DA  - 2026/03/05/');
    expect(exportCitations([{ ...long, publishedDate: '2026-03' }], 'RefMan', 'zh').body).toContain(
      'DA  - 2026/03//\r\n',
    );
    // online in December, in the next year's issue: PY is the issue's year and no DA contradicts it
    const early = exportCitations([{ ...long, publishedDate: '2025-12-20' }], 'RefMan', 'zh').body;
    expect(early).toContain('PY  - 2026\r\n');
    expect(early).not.toContain('DA  -');
    expect(body).not.toMatch(/DA {2}- \d{4}\/\/\//);
    expect(lines.filter((line) => line.startsWith('PY  - '))).toEqual(['PY  - 2026', 'PY  - 2012', 'PY  - 1998']);
  });

  it('writes authors family name first, a Chinese name whole', () => {
    expect(lines).toContain('AU  - Wang, Xiaoming');
    expect(lines).toContain('AU  - Müller, Jörg');
    expect(exportCitations([long], 'RefMan', 'zh').body).toContain('AU  - 王小明\r\n');
  });
});

describe('EndNote and NoteExpress', () => {
  it('write Latin names family first, so WANG Xiaoming is not read as given name WANG', () => {
    expect(exportCitations([long], 'Endnote', 'en').body).toContain('\n%A Wang, Xiaoming\n%A Li, Hua\n');
    expect(exportCitations([long], 'NoteExpress', 'en').body).toContain(
      '\n{Author}: Wang, Xiaoming\n{Author}: Li, Hua\n',
    );
  });

  it('keep a value broken by any line separator on its one line', () => {
    const broken = { ...english, title: { zh: null, en: 'One\u000btwo\u000cthree\u0085four\u2028five' } };
    expect(exportCitations([broken], 'Endnote', 'en').body).toContain('\n%T One two three four five\n');
    expect(exportCitations([broken], 'RefMan', 'en').body).toContain('\r\nTI  - One two three four five\r\n');
  });
});
