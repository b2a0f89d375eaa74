/**
 * Reads an import file's JSON as a stream (stream-json's tokenizer), handing over one record of a
 * section at a time and each other top-level value whole, so neither the file's text nor its whole
 * parse tree is ever held: the checker keeps only each record's checked copy.
 */
import { pipeline, type Readable } from 'node:stream';
import { parser } from 'stream-json';
import Assembler from 'stream-json/assembler.js';

/**
 * `index` is the record's position in its top-level list, or null for a top-level value that is
 * not a list (the site) and for the file itself when it is not an object (`key` '').
 */
export type StreamedValue = { key: string; index: number | null; value: unknown };

type Token = parser.Token;
const VALUE_START = new Set([
  'startObject',
  'startArray',
  'stringValue',
  'numberValue',
  'nullValue',
  'trueValue',
  'falseValue',
]);

/** The file could not be read, or its text is not JSON. */
export class UnreadableJson extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'UnreadableJson';
  }
}

/** The top-level values of the JSON text `input`, records of top-level lists one by one. */
export async function* streamImportJson(input: Readable): AsyncGenerator<StreamedValue> {
  try {
    yield* streamValues(input);
  } catch (error) {
    throw new UnreadableJson(error);
  }
}

async function* streamValues(input: Readable): AsyncGenerator<StreamedValue> {
  // pipeline, not pipe: a read error (no such file) ends the tokens with that error
  const tokens: AsyncIterable<Token> = pipeline(
    input,
    parser.asStream({ packValues: true, streamValues: false }),
    () => {},
  );
  // where the reader is: before the file, in the top-level object, in one of its lists
  let place: 'file' | 'object' | 'list' | 'end' = 'file';
  let key = '';
  let index = 0;
  let value: Assembler | null = null;
  for await (const token of tokens) {
    if (value) {
      value.consume(token);
      if (!value.done) continue;
      yield { key, index: place === 'list' ? index++ : null, value: value.current };
      value = null;
      if (place === 'file') place = 'end';
      continue;
    }
    if (place === 'file') {
      if (token.name === 'startObject') place = 'object';
      else if (VALUE_START.has(token.name)) {
        value = startValue(token);
        if (value.done) {
          yield { key: '', index: null, value: value.current };
          value = null;
          place = 'end';
        }
      }
    } else if (place === 'object') {
      if (token.name === 'keyValue') key = token.value;
      else if (token.name === 'startArray') {
        place = 'list';
        index = 0;
        // an empty or filled list is announced once, so the outline sees every section named
        yield { key, index: null, value: [] };
      } else if (token.name === 'endObject') place = 'end';
      else if (VALUE_START.has(token.name)) value = startValue(token);
      if (value?.done) {
        yield { key, index: null, value: value.current };
        value = null;
      }
    } else if (place === 'list') {
      if (token.name === 'endArray') place = 'object';
      else if (VALUE_START.has(token.name)) {
        value = startValue(token);
        if (value.done) {
          yield { key, index: index++, value: value.current };
          value = null;
        }
      }
    }
  }
}

function startValue(token: Token): Assembler {
  const assembler = new Assembler();
  assembler.consume(token);
  return assembler;
}
