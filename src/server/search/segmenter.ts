/**
 * Chinese word segmentation: jieba (a dictionary segmenter made for Chinese) in search mode, so
 * 钙钛矿太阳能电池 gives 钙钛矿/太阳/太阳能/电池; Intl.Segmenter only when the native binary does not
 * load. Domain words (the journals' own keywords) join the dictionary so 钙钛矿 or 石墨烯 stay whole.
 */
import { createRequire } from 'node:module';

type JiebaModule = typeof import('@node-rs/jieba');
type Jieba = InstanceType<JiebaModule['Jieba']>;

export type SegmenterEngine = 'jieba' | 'intl';

export type ChineseSegmenter = {
  readonly engine: SegmenterEngine;
  /** search mode: every dictionary word of the run, long words and the shorter words inside them */
  cutForSearch(run: string): string[];
  /** precise mode: the words that cover the run once, left to right */
  cut(run: string): string[];
  /** adds words to the dictionary; segmentation from then on keeps them whole */
  addWords(words: Iterable<string>): void;
};

/** jieba's dictionary frequency for domain words: high enough to beat the general dictionary's splits. */
const DOMAIN_WORD_FREQUENCY = 200_000;
/**
 * Longest domain word. Longer keywords (锂离子电池高镍正极) are compounds: added whole, jieba's search
 * mode would no longer give the words inside them (复合材料 in 碳纤维增强树脂基复合材料).
 */
const MAX_DOMAIN_WORD = 4;
const HAN_RUN = /^\p{Script=Han}+$/u;

function loadJieba(): Jieba | null {
  try {
    const require = createRequire(import.meta.url);
    const { Jieba } = require('@node-rs/jieba') as JiebaModule;
    const { dict } = require('@node-rs/jieba/dict.js') as { dict: Uint8Array };
    return Jieba.withDict(dict);
  } catch (error) {
    // search still works on the fallback, with worse words; whoever runs the server should know
    process.emitWarning(`@node-rs/jieba did not load (${String(error)}); Chinese search falls back to Intl.Segmenter`);
    return null;
  }
}

/** Only Han words are domain words: a keyword like 'AZ31镁合金' contributes 镁合金 through its Han run. */
function hanWords(words: Iterable<string>): string[] {
  const out: string[] = [];
  for (const word of words) {
    for (const run of word.normalize('NFKC').match(/\p{Script=Han}+/gu) ?? []) {
      const length = [...run].length;
      if (length >= 2 && length <= MAX_DOMAIN_WORD) out.push(run);
    }
  }
  return out;
}

function jiebaSegmenter(jieba: Jieba): ChineseSegmenter {
  const known = new Set<string>();
  return {
    engine: 'jieba',
    cutForSearch: (run) => jieba.cutForSearch(run, true).filter((word) => HAN_RUN.test(word)),
    cut: (run) => jieba.cut(run, true).filter((word) => HAN_RUN.test(word)),
    addWords(words) {
      const fresh = hanWords(words).filter((word) => !known.has(word));
      if (fresh.length === 0) return;
      for (const word of fresh) known.add(word);
      jieba.loadDict(Buffer.from(fresh.map((word) => `${word} ${DOMAIN_WORD_FREQUENCY}\n`).join('')));
    },
  };
}

/**
 * The fallback: domain words by forward maximum matching, Intl.Segmenter for the rest. It has no
 * search mode, so long words are not split further; the CJK bigrams keep recall.
 */
function intlSegmenter(): ChineseSegmenter {
  const words = new Set<string>();
  const intl = new Intl.Segmenter('zh', { granularity: 'word' });
  const intlWords = (text: string) =>
    [...intl.segment(text)].filter((s) => s.isWordLike && HAN_RUN.test(s.segment)).map((s) => s.segment);
  const cut = (run: string): string[] => {
    const chars = [...run];
    const out: string[] = [];
    let pending = '';
    for (let i = 0; i < chars.length; ) {
      let matched = '';
      for (let len = Math.min(MAX_DOMAIN_WORD, chars.length - i); len >= 2; len--) {
        const candidate = chars.slice(i, i + len).join('');
        if (words.has(candidate)) {
          matched = candidate;
          break;
        }
      }
      if (matched) {
        out.push(...intlWords(pending), matched);
        pending = '';
        i += [...matched].length;
      } else {
        pending += chars[i];
        i++;
      }
    }
    out.push(...intlWords(pending));
    return out;
  };
  return {
    engine: 'intl',
    cutForSearch: cut,
    cut,
    addWords(more) {
      for (const word of hanWords(more)) words.add(word);
    },
  };
}

/** A new segmenter; 'intl' forces the fallback (tests, or a platform without the jieba binary). */
export function createChineseSegmenter(prefer: SegmenterEngine = 'jieba'): ChineseSegmenter {
  const jieba = prefer === 'jieba' ? loadJieba() : null;
  return jieba ? jiebaSegmenter(jieba) : intlSegmenter();
}

let shared: ChineseSegmenter | null = null;

/** The process-wide segmenter that index and query share, loaded on first use (jieba's dictionary takes a moment). */
export function chineseSegmenter(): ChineseSegmenter {
  shared ??= createChineseSegmenter();
  return shared;
}

/**
 * Adds the journals' keywords to the shared dictionary. Call it before building the index: a word
 * added later changes how queries are cut, and only the bigrams then still match older index rows.
 */
export function addDomainWords(words: Iterable<string>): void {
  chineseSegmenter().addWords(words);
}

/** Overlapping character pairs of a Han run: any substring of two or more characters is found through them. */
export function hanBigrams(run: string): string[] {
  const chars = [...run];
  const grams: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) grams.push(chars[i]! + chars[i + 1]!);
  return grams;
}
