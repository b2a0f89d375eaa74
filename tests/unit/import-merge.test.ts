/** Imports merge, never erase (docs/product-rules.md#import); every problem of a file in one run; limits per field. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseSimpleSearch } from '../../src/lib/search-query.ts';
import { folderFiles, importContent } from '../../src/server/import/index.ts';
import { simpleSearch } from '../../src/server/search/service.ts';
import { type Db, openDb } from '../../src/server/store/db.ts';
import { problemsOf } from '../fixtures/import-problems.ts';

type Json = Record<string, unknown>;
const fixture = (name: string): Json =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures', name), 'utf8'));
const NOW = '2026-11-01T00:00:00.000Z';
const LATER = '2026-11-02T00:00:00.000Z';

/** Every row of every table, in rowid order. */
function everything(db: Db): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all();
  for (const { name } of tables) out[String(name)] = db.prepare(`SELECT * FROM "${String(name)}"`).all();
  return out;
}

describe('import merges, never erases', () => {
  let dir: string;
  let db: Db;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'import-merge-'));
    db = openDb(join(dir, 'portal.db'));
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const site = () =>
    db
      .prepare(
        "SELECT domain, keywords, en_keywords, colour, colour1, type, gray_type, name FROM sites WHERE sld = 'jos'",
      )
      .get();
  const search = async (q: string) => {
    const siteId = Number(db.prepare("SELECT id FROM sites WHERE sld = 'jos'").get()?.['id'] ?? 0);
    const parsed = parseSimpleSearch(new URLSearchParams({ q }));
    if (!parsed.ok) throw new Error(q);
    return (await simpleSearch(db, { siteId, now: new Date(LATER) }, parsed.value)).total;
  };

  it('a site block naming only sld, name and enName leaves the domain, keywords, colours, type and gray type as they were', async () => {
    const good = fixture('import-good.json');
    Object.assign(good['site'] as Json, {
      domain: 'www.jos-demo.org',
      keywords: '光学;全息',
      enKeywords: 'optics',
      type: 'group',
      grayType: 1,
    });
    await importContent(db, good, NOW);
    const before = site();
    expect(before).toMatchObject({
      domain: 'www.jos-demo.org',
      keywords: '光学;全息',
      colour: 0,
      colour1: '#1b4965',
      type: 'group',
      gray_type: 1,
    });
    const header = db.prepare('SELECT * FROM header_configs').all();
    const footer = db.prepare('SELECT * FROM footer_configs').all();
    await importContent(db, fixture('import-site-only.json'), LATER);
    await importContent(db, fixture('import-site-only.json'), LATER);
    expect(site()).toEqual(before);
    expect(db.prepare('SELECT * FROM header_configs').all()).toEqual(header);
    expect(db.prepare('SELECT * FROM footer_configs').all()).toEqual(footer);
  });

  it('theme colour 0 takes the site’s stored colour1 when the file does not name one, and asks for it on a new site', async () => {
    await importContent(db, fixture('import-good.json'), NOW);
    await importContent(db, { site: { sld: 'jos', name: '光学学报', enName: 'Journal of Optics', colour: 0 } }, LATER);
    expect(site()).toMatchObject({ colour: 0, colour1: '#1b4965' });
    expect(
      await problemsOf(() =>
        importContent(db, { site: { sld: 'jos-new', name: '新刊', enName: 'New', colour: 0 } }, LATER),
      ),
    ).toEqual(['record site: field colour1: colour 0 needs colour1']);
    expect(
      await problemsOf(() =>
        importContent(
          db,
          { site: { sld: 'jos', name: '光学学报', enName: 'Journal of Optics', colour: 0, colour1: null } },
          LATER,
        ),
      ),
    ).toEqual(['record site: field colour1: colour 0 needs colour1']);
  });

  it('a field set to null is cleared, a field not named is kept', async () => {
    const good = fixture('import-good.json');
    Object.assign(good['site'] as Json, { domain: 'www.jos-demo.org', keywords: '光学', enKeywords: 'optics' });
    await importContent(db, good, NOW);
    await importContent(
      db,
      { site: { sld: 'jos', name: '光学学报', enName: 'Journal of Optics', keywords: null, domain: null } },
      LATER,
    );
    expect(site()).toMatchObject({ domain: null, keywords: null, en_keywords: 'optics', colour1: '#1b4965' });
  });

  it('re-importing an article with a changed title updates it, and search finds the new title, not the old one', async () => {
    expect(await importContent(db, fixture('import-good.json'), NOW)).toMatchObject({ added: 23, updated: 0 });
    const articles = db.prepare('SELECT COUNT(*) AS n FROM articles').get()?.['n'];
    expect(await search('更正')).toBe(0);
    // the site's keywords (cleared, already empty: unchanged) and the article; news, album and medium are new
    expect(await importContent(db, fixture('import-corrections.json'), LATER)).toMatchObject({ added: 3, updated: 1 });
    const row = db
      .prepare(
        "SELECT title, en_title, abstract, keywords, updated_at FROM articles WHERE doi = '10.3788/AOS.2026.01.001'",
      )
      .get();
    // the title changed; the abstract and keywords the file does not name are kept
    expect(row).toMatchObject({
      title: '超表面全息成像技术研究（更正）',
      en_title: 'Metasurface holographic imaging (corrected)',
      keywords: '超表面;全息',
      updated_at: LATER,
    });
    expect(String(row?.['abstract'])).toContain('研究了超表面全息成像');
    expect(db.prepare('SELECT COUNT(*) AS n FROM articles').get()?.['n']).toBe(articles);
    expect(await search('更正')).toBe(1);
    expect(await search('corrected')).toBe(1);
  });

  it('importing each fixture twice changes nothing the second time (every table compared)', async () => {
    const withFiles = join(import.meta.dirname, '../fixtures/import-files');
    for (const name of [
      'import-good.json',
      'import-site-only.json',
      'import-corrections.json',
      'import-corrections-notices.json',
      'import-scheduling.json',
      'import-files/issue.json',
    ]) {
      const files = name.startsWith('import-files/') ? folderFiles(withFiles) : null;
      await importContent(db, fixture(name), NOW, files);
      const once = everything(db);
      const summary = await importContent(db, fixture(name), LATER, files);
      expect({ name, added: summary.added, updated: summary.updated }).toEqual({ name, added: 0, updated: 0 });
      expect(everything(db)).toEqual(once);
    }
    // the news file imported twice made one item of each
    expect(db.prepare('SELECT title, COUNT(*) AS n FROM news GROUP BY title HAVING n > 1').all()).toEqual([]);
  });

  it('news, albums and media with a key are updated by that key', async () => {
    await importContent(db, fixture('import-good.json'), NOW);
    await importContent(db, fixture('import-corrections.json'), NOW);
    const changed = fixture('import-corrections.json') as { news: Json[]; albums: Json[]; media: Json[] };
    Object.assign(changed.news[0] ?? {}, { title: '征稿启事（延期）' });
    Object.assign(changed.albums[0] ?? {}, {
      name: '全息专辑（更新）',
      items: [{ type: 'publication', issn: '0253-2239' }],
    });
    Object.assign(changed.media[0] ?? {}, { title: '三月播客（重录）' });
    const counts = () =>
      ['news', 'albums', 'media'].map((t) => db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get()?.['n']);
    const before = counts();
    await importContent(db, changed, LATER);
    expect(counts()).toEqual(before);
    expect(db.prepare("SELECT title FROM news WHERE import_key = '2026-call-for-papers'").get()).toEqual({
      title: '征稿启事（延期）',
    });
    expect(db.prepare("SELECT title FROM media WHERE import_key = 'podcast-2026-03'").get()).toEqual({
      title: '三月播客（重录）',
    });
    const album = db.prepare("SELECT id, name FROM albums WHERE import_key = 'holography-2026'").get();
    expect(album?.['name']).toBe('全息专辑（更新）');
    expect(db.prepare('SELECT resource_type FROM album_items WHERE album_id = ?').all(Number(album?.['id']))).toEqual([
      { resource_type: 'publication' },
    ]);
  });

  it('a key given later adopts the item imported without one', async () => {
    await importContent(db, fixture('import-good.json'), NOW);
    const file = fixture('import-good.json') as { news: Json[] };
    Object.assign(file.news[0] ?? {}, { key: 'indexed-in-ei' });
    await importContent(db, file, LATER);
    Object.assign(file.news[0] ?? {}, { title: '本刊被EI收录' });
    await importContent(db, file, LATER);
    expect(db.prepare('SELECT import_key, title FROM news ORDER BY id').all()).toEqual([
      { import_key: 'indexed-in-ei', title: '本刊被EI收录' },
      { import_key: null, title: '微信推文' },
    ]);
  });

  it('reports every problem of a file in one run, schema and references together, each with its record path', async () => {
    const file = fixture('import-good.json') as { articles: Json[]; media: Json[]; news: Json[] };
    const [first, second] = file.articles;
    if (!first || !second) throw new Error('fixture');
    file.articles.push({ ...first, title: undefined, doi: '10.3788/AOS.2026.01.777' });
    file.articles.push({ ...first, period: { year: 2031, issue: 7 }, column: '快讯', doi: '10.3788/AOS.2026.01.888' });
    file.articles.push({ ...first });
    Object.assign(file.media[0] ?? {}, { articleDoi: '10.3788/AOS.2099.99.999' });
    file.news.push({ ...file.news[0], key: 'twice' }, { ...file.news[0], key: 'twice' });
    (file as Json)['comments'] = 'an unknown section';
    const before = everything(db);
    expect(await problemsOf(() => importContent(db, file, NOW))).toEqual([
      'record (file): field (record): Unrecognized key: "comments"',
      'record articles[4]: field doi: the DOI 10.3788/aos.2026.01.001 appears twice in this file (also articles[0])',
      'record news[3]: field key: the key twice appears twice in this file (also news[2])',
      // required only because the article is new: known once the store has been asked
      'record articles[2]: field title: Required',
      'record articles[3]: field period: unknown period 2031/7 of ISSN 0253-2239 (list it under periods)',
      'record articles[3]: field column: unknown column 快讯 of ISSN 0253-2239',
      'record media[0]: field articleDoi: unknown article DOI 10.3788/AOS.2099.99.999',
    ]);
    expect(everything(db)).toEqual(before);
  });

  it('refuses a title over 1,000 characters and an abstract over 100 KB, saying so', async () => {
    const file = fixture('import-good.json') as { articles: Json[]; news: Json[] };
    Object.assign(file.articles[0] ?? {}, { title: '光'.repeat(200_001) });
    Object.assign(file.articles[1] ?? {}, { abstract: `<p>${'a'.repeat(7 * 1024 * 1024)}</p>` });
    Object.assign(file.news[0] ?? {}, { enTitle: 'x'.repeat(1001) });
    const before = everything(db);
    expect(await problemsOf(() => importContent(db, file, NOW))).toEqual([
      'record articles[0]: field title: a title has at most 1,000 characters (this one has 200,001)',
      'record articles[1]: field abstract: an HTML field has at most 100 KB (this one has 7,169 KB)',
      'record news[0]: field enTitle: a title has at most 1,000 characters (this one has 1,001)',
    ]);
    expect(everything(db)).toEqual(before);
    // at the limit is accepted
    Object.assign(file.articles[0] ?? {}, { title: '光'.repeat(1000) });
    Object.assign(file.articles[1] ?? {}, { abstract: 'a'.repeat(100 * 1024) });
    Object.assign(file.news[0] ?? {}, { enTitle: 'x'.repeat(1000) });
    expect((await importContent(db, file, NOW)).articles).toBe(2);
  });

  it('a write failing late in the import (after its site, issues and articles) leaves every table as it was', async () => {
    await importContent(db, fixture('import-good.json'), NOW);
    const before = everything(db);
    // the database refuses the last kind of record the import writes: everything before it is undone
    db.exec("CREATE TRIGGER refuse_experts BEFORE INSERT ON experts BEGIN SELECT RAISE(ABORT, 'disk full'); END");
    const file = fixture('import-corrections.json') as { editorialBoards?: Json[] };
    file.editorialBoards = [
      {
        name: '青年编委会',
        enName: 'Youth Board',
        experts: [{ name: '新专家', enName: 'New Expert', role: '编委', enRole: 'Member' }],
      },
    ];
    // the editor reads that nothing was written and a reference; the database's words go to the log
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await expect(importContent(db, file, LATER)).rejects.toThrow('the import was not written and nothing changed');
      expect(logged.mock.calls.flat().join(' ')).toContain('disk full');
    } finally {
      logged.mockRestore();
    }
    db.exec('DROP TRIGGER refuse_experts');
    expect(everything(db)).toEqual(before);
    // and the same file imports once the database takes it
    expect(await importContent(db, file, LATER)).toMatchObject({ experts: 1 });
  });

  it('an updated article or issue is not news to subscribers: only new ones queue a digest event', async () => {
    await importContent(db, fixture('import-good.json'), NOW);
    const events = () => db.prepare('SELECT kind, ref_id FROM subscription_events ORDER BY id').all();
    const before = events();
    expect(before.length).toBe(3);
    const file = fixture('import-good.json') as { articles: Json[]; periods: Json[] };
    for (const article of file.articles) article['title'] = `${String(article['title'])}（修订）`;
    for (const period of file.periods) period['publishDate'] = '2026-03-01';
    await importContent(db, file, LATER);
    expect(events()).toEqual(before);
  });
});
