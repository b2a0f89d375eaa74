/** An import brings each article's JATS XML: full text, graphics, structured references, front matter checked. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { folderFiles, formatProblem, importContent } from '../../src/server/import/index.ts';
import { getArticleByDoi } from '../../src/server/store/article-detail.ts';
import { type Db, openDb } from '../../src/server/store/db.ts';
import { problemsOf } from '../fixtures/import-problems.ts';

type Json = Record<string, unknown>;
const FIXTURE = join(import.meta.dirname, '../fixtures/jats');
const NOW = '2026-11-01T00:00:00.000Z';
const issue = (): Json => JSON.parse(readFileSync(join(FIXTURE, 'issue.json'), 'utf8'));
const articles = (json: Json) => json['articles'] as Json[];
const xml = (name: string) => readFileSync(join(FIXTURE, 'xml', name), 'utf8');
/** How many elements of the name the XML has (its own tags, never a longer name beginning the same). */
const tags = (source: string, name: string) => source.match(new RegExp(`<(?:mml:)?${name}[\\s/>]`, 'g'))?.length ?? 0;
const matches = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;

const CORPUS = [
  ['figures.xml', '10.3788/AOS.2026.02.001'],
  ['tables.xml', '10.3788/AOS.2026.02.002'],
  ['math.xml', '10.3788/AOS.2026.02.003'],
  ['zh.xml', '10.3788/AOS.2026.02.004'],
  ['lists.xml', '10.3788/AOS.2026.02.005'],
] as const;

describe('JATS in imports', () => {
  let dir: string;
  let db: Db;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'jats-import-'));
    db = openDb(join(dir, 'portal.db'));
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const siteId = () => Number(db.prepare("SELECT id FROM sites WHERE sld = 'jos'").get()?.['id']);
  const detail = (doi: string) => getArticleByDoi(db, siteId(), doi);

  it.each(CORPUS)(
    '%s: every figure, table, formula, section and reference of the XML is in the full text',
    async (file, doi) => {
      await importContent(db, issue(), NOW, folderFiles(FIXTURE));
      const source = xml(file);
      const article = await detail(doi);
      const html = article?.fullText?.bodyHtml ?? '';
      expect(html).not.toBe('');
      expect(matches(html, /<figure class="ft-fig"/g)).toBe(tags(source, 'fig'));
      expect(matches(html, /<figure class="ft-fig-group"/g)).toBe(tags(source, 'fig-group'));
      // every figure's image is a stored file the page can load
      expect(matches(html, /<img src="\/rc-pub\/front\/files\/get\?id=\d+"/g)).toBe(tags(source, 'graphic'));
      expect(matches(html, /<table>/g)).toBe(tags(source, 'table'));
      expect(matches(html, /<math[\s>]/g)).toBe(tags(source, 'disp-formula') + tags(source, 'inline-formula'));
      expect(matches(html, /<section id=/g)).toBe(tags(source, 'sec'));
      expect(article?.fullText?.toc.map((entry) => entry.title)).toEqual(
        [...source.matchAll(/<sec[^>]*>\s*<title>([^<]*)<\/title>/g)].map((m) => m[1]),
      );
      expect(article?.references).toHaveLength(tags(source, 'ref'));
      // each in-text citation links to a reference there is
      const anchors = new Set(article?.references.map((r) => `ref-${r.anchor}`));
      for (const [, target] of html.matchAll(/class="ft-cite" href="#([^"]+)"/g))
        expect(anchors.has(target ?? '')).toBe(true);
      expect(matches(html, /class="ft-cite"/g)).toBe(source.match(/ref-type="bibr"/g)?.length ?? 0);
    },
  );

  it('keeps rowspan and colspan, MathML as MathML, and converts TeX to MathML', async () => {
    await importContent(db, issue(), NOW, folderFiles(FIXTURE));
    const tables = (await detail('10.3788/AOS.2026.02.002'))?.fullText?.bodyHtml ?? '';
    expect(tables).toContain('<th rowspan="2">Sample</th><th colspan="2">Efficiency (%)</th>');
    expect(tables).toContain('<td colspan="2">not measured</td>');
    const math = (await detail('10.3788/AOS.2026.02.003'))?.fullText?.bodyHtml ?? '';
    expect(math).toContain('<mfrac><mrow><mn>2</mn><mi>π</mi></mrow><mi>λ</mi></mfrac>');
    // the TeX formula (2) is MathML now: its sum and fraction, no TeX source left
    expect(math).toMatch(/<munderover><mo[^>]*>∑<\/mo>/);
    expect(math).not.toContain('\\sum');
    expect(math).not.toContain('ft-tex');
  });

  it('shows a TeX formula it cannot read as its source code', async () => {
    const folder = join(dir, 'files');
    cpSync(FIXTURE, folder, { recursive: true });
    writeFileSync(join(folder, 'xml/math.xml'), xml('math.xml').replace('k = 2\\pi/\\lambda', '\\frac{k'));
    await importContent(db, issue(), NOW, folderFiles(folder));
    const math = (await detail('10.3788/AOS.2026.02.003'))?.fullText?.bodyHtml ?? '';
    expect(math).toContain('<span class="ft-inline-formula"><code class="ft-tex">\\frac{k</code></span>');
  });

  it('structures the references: authors, title, source, year, volume, pages and DOI; a reference without a DOI has none', async () => {
    await importContent(db, issue(), NOW, folderFiles(FIXTURE));
    const [first] = (await detail('10.3788/AOS.2026.02.001'))?.references ?? [];
    expect(first).toMatchObject({
      anchor: 'b1',
      authors: 'Yu N, Capasso F',
      title: 'Flat optics with designer metasurfaces',
      source: 'Nature Materials',
      year: '2014',
      volume: '13',
      pages: '139-150',
      doi: '10.1038/nmat3839',
    });
    const book = (await detail('10.3788/AOS.2026.02.002'))?.references[0];
    expect(book?.doi).toBeNull();
    expect(book?.text).toBe('Born M, Wolf E. Principles of Optics. Cambridge: Cambridge University Press, 1999.');
    // a DOI given only as a doi.org link is still the reference's DOI
    expect((await detail('10.3788/AOS.2026.02.005'))?.references[1]?.doi).toBe('10.1364/OE.31.001234');
  });

  it('carries footnotes, acknowledgements and funding', async () => {
    await importContent(db, issue(), NOW, folderFiles(FIXTURE));
    const tables = (await detail('10.3788/AOS.2026.02.002'))?.fullText;
    expect(tables?.bodyHtml).toContain('<sup><a href="#ft-fn1">a</a></sup>');
    expect(tables?.footnotesHtml).toContain('<li id="ft-fn1"><p>Measured at room temperature.</p></li>');
    expect(tables?.footnotesHtml).toContain('The data are available from the authors.');
    const zh = (await detail('10.3788/AOS.2026.02.004'))?.fullText;
    expect(zh?.acknowledgementsHtml).toBe('<p>感谢审稿人的宝贵意见。</p>');
    expect(zh?.fundingHtml).toContain('国家自然科学基金 62075001');
  });

  it('reports where the front matter disagrees with the record, and keeps the record', async () => {
    const summary = await importContent(db, issue(), NOW, folderFiles(FIXTURE));
    expect(summary.notices.map(formatProblem)).toEqual([
      'record articles[4]: field jats: xml/lists.xml: its title "A title the record does not have" is not the record\'s "Steps of a fabrication"; the record is kept',
      "record articles[4]: field jats: xml/lists.xml: its DOI 10.3788/AOS.2026.02.999 is not the record's 10.3788/AOS.2026.02.005; the record is kept",
      "record articles[4]: field jats: xml/lists.xml: its authors (Someone Else) are not the record's (Jane Roe); the record is kept",
    ]);
    expect((await detail('10.3788/AOS.2026.02.005'))?.title).toBe('Steps of a fabrication');
  });

  it('a second import of the same files changes nothing; jats: null takes the full text away', async () => {
    await importContent(db, issue(), NOW, folderFiles(FIXTURE));
    const again = await importContent(db, issue(), NOW, folderFiles(FIXTURE));
    expect(again.added + again.updated).toBe(0);
    expect(again.files).toBe(0);
    const json = issue();
    const [first] = articles(json);
    if (first) first['jats'] = null;
    await importContent(db, json, NOW, folderFiles(FIXTURE));
    expect((await detail('10.3788/AOS.2026.02.001'))?.fullText).toBeNull();
    expect((await detail('10.3788/AOS.2026.02.002'))?.fullText).not.toBeNull();
  });

  it('refuses a JATS file that is not well-formed or names a graphic the files lack, writing nothing', async () => {
    const folder = join(dir, 'files');
    cpSync(FIXTURE, folder, { recursive: true });
    writeFileSync(join(folder, 'xml/figures.xml'), xml('figures.xml').replace('</body>', '</bdy>'));
    writeFileSync(
      join(folder, 'xml/tables.xml'),
      xml('math.xml').replace('<sec id="s1">', '<sec id="s1"><fig><graphic xlink:href="../img/none"/></fig>'),
    );
    const problems = await problemsOf(() => importContent(db, issue(), NOW, folderFiles(folder)));
    expect(problems).toEqual([
      expect.stringMatching(
        /^record articles\[0\]: field jats: xml\/figures\.xml: not well-formed XML: .*\(line \d+\)$/,
      ),
      "record articles[1]: field jats: xml/tables.xml: the graphic ../img/none is not among the import's files",
    ]);
    expect(db.prepare('SELECT COUNT(*) AS n FROM article_fulltexts').get()?.['n']).toBe(0);
  });
});
