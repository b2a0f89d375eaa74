/**
 * node scripts/bench/segment.ts: how fast the search tokenizer cuts 1,000 demo titles (and their
 * abstracts), Chinese and English, with the demo keywords loaded as domain words. Prints, never asserts.
 */
import { performance } from 'node:perf_hooks';
import { addDomainWords, chineseSegmenter } from '../../src/server/search/segmenter.ts';
import { tokensForIndex, tokensForQuery } from '../../src/server/search/tokens.ts';
import { articleText } from '../../src/server/seed/article-text.ts';
import { createRandom } from '../../src/server/seed/random.ts';
import type { Field } from '../../src/server/seed/site-data.ts';

const COUNT = 1000;
const ROUNDS = 5;
const FIELDS: readonly Field[] = ['materials', 'electromagnetics', 'education', 'chemistry'];

const random = createRandom(17);
const texts = Array.from({ length: COUNT }, (_, i) =>
  articleText(random, FIELDS[i % FIELDS.length]!, { english: false, review: i % 7 === 0 }),
);

let start = performance.now();
const engine = chineseSegmenter().engine;
const loadMs = performance.now() - start;
start = performance.now();
addDomainWords(texts.flatMap((text) => text.keywords.split(';')));
const domainMs = performance.now() - start;

function measure(label: string, inputs: readonly string[], tokenize: (text: string) => string[]): void {
  let best = Number.POSITIVE_INFINITY;
  let first = 0;
  let tokens = 0;
  for (let round = 0; round < ROUNDS; round++) {
    tokens = 0;
    const began = performance.now();
    for (const input of inputs) tokens += tokenize(input).length;
    const ms = performance.now() - began;
    if (round === 0) first = ms;
    best = Math.min(best, ms);
  }
  const chars = inputs.reduce((sum, input) => sum + input.length, 0);
  console.log(
    `${label.padEnd(26)} ${best.toFixed(1).padStart(7)} ms per ${inputs.length} (first round ${first.toFixed(1).padStart(5)} ms)  ${Math.round(
      (tokens / best) * 1000,
    )
      .toLocaleString('en')
      .padStart(11)} tokens/s  ${Math.round((chars / best) * 1000)
      .toLocaleString('en')
      .padStart(11)} chars/s`,
  );
}

console.log(
  `engine ${engine}; dictionary load ${loadMs.toFixed(0)} ms; ${COUNT} titles' keywords added as domain words in ${domainMs.toFixed(0)} ms; best of ${ROUNDS} rounds (the first round also fills the English stem memo)`,
);
measure(
  'jieba cutForSearch alone',
  texts.map((t) => t.title),
  (text) => chineseSegmenter().cutForSearch(text),
);
measure(
  'index, Chinese titles',
  texts.map((t) => t.title),
  tokensForIndex,
);
measure(
  'index, English titles',
  texts.map((t) => t.enTitle),
  tokensForIndex,
);
measure(
  'index, Chinese abstracts',
  texts.map((t) => t.abstract),
  tokensForIndex,
);
measure(
  'index, English abstracts',
  texts.map((t) => t.enAbstract),
  tokensForIndex,
);
measure(
  'query, Chinese titles',
  texts.map((t) => t.title),
  (text) => tokensForQuery(text),
);
