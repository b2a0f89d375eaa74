/** Bilingual article text (title, abstract, keywords, authors, institutions, references) from word lists. */
import { escapeHtml } from '../import/jats/escape.ts';
import type { Random } from './random.ts';
import type { Field } from './site-data.ts';
import {
  DEPARTMENTS,
  FIELD_WORDS,
  FUNDS,
  GIVEN_SYLLABLES,
  type Pair,
  SURNAMES,
  UNIVERSITIES,
  WESTERN_FIRST,
  WESTERN_LAST,
} from './vocabulary.ts';

export type PersonName = { name: string; enName: string };
export type Institution = { name: string; enName: string };
export type ArticleText = {
  title: string;
  enTitle: string;
  abstract: string;
  enAbstract: string;
  keywords: string;
  enKeywords: string;
  fund: string;
  enFund: string;
  authors: PersonName[];
  institutions: Institution[];
};

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function chineseName(random: Random): PersonName {
  const [surname, enSurname] = random.pick(SURNAMES);
  const syllables = random.chance(0.7)
    ? [random.pick(GIVEN_SYLLABLES), random.pick(GIVEN_SYLLABLES)]
    : [random.pick(GIVEN_SYLLABLES)];
  return {
    name: surname + syllables.map((s) => s[0]).join(''),
    enName: `${enSurname} ${capitalise(syllables.map((s) => s[1]).join(''))}`,
  };
}

export function westernName(random: Random): PersonName {
  const name = `${random.pick(WESTERN_FIRST)} ${random.pick(WESTERN_LAST)}`;
  return { name, enName: name };
}

export function institution(random: Random, field: Field): Institution & { city: string } {
  const [univ, enUniv, city] = random.pick(UNIVERSITIES);
  const [dept, enDept] = random.pick(DEPARTMENTS[field]);
  const enCity = city.split(' ')[0] ?? '';
  return { name: `${univ}${dept}，${city}`, enName: `${enDept}, ${enUniv}`, city: enCity };
}

type Words = { subject: Pair; property: Pair; method: Pair };

function titleOf(random: Random, words: Words, review: boolean): Pair {
  const { subject, property, method } = words;
  if (review)
    return [`${subject[0]}${property[0]}研究进展`, `Research progress on the ${property[1]} of ${subject[1]}`];
  switch (random.int(0, 3)) {
    case 0:
      return [
        `${method[0]}制备${subject[0]}的${property[0]}研究`,
        `${capitalise(property[1])} of ${subject[1]} prepared by ${method[1]}`,
      ];
    case 1:
      return [
        `基于${method[0]}的${subject[0]}${property[0]}分析`,
        `Analysis of the ${property[1]} of ${subject[1]} based on ${method[1]}`,
      ];
    case 2:
      return [
        `${subject[0]}${property[0]}及其机理`,
        `${capitalise(property[1])} of ${subject[1]} and the underlying mechanism`,
      ];
    default:
      return [
        `${subject[0]}${property[0]}的${method[0]}研究`,
        `Investigation of the ${property[1]} of ${subject[1]} using ${method[1]}`,
      ];
  }
}

function abstractOf(random: Random, words: Words): Pair {
  const { subject, property, method } = words;
  const a = random.int(12, 68);
  const b = random.int(3, 9);
  const c = (random.int(105, 480) / 100).toFixed(2);
  return [
    `${subject[0]}在工程应用中备受关注，但其${property[0]}仍缺乏系统认识。本文采用${method[0]}研究了${subject[0]}的${property[0]}，` +
      `分析了工艺参数对结果的影响规律。结果表明：优化条件下相关指标提高了${a}%，在${b}组对比试验中表现稳定，关键参数达到${c}。` +
      `研究揭示了其内在机理，可为${subject[0]}的设计与应用提供参考。`,
    `${capitalise(subject[1])} have attracted wide attention in engineering, yet their ${property[1]} remain insufficiently understood. ` +
      `In this work, the ${property[1]} of ${subject[1]} were investigated using ${method[1]}, and the influence of processing parameters was analysed. ` +
      `The results show that the key indicator improved by ${a}% under optimised conditions, remained stable across ${b} comparative tests and reached ${c}. ` +
      `The underlying mechanism is discussed, providing guidance for the design and application of ${subject[1]}.`,
  ];
}

export function articleText(random: Random, field: Field, options: { english: boolean; review: boolean }): ArticleText {
  const words = FIELD_WORDS[field];
  const chosen: Words = {
    subject: random.pick(words.subjects),
    property: random.pick(words.properties),
    method: random.pick(words.methods),
  };
  const [zhTitle, enTitle] = titleOf(random, chosen, options.review);
  const [zhAbstract, enAbstract] = abstractOf(random, chosen);
  const keywordPairs = [
    chosen.subject,
    chosen.property,
    chosen.method,
    ...random.sample(words.extras, random.int(1, 3)),
  ];
  const authorCount = random.int(1, 6);
  const authors = Array.from({ length: authorCount }, () =>
    options.english && random.chance(0.6) ? westernName(random) : chineseName(random),
  );
  const institutions = Array.from({ length: Math.min(authorCount, random.int(1, 3)) }, () =>
    institution(random, field),
  ).map(({ name, enName }) => ({ name, enName }));
  const [fund, enFund] = random.pick(FUNDS);
  const grant = `${random.int(5, 6)}${random.int(1000000, 9999999)}`;
  return {
    // English-language papers carry their English text in both fields, as such journals publish them.
    title: options.english ? enTitle : zhTitle,
    enTitle,
    abstract: options.english ? enAbstract : zhAbstract,
    enAbstract,
    keywords: keywordPairs.map((pair) => (options.english ? pair[1] : pair[0])).join(';'),
    enKeywords: keywordPairs.map((pair) => pair[1]).join(';'),
    fund: `${fund}（${grant}）`,
    enFund: `${enFund} (No. ${grant})`,
    authors,
    institutions,
  };
}

/** A reference in GB/T 7714 style; about half carry a DOI. */
export function referenceText(
  random: Random,
  field: Field,
  position: number,
): { text: string; doi: string | null; jats: string } {
  const words = FIELD_WORDS[field];
  const [journal, enJournal] = random.pick(words.journals);
  const english = journal === enJournal || random.chance(0.5);
  const authors = Array.from({ length: random.int(1, 3) }, () => {
    if (!english) return chineseName(random).name;
    if (random.chance(0.5)) {
      const [surname = '', given = ''] = chineseName(random).enName.split(' ');
      return `${surname.toUpperCase()} ${given}`;
    }
    const [first = '', last = ''] = westernName(random).enName.split(' ');
    return `${last.toUpperCase()} ${first.charAt(0)}`;
  });
  const subject = random.pick(words.subjects);
  const property = random.pick(words.properties);
  const year = random.int(2005, 2025);
  const volume = random.int(10, 80);
  const first = random.int(1, 900);
  const doi = random.chance(0.5) ? `10.${random.int(1000, 9999)}/ref.${year}.${position}${random.int(100, 999)}` : null;
  const title = english ? `${capitalise(property[1])} of ${subject[1]}` : `${subject[0]}${property[0]}研究`;
  const etAl = authors.length === 3 ? (english ? ', et al' : ', 等') : '';
  const source = english ? enJournal : journal;
  const issue = random.int(1, 12);
  const last = first + random.int(4, 20);
  const text = `${authors.join(', ')}${etAl}. ${title}[J]. ${source}, ${year}, ${volume}(${issue}): ${first}-${last}.`;
  // the same reference as a JATS mixed citation: its own text, the parts tagged
  const jats = `<mixed-citation publication-type="journal"><person-group person-group-type="author">${authors
    .map((author) => `<string-name>${escapeHtml(author)}</string-name>`)
    .join(
      ', ',
    )}</person-group>${etAl}. <article-title>${escapeHtml(title)}</article-title>[J]. <source>${escapeHtml(source)}</source>, <year>${year}</year>, <volume>${volume}</volume>(<issue>${issue}</issue>): <fpage>${first}</fpage>-<lpage>${last}</lpage>.${
    doi ? ` DOI: <pub-id pub-id-type="doi">${escapeHtml(doi)}</pub-id>.` : ''
  }</mixed-citation>`;
  return { text: doi ? `${text} DOI: ${doi}.` : text, doi, jats };
}
