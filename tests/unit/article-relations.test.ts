/**
 * An article's relations on a hand-made store whose answers are known: the same author (ORCID, or
 * name with that author's institution; never the name alone), the same grant number, the same
 * institution, related by content, and cited by articles of any site; scoped to the site (a group
 * site: its members too); drafts never listed.
 */
import type { SQLInputValue } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleRelations } from '../../src/content/types.ts';
import { grantNumbers } from '../../src/lib/grant-numbers.ts';
import { withCitedArticles } from '../../src/server/build/cited-changes.ts';
import { planPages, type SiteFacts } from '../../src/server/build/page-dependencies.ts';
import { rankedArticles } from '../../src/server/store/article-counts.ts';
import { articleRelations, citedArticlesOf, resourceStatistics } from '../../src/server/store/article-relations.ts';
import { citedDois, recountCitedBy } from '../../src/server/store/bulk/cited-by.ts';
import { rekeySites } from '../../src/server/store/bulk/relation-keys.ts';
import { reindexSitesNow } from '../../src/server/store/bulk/search-index.ts';
import { transaction } from '../../src/server/store/db.ts';
import { kysely } from '../../src/server/store/kysely.ts';
import { one } from '../../src/server/store/sql.ts';
import { visibilityNow } from '../../src/server/store/visibility.ts';
import { createStoreFixture, type StoreFixture } from './store-fixture.ts';

let fixture: StoreFixture;
const FACTS: SiteFacts = {
  mainPublicationId: 11,
  latestPeriodId: null,
  articles: new Map(),
  periodArticles: new Map(),
  rankedArticleIds: new Set(),
};
const now = visibilityNow();

function insert(table: string, row: Record<string, SQLInputValue>): void {
  const keys = Object.keys(row);
  fixture.db
    .prepare(`INSERT INTO ${table} (${keys.join(', ')}) VALUES (${keys.map(() => '?').join(', ')})`)
    .run(...Object.values(row));
}

type Spec = {
  id: number;
  site?: number;
  status?: string;
  title: string;
  keywords?: string;
  fund?: string;
  doi?: string;
  authors?: [name: string, positions: string, orcid?: string][];
  institutions?: string[];
  references?: string[];
};

function article(spec: Spec): void {
  const site = spec.site ?? 1;
  insert('articles', {
    id: spec.id,
    site_id: site,
    publication_id: site === 1 ? 11 : site === 2 ? 20 : 40,
    status: spec.status ?? 'formal',
    title: spec.title,
    keywords: spec.keywords ?? null,
    fund: spec.fund ?? null,
    doi: spec.doi ?? null,
    updated_at: '2025-06-01T00:00:00.000Z',
    published_date: `2025-02-${String(spec.id % 28).padStart(2, '0')}`,
  });
  (spec.authors ?? []).forEach(([name, positions, orcid], n) => {
    insert('authors', {
      article_id: spec.id,
      position: n + 1,
      name,
      institution_positions: positions,
      orcid: orcid ?? null,
    });
  });
  (spec.institutions ?? []).forEach((name, n) => {
    insert('institutions', { article_id: spec.id, position: n + 1, name });
  });
  (spec.references ?? []).forEach((doi, n) => {
    insert('article_references', { article_id: spec.id, position: n + 1, text: `Ref ${n + 1}`, doi });
  });
}

const ids = (list: readonly { id: number }[]) => list.map((item) => item.id).sort((a, b) => a - b);
let subject: ArticleRelations;

beforeAll(async () => {
  fixture = createStoreFixture();
  transaction(fixture.db, () => {
    insert('sites', { id: 4, sld: 'delta', name: '丁刊', en_name: 'Delta Journal', type: 'single', created_at: now });
    insert('publications', { id: 40, site_id: 4, name: '丁刊', en_name: 'Delta Journal', sort_order: 1 });
    article({
      id: 9001,
      title: '钙钛矿太阳能电池的界面钝化',
      keywords: '钙钛矿;太阳能电池;界面钝化',
      fund: '国家自然科学基金（52172101）',
      doi: '10.1000/Subject.9001',
      authors: [
        ['张伟', '1'],
        ['李明', '2', '0000-0001-2345-6789'],
      ],
      institutions: ['清华大学', '北京大学'],
    });
    // the same name at the same institution: the same author
    article({ id: 9002, title: '锂电池正极材料', authors: [['张伟', '1']], institutions: ['清华大学'] });
    // the same name elsewhere: a namesake, not the author
    article({ id: 9003, title: '石墨烯传感器', authors: [['张伟', '1']], institutions: ['复旦大学'] });
    // another name with the same ORCID: the same author
    article({
      id: 9004,
      title: '催化剂表征',
      authors: [['Li Ming', '1', '0000-0001-2345-6789']],
      institutions: ['南京大学'],
    });
    // the namesake is at 复旦大学; 清华大学 is his co-author's: the same institution, not the same author
    article({
      id: 9005,
      title: '高分子膜',
      authors: [
        ['张伟', '1'],
        ['赵六', '2'],
      ],
      institutions: ['复旦大学', '清华大学'],
    });
    // the same grant number, written in English
    article({ id: 9006, title: '热电材料', fund: 'National Natural Science Foundation of China (No. 52172101)' });
    // a neighbouring grant number, and the same subject
    article({
      id: 9007,
      title: '钙钛矿太阳能电池的稳定性',
      keywords: '钙钛矿;太阳能电池;稳定性',
      fund: '国家自然科学基金（52172102）',
    });
    // no keywords; its title names the subject's 界面钝化
    article({ id: 9010, title: '界面钝化的新方法' });
    // a draft by the same author at the same institution, citing the subject: never listed
    article({
      id: 9008,
      status: 'draft',
      title: '草稿',
      authors: [['张伟', '1']],
      institutions: ['清华大学'],
      references: ['10.1000/subject.9001'],
    });
    // cites the subject (DOI in another case)
    article({ id: 9009, title: '引用者甲', references: ['10.1000/SUBJECT.9001', '10.9999/other'] });
    // another site: cites the subject, and has the same author at the same institution (out of alpha's scope)
    article({
      id: 9101,
      site: 4,
      title: '引用者丁',
      authors: [['张伟', '1']],
      institutions: ['清华大学'],
      references: ['10.1000/subject.9001'],
      fund: '国家自然科学基金（52172101）',
    });
    // the group site beta (members alpha and gamma): its article's author is the subject's
    article({ id: 9201, site: 2, title: '集团文章', authors: [['张伟', '1']], institutions: ['清华大学'] });
    reindexSitesNow(fixture.db);
  });
  await kysely(fixture.db)
    .transaction()
    .execute(async (trx) => {
      await rekeySites(trx);
      await recountCitedBy(trx);
    });
  // a retracted citing article is still listed, labelled
  fixture.db.prepare("UPDATE articles SET notice_kind = 'retracted', notice_date = '2026-06-01' WHERE id = 9009").run();
  const found = await articleRelations(fixture.db, 1, 9001, now);
  if (!found) throw new Error('the subject has no relations');
  subject = found;
});

afterAll(() => fixture.cleanup());

describe('grant numbers', () => {
  it('finds the number in either language and leaves years and words alone', () => {
    expect(grantNumbers('国家自然科学基金（52172101）')).toEqual(['52172101']);
    expect(grantNumbers('NSFC (No. 52172101) and 2019YFA0705200, 2020')).toEqual(['52172101', '2019YFA0705200']);
    expect(grantNumbers(null, '')).toEqual([]);
  });
});

describe('an article of a single site', () => {
  it('the same author: by name with that author institution, or by ORCID; never a namesake elsewhere', () => {
    expect(ids(subject.author)).toEqual([9002, 9004]);
  });
  it('the same grant, whichever language names it; not a neighbouring number, not another site', () => {
    expect(ids(subject.fund)).toEqual([9006]);
  });
  it('the same institution (the fixture article 1001 is of 北京大学 and 清华大学 too)', () => {
    expect(ids(subject.org)).toEqual([1001, 9002, 9005]);
  });
  it('related by content: the article of the same subject first, never the article itself', () => {
    expect(subject.article[0]?.id).toBe(9007);
    expect(ids(subject.article)).not.toContain(9001);
    expect(ids(subject.article)).not.toContain(9003);
  });
  it('related by content through a title word too, where no keyword is shared', () => {
    expect(ids(subject.article)).toContain(9010);
  });
  it('cited by the articles of any site carrying its DOI, with their site; not by drafts', () => {
    expect(ids(subject.citedBy)).toEqual([9009, 9101]);
    expect(subject.citedBy.find((item) => item.id === 9101)).toMatchObject({
      sld: 'delta',
      siteName: '丁刊',
      siteEnName: 'Delta Journal',
    });
  });
  it('tells which listed article is retracted, withdrawn or under concern', () => {
    expect(subject.citedBy.map((item) => [item.id, item.noticeKind])).toEqual([
      [9009, 'retracted'],
      [9101, null],
    ]);
  });
  it('counts the citing articles where the import gave no number', async () => {
    expect(await resourceStatistics(fixture.db, 1, 9001, now)).toEqual({
      views: 0,
      downloads: 0,
      citations: 2,
      citedBy: 2,
    });
  });
  it('a draft, an unknown article or another site article has no relations', async () => {
    expect(await articleRelations(fixture.db, 1, 9008, now)).toBeNull();
    expect(await articleRelations(fixture.db, 1, 424242, now)).toBeNull();
    expect(await articleRelations(fixture.db, 4, 9001, now)).toBeNull();
  });
});

describe('the ranking by citations', () => {
  it("ranks an article the import gave no count by the portal's citing articles", async () => {
    const ranked = await rankedArticles(fixture.db, 1, { by: 'cite', period: 'all', size: 10 }, new Date());
    expect(ranked.map((row) => [row.article.id, row.count])).toEqual([[9001, 2]]);
  });
  it('counts again when references are written: a citing article removed from the store no longer counts', async () => {
    await kysely(fixture.db)
      .transaction()
      .execute(async (trx) => {
        const before = await citedDois(trx, [9009]);
        await trx.deleteFrom('article_references').where('article_id', '=', 9009).execute();
        await recountCitedBy(trx, [9009], before);
      });
    expect(one(fixture.db, 'SELECT cited_by FROM articles WHERE id = 9001')?.['cited_by']).toBe(1);
  });
});

describe('scope', () => {
  it('a group site finds its member sites articles', async () => {
    const group = await articleRelations(fixture.db, 2, 9201, now);
    expect(ids(group?.author ?? [])).toEqual([9001, 9002]);
  });
  it('the site another article lives on: nothing of alpha for delta', async () => {
    const delta = await articleRelations(fixture.db, 4, 9101, now);
    expect(delta?.author).toEqual([]);
    expect(delta?.fund).toEqual([]);
  });
});

describe('the change map', () => {
  it('a citing article names the articles whose pages list it, on their own sites', async () => {
    expect(await citedArticlesOf(fixture.db, [9101])).toEqual([{ siteId: 1, articleId: 9001 }]);
    expect(await citedArticlesOf(fixture.db, [9002])).toEqual([]);
  });
  it("a new citing article on delta renders the cited article's page on alpha again", async () => {
    const changes = await withCitedArticles(fixture.db, [{ siteId: 4, kind: 'article', action: 'added', ids: [9101] }]);
    const alpha = changes.filter((change) => change.siteId === 1);
    expect(alpha).toEqual([{ siteId: 1, kind: 'article', action: 'updated', ids: [9001] }]);
    expect(planPages(alpha, FACTS).routes).toContain('article/9001/');
  });
});
