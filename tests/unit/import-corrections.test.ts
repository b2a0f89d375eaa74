/** Issue 29: corrections keep versions, updates name only what changes, notices, and DOIs that change keep resolving. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readerCorrections } from '../../src/lib/article-notice.ts';
import { parseSimpleSearch } from '../../src/lib/search-query.ts';
import { importContent } from '../../src/server/import/index.ts';
import { simpleSearch } from '../../src/server/search/service.ts';
import { getArticle, getArticleByDoi } from '../../src/server/store/article-detail.ts';
import { listArticles } from '../../src/server/store/articles.ts';
import { type Db, openDb } from '../../src/server/store/db.ts';
import { oaiArticleRow } from '../../src/server/store/oai-records.ts';
import { problemsOf } from '../fixtures/import-problems.ts';

type Json = Record<string, unknown>;
const fixture = (name: string): Json =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures', name), 'utf8'));
const NOW = '2026-11-01T00:00:00.000Z';
const LATER = '2026-11-02T00:00:00.000Z';
const FILE = 'import-corrections-notices.json';

function everything(db: Db): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all();
  for (const { name } of tables) out[String(name)] = db.prepare(`SELECT * FROM "${String(name)}"`).all();
  return out;
}

describe('corrections, notices and DOI changes by import', () => {
  let dir: string;
  let db: Db;
  let siteId: number;
  const idOf = (doi: string) =>
    Number(db.prepare('SELECT id FROM articles WHERE lower(doi) = lower(?)').get(doi)?.['id']);
  const search = async (q: string) => {
    const parsed = parseSimpleSearch(new URLSearchParams({ q }));
    if (!parsed.ok) throw new Error(q);
    return (await simpleSearch(db, { siteId, now: new Date(LATER) }, parsed.value)).total;
  };
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'import-corrections-'));
    db = openDb(join(dir, 'portal.db'));
    await importContent(db, fixture('import-good.json'), NOW);
    await importContent(db, fixture('import-corrections.json'), NOW);
    siteId = Number(db.prepare("SELECT id FROM sites WHERE sld = 'jos'").get()?.['id']);
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a record naming only its key and the changed fields updates those, keeps a version of each change, and a second run changes nothing', async () => {
    const online = idOf('10.3788/AOS.2026-00001');
    const before = db
      .prepare('SELECT abstract, keywords, published_date, publication_id FROM articles WHERE id = ?')
      .get(online);
    expect(await importContent(db, fixture(FILE), LATER, null, FILE)).toMatchObject({ added: 0, updated: 4 });
    const after = db
      .prepare(
        'SELECT title, doi, abstract, keywords, published_date, publication_id, updated_at FROM articles WHERE id = ?',
      )
      .get(online);
    expect(after).toMatchObject({
      ...before,
      title: 'Attosecond pulse compression in hollow fibres',
      doi: '10.3788/AOS.2026.02.005',
      updated_at: LATER,
    });
    // the period kept its volume, the news item its type and date
    expect(db.prepare('SELECT volume, publish_date FROM periods WHERE year = 2026 AND issue = 2').get()).toEqual({
      volume: 46,
      publish_date: '2026-02-12',
    });
    expect(
      db.prepare("SELECT type, title, published_at FROM news WHERE import_key = '2026-call-for-papers'").get(),
    ).toEqual({
      type: 'announcement',
      title: '征稿启事（截止日期延后）',
      published_at: '2026-03-01T00:00:00.000Z',
    });

    const versions = db
      .prepare('SELECT entity, changed_at, changed_by, changes FROM content_versions WHERE changed_at = ? ORDER BY id')
      .all(LATER);
    expect(versions.map((v) => [v['entity'], v['changed_at'], v['changed_by']])).toEqual([
      ['period', LATER, FILE],
      ['article', LATER, FILE],
      ['article', LATER, FILE],
      ['news', LATER, FILE],
    ]);
    expect(JSON.parse(String(versions[2]?.['changes']))).toEqual({
      doi: { old: '10.3788/AOS.2026-00001', new: '10.3788/AOS.2026.02.005' },
      title: { old: 'Ultrafast laser pulse shaping', new: 'Attosecond pulse compression in hollow fibres' },
    });
    expect(JSON.parse(String(versions[0]?.['changes']))).toEqual({
      publishDate: { old: '2026-02-10', new: '2026-02-12' },
      // the publish time follows its date when the file names no publishAt
      publishAt: { old: '2026-02-10T00:00:00.000Z', new: '2026-02-12T00:00:00.000Z' },
    });

    const once = everything(db);
    expect(await importContent(db, fixture(FILE), '2026-11-03T00:00:00.000Z', null, FILE)).toMatchObject({
      added: 0,
      updated: 0,
    });
    expect(everything(db)).toEqual(once);
  });

  it('a corrected title is found by search in the same transaction, the old one no more; the OAI-PMH datestamp moves', async () => {
    const online = idOf('10.3788/AOS.2026-00001');
    expect(await search('Ultrafast')).toBe(1);
    expect(await search('Attosecond')).toBe(0);
    expect((await oaiArticleRow(db, siteId, online))?.updatedAt).toBe(NOW);
    await importContent(db, fixture(FILE), LATER, null, FILE);
    expect(await search('Attosecond')).toBe(1);
    expect(await search('Ultrafast')).toBe(0);
    expect((await oaiArticleRow(db, siteId, online))?.updatedAt).toBe(LATER);
  });

  it('the article page record tells the reader of the title and DOI correction, and the old DOI still finds the article', async () => {
    const online = idOf('10.3788/AOS.2026-00001');
    await importContent(db, fixture(FILE), LATER, null, FILE);
    const article = await getArticle(db, siteId, online);
    expect(readerCorrections(article?.corrections ?? [])).toEqual([{ date: LATER, fields: ['title', 'doi'] }]);
    expect(await getArticleByDoi(db, siteId, '10.3788/aos.2026-00001')).toMatchObject({
      id: online,
      doi: '10.3788/AOS.2026.02.005',
    });
    expect(db.prepare('SELECT doi, article_id FROM article_former_dois').all()).toEqual([
      { doi: '10.3788/aos.2026-00001', article_id: online },
    ]);
  });

  it('a retraction keeps the article, its URL and DOI, and shows in its record and in the lists', async () => {
    const retracted = idOf('10.3788/AOS.2026.01.001');
    await importContent(db, fixture(FILE), LATER, null, FILE);
    const article = await getArticle(db, siteId, retracted);
    expect(article).toMatchObject({
      doi: '10.3788/AOS.2026.01.001',
      noticeKind: 'retracted',
      notice: {
        kind: 'retracted',
        date: '2026-05-01',
        reason: '图像数据重复使用，结论不可靠 (duplicated image data)',
        doi: '10.3788/AOS.2026.05.900',
        articleId: null,
      },
    });
    // a notice is not a correction of what the reader cites: only the earlier title correction is listed
    expect(readerCorrections(article?.corrections ?? [])).toEqual([{ date: NOW, fields: ['title', 'enTitle'] }]);
    expect((await listArticles(db, siteId, 'latest', 0, 10)).content.find((a) => a.id === retracted)?.noticeKind).toBe(
      'retracted',
    );
    // null lifts the notice
    await importContent(
      db,
      { site: { sld: 'jos' }, articles: [{ doi: '10.3788/AOS.2026.01.001', notice: null }] },
      '2026-11-04T00:00:00.000Z',
    );
    expect(await getArticle(db, siteId, retracted)).toMatchObject({ noticeKind: null, notice: null });
  });

  it('null clears an optional field, a required one cannot be cleared, and a new record must name its required fields', async () => {
    const id = idOf('10.3788/AOS.2026.01.001');
    await importContent(
      db,
      { site: { sld: 'jos' }, articles: [{ doi: '10.3788/AOS.2026.01.001', abstract: null }] },
      LATER,
    );
    expect(db.prepare('SELECT title, abstract FROM articles WHERE id = ?').get(id)).toEqual({
      title: '超表面全息成像技术研究（更正）',
      abstract: null,
    });
    const before = everything(db);
    expect(
      await problemsOf(() =>
        importContent(
          db,
          {
            site: { sld: 'jos', name: null },
            articles: [
              { doi: '10.3788/AOS.2026.01.001', title: null, authors: null },
              { doi: '10.3788/AOS.2026.09.001', title: '新文章' },
            ],
            news: [{ key: 'no-such-key', title: '无类型' }],
          },
          LATER,
        ),
      ),
    ).toEqual([
      'record site: field name: a required field cannot be cleared (leave it out to keep the stored value)',
      'record articles[0]: field title: a required field cannot be cleared (leave it out to keep the stored value)',
      'record articles[0]: field authors: a required field cannot be cleared (leave it out to keep the stored value)',
      'record news[0]: field type: Required',
      'record news[0]: field publishedAt: Required',
      'record articles[1]: field issn: Required',
      'record articles[1]: field publishedDate: Required',
      'record articles[1]: field authors: Required',
      'record articles[1]: field period: a formal article needs its period (year and issue)',
    ]);
    expect(everything(db)).toEqual(before);
    expect(await problemsOf(() => importContent(db, { site: { sld: 'new-site' } }, LATER))).toEqual([
      'record site: field name: Required',
      'record site: field enName: Required',
    ]);
  });

  it('an id that is not an id is refused with the rule, before anything is looked up', async () => {
    const problems = await problemsOf(() =>
      importContent(
        db,
        { site: { sld: 'jos' }, articles: [{ id: 0, title: '零' }], news: [{ id: 10 ** 15, title: '太大' }] },
        LATER,
      ),
    );
    expect(problems).toEqual([
      'record articles[0]: field id: expected an id: a positive whole number of at most 15 digits',
      'record news[0]: field id: expected an id: a positive whole number of at most 15 digits',
    ]);
  });

  it('a DOI changed once is refused as the key of another import, and previousDoi must name an article', async () => {
    await importContent(db, fixture(FILE), LATER, null, FILE);
    expect(
      await problemsOf(() =>
        importContent(
          db,
          {
            site: { sld: 'jos' },
            articles: [
              { doi: '10.3788/AOS.2026-00001', title: '旧DOI' },
              { doi: '10.3788/AOS.2026.03.001', previousDoi: '10.3788/AOS.2099.01.001' },
            ],
          },
          LATER,
        ),
      ),
    ).toEqual([
      'record articles[0]: field doi: the DOI 10.3788/AOS.2026-00001 was changed to 10.3788/AOS.2026.02.005: import the article under 10.3788/AOS.2026.02.005',
      'record articles[1]: field previousDoi: no article with DOI 10.3788/AOS.2099.01.001 on this site',
    ]);
  });
});
