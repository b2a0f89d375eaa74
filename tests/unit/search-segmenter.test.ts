import { DatabaseSync } from 'node:sqlite';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../../src/server/search/analyze.ts';
import { FTS5_TOKENIZE, fts5Combine, fts5Match, indexText } from '../../src/server/search/match.ts';
import { addDomainWords, chineseSegmenter, createChineseSegmenter } from '../../src/server/search/segmenter.ts';
import { type QueryPlan, queryPlan, tokensForIndex, tokensForQuery } from '../../src/server/search/tokens.ts';
import { vocabularyNames, vocabularyPhrases, vocabularyTerms } from './search-vocabulary.ts';

/** Evaluates a plan the way both engines do: every unit, through any one alternative. */
function planMatches(plan: QueryPlan, tokens: readonly string[]): boolean {
  const set = new Set(tokens);
  return (
    plan.length > 0 &&
    plan.every((unit) =>
      unit.alternatives.some((alternative) =>
        alternative.every((t) => (t.prefix ? tokens.some((token) => token.startsWith(t.token)) : set.has(t.token))),
      ),
    )
  );
}

const finds = (query: string, text: string, fuzzy = false) =>
  planMatches(queryPlan(query, { fuzzy }), tokensForIndex(text));
const hanLength = (term: string) => [...term].length;
const titleWith = (term: string) => `基于${term}的研究与应用`;

describe('jieba', () => {
  it('loads its native binary from the npm optional dependency', () => {
    expect(chineseSegmenter().engine).toBe('jieba');
  });

  it('cuts in search mode: long words and the words inside them', () => {
    expect(tokensForIndex('钙钛矿太阳能电池')).toEqual(expect.arrayContaining(['钙钛矿', '太阳能', '电池']));
    expect(tokensForIndex('环氧树脂复合材料')).toEqual(
      expect.arrayContaining(['环氧', '树脂', '复合', '材料', '环氧树脂', '复合材料']),
    );
  });
});

describe('recall without domain words (the bigrams catch what the words miss)', () => {
  it('finds every Chinese term and phrase of the demo vocabulary in a title containing it', () => {
    const missed = [...vocabularyTerms(), ...vocabularyPhrases()].filter((term) => !finds(term, titleWith(term)));
    expect(missed).toEqual([]);
  });

  it('finds two- and three-character names, and each of their characters alone', () => {
    const authors = vocabularyNames();
    const byline = (name: string) => `${name}，张伟，欧阳娜`;
    expect(authors.filter((name) => !finds(name, byline(name)))).toEqual([]);
    const chars = authors.flatMap((name) => [...name].map((char) => [char, name] as const));
    expect(chars.filter(([char, name]) => !finds(char, byline(name)))).toEqual([]);
    expect(finds('伟', '王伟')).toBe(true);
    expect(finds('王', '王伟')).toBe(true);
  });

  it('does not find a term in a title that lacks it', () => {
    expect(finds('钙钛矿', 'TC4钛合金的疲劳裂纹扩展')).toBe(false);
    expect(finds('石墨烯', '石墨电极材料')).toBe(false);
    expect(finds('锂离子', '锌离子电池')).toBe(false);
    expect(finds('王伟', '王芳，李伟')).toBe(false);
  });
});

describe('with the vocabulary as domain words', () => {
  beforeAll(() => addDomainWords(vocabularyPhrases()));

  it('keeps every 2-, 3- and 4-character term whole, in a title and in its own query', () => {
    const terms = vocabularyTerms().filter((term) => hanLength(term) >= 2 && hanLength(term) <= 4);
    expect(terms.length).toBeGreaterThan(50);
    for (const length of [2, 3, 4]) expect(terms.some((term) => hanLength(term) === length)).toBe(true);
    expect(terms.filter((term) => !tokensForIndex(titleWith(term)).includes(term))).toEqual([]);
    expect(terms.filter((term) => !tokensForQuery(term).includes(term))).toEqual([]);
  });

  it('keeps 钙钛矿, 石墨烯 and 锂离子 whole where the general dictionary splits them', () => {
    expect(tokensForIndex('钙钛矿薄膜的热稳定性')).toContain('钙钛矿');
    expect(tokensForIndex('石墨烯/铝复合材料的界面')).toContain('石墨烯');
    expect(tokensForIndex('锂离子电池高镍正极的电化学性能')).toContain('锂离子');
    expect(analyze('石墨烯涂层的制备与表征')).toEqual(['石墨烯', '涂层', '制备', '表征']);
  });

  it('leaves longer keywords to jieba, so the words inside them still come out', () => {
    addDomainWords(['碳纤维增强树脂基复合材料', '教育部人文社会科学研究项目']);
    expect(tokensForIndex('碳纤维增强树脂基复合材料')).toEqual(expect.arrayContaining(['碳纤维', '树脂', '复合材料']));
    expect(tokensForIndex('教育部人文社会科学研究项目')).toContain('社会科学');
  });

  it('adds the Han runs of mixed keywords and ignores repeats', () => {
    addDomainWords(['AZ31镁合金', 'AZ31镁合金', '钙钛矿']);
    expect(tokensForIndex('AZ31镁合金板材')).toEqual(expect.arrayContaining(['az31', '镁合金']));
  });
});

describe('the Intl.Segmenter fallback', () => {
  it('cuts Chinese and keeps domain words whole', () => {
    const fallback = createChineseSegmenter('intl');
    expect(fallback.engine).toBe('intl');
    expect(fallback.cut('钙钛矿太阳能电池').join('')).toBe('钙钛矿太阳能电池');
    fallback.addWords(['钙钛矿', '锂离子']);
    expect(fallback.cut('钙钛矿太阳能电池')[0]).toBe('钙钛矿');
    expect(fallback.cutForSearch('高镍锂离子电池')).toContain('锂离子');
  });
});

describe('other words', () => {
  it('stems English so singular and plural meet', () => {
    expect(finds('batteries', 'Ni-rich cathodes for lithium-ion battery')).toBe(true);
    expect(finds('battery', 'aqueous zinc-ion batteries')).toBe(true);
    expect(finds('alloys', 'AZ31 magnesium alloy')).toBe(true);
    expect(finds('characterization', 'synthesis and characterisation')).toBe(true);
    expect(finds('behavior', 'high-temperature creep behaviour')).toBe(true);
  });

  it('ignores case, diacritics and full-width forms', () => {
    expect(finds('résumé', 'RESUME')).toBe(true);
    expect(finds('RESUME', 'Résumé')).toBe(true);
    expect(finds('muller', 'Müller')).toBe(true);
    expect(finds('garcia', 'García')).toBe(true);
    expect(finds('ＡＺ３１', 'AZ31 magnesium alloy')).toBe(true);
    expect(tokensForIndex('Lü')).toEqual(['lu']);
  });

  it('matches prefixes only in fuzzy mode, and never inside quotes', () => {
    expect(finds('electro', 'electrochemical performance', true)).toBe(true);
    expect(finds('electro', 'electrochemical performance')).toBe(false);
    expect(finds('"electro"', 'electrochemical performance', true)).toBe(false);
  });

  it('drops stop words from queries unless nothing else is left', () => {
    expect(tokensForQuery('the method of moments')).toEqual(['method', 'moment']);
    expect(tokensForQuery('the of')).toEqual(['the', 'of']);
    expect(finds('a survey of the dilemmas', 'dilemmas and countermeasures: a survey')).toBe(true);
  });
});

describe('DOI, ISSN and CN', () => {
  const doi = '10.1016/j.actamat.2020.01.001';

  it('are one exact token each, labels and sentence punctuation aside', () => {
    expect(tokensForIndex(`DOI: ${doi}.`)).toEqual(['doi', doi]);
    expect(tokensForQuery(`doi:${doi}`)).toEqual([doi]);
    expect(tokensForIndex('ISSN 0412-1961 CN 21-1139/TG')).toEqual(['issn', '0412-1961', 'cn21-1139/tg']);
    expect(tokensForQuery('issn 2095-929x')).toEqual(['2095-929x']);
    expect(tokensForQuery('CN21-1139/tg')).toEqual(['cn21-1139/tg']);
    // typed without "CN", and a class ending in a digit
    expect(tokensForQuery('21-1139/TG')).toEqual(['cn21-1139/tg']);
    expect(tokensForIndex('CN 22-1128/O6')).toEqual(['cn22-1128/o6']);
    expect(tokensForQuery('22-1128/o6')).toEqual(['cn22-1128/o6']);
  });

  it('match themselves only', () => {
    expect(finds(doi.toUpperCase(), `doi ${doi}`)).toBe(true);
    expect(finds('10.1016/j.actamat.2020.01.002', `doi ${doi}`)).toBe(false);
    expect(finds('0412-1961', '0412-1962')).toBe(false);
  });

  it('take an ISSN only with its check digit, so ranges stay numbers', () => {
    expect(tokensForIndex('2019-2020, pp. 1234-1240')).toEqual(['2019', '2020', 'pp', '1234', '1240']);
    expect(finds('2019', 'cited 2019-2020')).toBe(true);
  });

  it('match as prefixes in fuzzy mode only', () => {
    expect(finds('10.1016/j.actamat', `doi ${doi}`, true)).toBe(true);
    expect(finds('10.1016/j.actamat', `doi ${doi}`)).toBe(false);
  });

  it('keep parentheses a DOI opened and encode what an engine would split on', () => {
    const sici = '10.1002/(SICI)1097-4636(199601)30:1<1::AID-JBM1>3.0.CO;2-R';
    const [token] = tokensForIndex(`(${sici})`);
    expect(token).toBe('10.1002/(sici)1097-4636(199601)30:1%3c1::aid-jbm1%3e3.0.co;2-r');
    expect(finds(sici, `see ${sici}, p. 3`)).toBe(true);
  });
});

describe('analyze', () => {
  it('gives the words to highlight, as typed, once each', () => {
    expect(analyze('钙钛矿太阳能电池 Batteries batteries')).toEqual(['钙钛矿', '太阳能', '电池', 'Batteries']);
    expect(analyze('"the finite-difference" of DOI 10.1000/xyz', 'article')).toEqual([
      'finite',
      'difference',
      '10.1000/xyz',
    ]);
    expect(analyze('')).toEqual([]);
  });
});

describe('the same tokens in SQLite FTS5 and PostgreSQL', () => {
  it('FTS5 over pre-tokenized text finds every vocabulary title by its terms', () => {
    const db = new DatabaseSync(':memory:');
    db.exec(`CREATE VIRTUAL TABLE search USING fts5(title, doi, tokenize = "${FTS5_TOKENIZE}")`);
    const insert = db.prepare('INSERT INTO search (rowid, title, doi) VALUES (?, ?, ?)');
    const titles = vocabularyPhrases().map(titleWith);
    for (const [i, title] of titles.entries()) insert.run(i + 1, indexText(title), indexText(`10.1000/demo.${i + 1}`));
    insert.run(
      9999,
      indexText('Ni-rich cathodes for lithium-ion batteries, Müller'),
      indexText('10.1016/j.actamat.2020.01.001'),
    );
    const select = db.prepare('SELECT rowid AS id FROM search WHERE search MATCH ? ORDER BY bm25(search)');
    const ids = (query: string, fuzzy = false, columns: string[] = []) =>
      select.all(fts5Match(queryPlan(query, { fuzzy }), columns)).map((row) => Number(row['id']));

    const missed = vocabularyPhrases().filter((phrase, i) => !ids(phrase).includes(i + 1));
    expect(missed).toEqual([]);
    expect(ids('钙')).not.toHaveLength(0);
    expect(ids('battery muller')).toEqual([9999]);
    expect(ids('lith', true)).toEqual([9999]);
    expect(ids('DOI 10.1016/j.actamat.2020.01.001', false, ['doi'])).toEqual([9999]);
    expect(ids('10.1016/j.actamat.2020.01.001', false, ['title'])).toEqual([]);
    expect(ids('10.1016/j.acta', true, ['doi'])).toEqual([9999]);
    expect(ids('10.1000/demo.1')).toEqual([1]);

    // rows combined left to right in one expression: (title 'battery' OR doi 'demo.1') NOT title 'muller'
    const row = (op: 'AND' | 'OR' | 'NOT', query: string, columns: string[]) => ({
      op,
      match: fts5Match(queryPlan(query), columns)!,
    });
    const combined = (rows: ReturnType<typeof row>[]) =>
      select.all(fts5Combine(rows)).map((found) => Number(found['id']));
    expect(
      combined([row('AND', 'battery', ['title']), row('OR', '10.1000/demo.1', ['doi'])]).sort((a, b) => a - b),
    ).toEqual([1, 9999]);
    expect(
      combined([
        row('AND', 'battery', ['title']),
        row('OR', '10.1000/demo.1', ['doi']),
        row('NOT', 'muller', ['title']),
      ]),
    ).toEqual([1]);
    expect(combined([row('AND', 'battery', ['title']), row('AND', 'lithium', ['doi'])])).toEqual([]);
    expect(fts5Combine([])).toBeNull();
  });

  it('matches every column, and nothing for blank text', () => {
    expect(fts5Match(queryPlan('the'), ['title', 'abstract'])).toBe('{title abstract} : ("the")');
    expect(fts5Match(queryPlan('  '))).toBeNull();
  });
});
