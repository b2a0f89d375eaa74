import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseSimpleSearch } from '../../src/lib/search-query.ts';
import { importContent } from '../../src/server/import/index.ts';
import { simpleSearch } from '../../src/server/search/service.ts';
import { type Db, openDb } from '../../src/server/store/db.ts';
import { problemsOf } from '../fixtures/import-problems.ts';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures', name), 'utf8'));
const NOW = '2026-11-01T00:00:00.000Z';

function counts(db: Db): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const table of [
    'sites',
    'channels',
    'publications',
    'periods',
    'columns',
    'articles',
    'authors',
    'institutions',
    'news',
    'albums',
    'album_items',
    'experts',
    'header_configs',
  ]) {
    out[table] = db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get()?.['n'];
  }
  return out;
}

describe('import', () => {
  let dir: string;
  let db: Db;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'import-'));
    db = openDb(join(dir, 'portal.db'));
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports a good file: site, configs, channels, journal, issues, articles with authors, news, album, board', async () => {
    const summary = await importContent(db, fixture('import-good.json'), NOW);
    expect(summary).toMatchObject({
      created: true,
      publications: 1,
      periods: 2,
      articles: 2,
      channels: 4,
      news: 2,
      albums: 1,
      media: 2,
      experts: 1,
    });
    const site = db.prepare("SELECT id, colour, colour1 FROM sites WHERE sld = 'jos'").get();
    expect(site).toMatchObject({ colour: 0, colour1: '#1b4965' });
    const article = db
      .prepare(
        "SELECT a.*, p.year, p.issue, c.name AS column_name FROM articles a JOIN periods p ON p.id = a.period_id JOIN columns c ON c.id = a.column_id WHERE doi = '10.3788/AOS.2026.01.001'",
      )
      .get();
    expect(article).toMatchObject({
      title: '超表面全息成像技术研究',
      year: 2026,
      issue: 1,
      column_name: '研究论文',
      keywords: '超表面;全息',
      status: 'formal',
    });
    // HTML is sanitized on the way in
    expect(String(article?.['abstract'])).not.toMatch(/onerror|alert/);
    expect(String(db.prepare("SELECT content FROM channels WHERE code = 'aboutus'").get()?.['content'])).toBe(
      '<p>编辑部介绍</p>',
    );
    expect(String(db.prepare('SELECT description FROM basic_infos').get()?.['description'])).not.toContain('script');
    const authors = db
      .prepare('SELECT name, institution_positions, corresponding FROM authors WHERE article_id = ? ORDER BY position')
      .all(Number(article?.['id']));
    expect(authors).toEqual([
      { name: '王光', institution_positions: '1;2', corresponding: 1 },
      { name: '李明', institution_positions: '2', corresponding: 0 },
    ]);
    expect(db.prepare("SELECT version FROM articles WHERE status = 'online-first'").get()?.['version']).toBe(2);
    expect(db.prepare('SELECT original, news_data_type FROM news WHERE source_link IS NOT NULL').get()).toEqual({
      original: 2,
      news_data_type: 'wechat',
    });
    expect(
      db
        .prepare('SELECT resource_type FROM album_items ORDER BY position')
        .all()
        .map((r) => r['resource_type']),
    ).toEqual(['article', 'publication']);
    // a video belongs to the article its DOI names (DOIs compare case-insensitively); the podcast to none
    expect(db.prepare('SELECT kind, en_title, article_id FROM media ORDER BY id').all()).toEqual([
      { kind: 'video', en_title: 'Video abstract', article_id: article?.['id'] },
      { kind: 'audio', en_title: "Editor's podcast", article_id: null },
    ]);
  });

  it('a video naming an unknown article DOI changes nothing and names the field', async () => {
    const file = fixture('import-good.json') as { media: { articleDoi?: string }[] };
    const first = file.media[0];
    if (first) first.articleDoi = '10.3788/AOS.2099.99.999';
    const before = counts(db);
    expect(await problemsOf(() => importContent(db, file, NOW))).toEqual([
      'record media[0]: field articleDoi: unknown article DOI 10.3788/AOS.2099.99.999',
    ]);
    expect(counts(db)).toEqual(before);
  });

  it('keeps the search index current in the same transaction: found at once, nothing left by a failed import', async () => {
    const search = async (q: string) => {
      const site = Number(db.prepare("SELECT id FROM sites WHERE sld = 'jos'").get()?.['id'] ?? 0);
      const parsed = parseSimpleSearch(new URLSearchParams({ q }));
      if (!parsed.ok) throw new Error(q);
      return (await simpleSearch(db, { siteId: site, now: new Date(NOW) }, parsed.value)).total;
    };
    // a search before any content: the index is ready, so nothing below is rebuilt on demand
    expect(await search('超表面')).toBe(0);
    await importContent(db, fixture('import-good.json'), NOW);
    expect(await search('超表面')).toBeGreaterThan(0);
    expect(await search('10.3788/AOS.2026.01.001')).toBe(1);

    const docs = () => db.prepare('SELECT COUNT(*) AS n FROM search_docs').get()?.['n'];
    const before = docs();
    const broken = fixture('import-good.json') as { site: { sld: string }; articles: { doi: string; title: string }[] };
    broken.site.sld = 'jos-broken';
    for (const [i, article] of broken.articles.entries()) article.doi = `10.3788/BROKEN.${i}`;
    broken.articles[0]!.title = '拓扑绝缘体超晶格';
    (broken.articles[1] as { title?: string }).title = undefined;
    await problemsOf(() => importContent(db, broken, NOW));
    expect(docs()).toBe(before);
    expect(await search('拓扑绝缘体')).toBe(0);
  });

  it('a file whose second article lacks a title changes nothing and names the record and field', async () => {
    const before = counts(db);
    const problems = await problemsOf(() => importContent(db, fixture('import-bad-title.json'), NOW));
    expect(problems).toEqual(['record articles[1]: field title: Required']);
    expect(counts(db)).toEqual(before);
  });

  it('an article in an unknown period fails, naming the period, after earlier records were written', async () => {
    await importContent(db, fixture('import-good.json'), NOW);
    const before = counts(db);
    const problems = await problemsOf(() => importContent(db, fixture('import-unknown-period.json'), NOW));
    expect(problems).toEqual([
      'record articles[0]: field period: unknown period 2031/7 of ISSN 0253-2239 (list it under periods)',
    ]);
    expect(counts(db)).toEqual(before);
    expect(db.prepare("SELECT COUNT(*) AS n FROM sites WHERE sld = 'jos-period'").get()?.['n']).toBe(0);
  });

  it('merges a DOI already on the site, and rolls back nested field errors, naming them', async () => {
    await importContent(db, fixture('import-good.json'), NOW);
    const before = counts(db);
    expect(await importContent(db, fixture('import-good.json'), NOW)).toMatchObject({
      created: false,
      added: 0,
      updated: 0,
    });
    expect(counts(db)).toEqual(before);
    const broken = fixture('import-good.json') as {
      articles: { authors: { email?: string }[] }[];
      site: { header: { navStyle: number } };
    };
    broken.site.header.navStyle = 9;
    const firstAuthor = broken.articles[0]?.authors[0];
    if (firstAuthor) firstAuthor.email = 'not-an-email';
    const problems = await problemsOf(() => importContent(db, broken, NOW));
    expect(problems).toContain('record site: field header.navStyle: Too big: expected number to be <=6');
    expect(problems.some((p) => p.startsWith('record articles[0]: field authors[0].email: '))).toBe(true);
    expect(counts(db)).toEqual(before);
  });

  it('stores a site’s own domain as a host name, and takes only one-segment menu routes', async () => {
    const file = fixture('import-good.json') as { site: { domain?: string }; channels: { route?: string }[] };
    file.site.domain = ' https://Www.JOS-Demo.org/ ';
    await importContent(db, file, NOW);
    expect(db.prepare("SELECT domain FROM sites WHERE sld = 'jos'").get()).toEqual({ domain: 'www.jos-demo.org' });

    const bad = fixture('import-good.json') as {
      site: { sld: string; domain?: string };
      channels: { route?: string }[];
    };
    bad.site.sld = 'jos-bad';
    bad.site.domain = 'not a host';
    const first = bad.channels[0];
    if (first) first.route = 'call for papers';
    const problems = await problemsOf(() => importContent(db, bad, NOW));
    expect(problems).toContain('record site: field domain: expected a host name such as www.jmst-demo.org');
    expect(
      problems.some((p) => p.includes('channels[0]') && p.includes('expected a route of letters, digits, - and _')),
    ).toBe(true);
  });
});
