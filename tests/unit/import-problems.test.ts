/**
 * Every problem an import can report has its wording in both dictionaries, and a faulty file's
 * problems read in Chinese as well as in the English `npm run import` prints.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importProblemText } from '../../src/i18n/import-problems.ts';
import { en, zh } from '../../src/i18n/index.ts';
import { checkImportFile } from '../../src/server/import/check.ts';
import { folderFiles } from '../../src/server/import/index.ts';
import { type Db, openDb } from '../../src/server/store/db.ts';

const HAN = /\p{Script=Han}/u;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('import problems, keyed', () => {
  let dir: string;
  let db: Db;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'import-problems-'));
    db = openDb(join(dir, 'portal.db'));
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('every code has a Chinese and an English wording with the same values', () => {
    const codes = Object.keys(zh.importProblems.problems);
    expect(Object.keys(en.importProblems.problems).sort()).toEqual([...codes].sort());
    expect(codes.length).toBeGreaterThan(60);
    for (const code of codes) {
      const zhText = zh.importProblems.problems[code as keyof typeof zh.importProblems.problems];
      const enText = en.importProblems.problems[code as keyof typeof en.importProblems.problems];
      expect(zhText, code).toMatch(HAN);
      expect(enText.trim(), code).not.toBe('');
      expect(placeholders(zhText), code).toEqual(placeholders(enText));
    }
    expect(Object.keys(en.importProblems.found).sort()).toEqual(Object.keys(zh.importProblems.found).sort());
  });

  it('a faulty file’s problems, schema, references and files alike, each read in Chinese with its values', async () => {
    const files = join(dir, 'files');
    mkdirSync(join(files, 'xml'), { recursive: true });
    writeFileSync(join(files, 'program.pdf'), 'MZ this is a program');
    writeFileSync(join(files, 'xml', 'broken.xml'), '<article><front></article>');
    const faulty = {
      site: { sld: 'fresh', colour1: 'red', domain: 'not a host', header: { navStyle: 9 } },
      comments: 'an unknown top-level key',
      publications: [{ issn: '1005-0302', name: '期刊', enName: 'Journal', frequency: 'x'.repeat(3_000) }],
      periods: [
        { issn: '2222-3333', year: 2026, issue: 1, volume: 1, publishDate: '2026-01-01' },
        { issn: '1005-0302', year: 2026, issue: 2, volume: 1, publishDate: '2026/01/01' },
      ],
      articles: [
        {
          id: 0,
          issn: '1005-0302',
          title: 'A',
          authors: [{ name: 'A', orcid: 'no' }],
          publishedDate: '2026-01-01',
          firstPage: 9,
          lastPage: 2,
        },
        {
          issn: '1005-0302',
          doi: '10.9999/dup.1',
          title: 'B',
          status: 'formal',
          authors: [{ name: 'B', institutions: [3] }],
          institutions: [{ name: 'One' }],
          publishedDate: '2026-01-01',
          pdf: 'program.pdf',
          jats: 'xml/broken.xml',
        },
        { issn: '1005-0302', doi: '10.9999/dup.1', title: 'C', authors: [{ name: 'C' }], publishedDate: '2026-01-01' },
      ],
      news: [{ key: 'not a key!', type: 'rumour', title: 'N', publishedAt: '2026-01-01' }],
      albums: [{ key: 'a1', name: '专辑', enName: 'Album', items: [{ type: 'article', doi: '10.9999/nowhere' }] }],
    };
    const checked = await checkImportFile(db, faulty, folderFiles(files));
    expect(checked.file).toBeNull();
    const codes = checked.problems.map((problem) => problem.code);
    expect(codes).toEqual(
      expect.arrayContaining([
        'unknownKey',
        'expectedColour',
        'expectedHost',
        'numberTooLarge',
        'textFieldTooLong',
        'expectedDate',
        'expectedId',
        'expectedOrcid',
        'lastPageBeforeFirst',
        'expectedKey',
        'invalidOption',
        'duplicateDoi',
        'unknownIssn',
        'formalNeedsPeriod',
        'institutionNotListed',
        'unknownArticleDoi',
        'notPdf',
        'xmlNotWellFormed',
      ]),
    );
    for (const problem of checked.problems) {
      expect(importProblemText(problem, 'en')).toBe(problem.problem);
      const text = importProblemText(problem, 'zh');
      expect(text, problem.problem).toMatch(HAN);
      expect(text, problem.problem).not.toMatch(/\{\w+\}/);
    }
    const zhOf = (code: string) =>
      checked.problems.filter((problem) => problem.code === code).map((problem) => importProblemText(problem, 'zh'));
    expect(zhOf('duplicateDoi')).toEqual(['DOI 10.9999/dup.1 在文件中出现两次（另见 articles[1]）']);
    expect(zhOf('notPdf')).toEqual(['program.pdf 不是 PDF：其内容为Windows 程序']);
    expect(zhOf('textFieldTooLong')).toEqual(['文本字段最多 2,000 个字符（此处 3,000 个）']);
    // the XML parser's kind of fault in Chinese, never its English sentence
    expect(zhOf('xmlNotWellFormed')).toEqual([
      'xml/broken.xml：XML 格式不正确：有标签未闭合、未开启或不匹配（第 1 行）',
    ]);
    const duplicate = checked.problems.find((problem) => problem.code === 'duplicateDoi');
    expect(duplicate).toMatchObject({ record: 'articles[2]', field: 'doi', params: { doi: '10.9999/dup.1' } });
  });
});
