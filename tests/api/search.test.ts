/** Search against the demo data: recall of Chinese and English terms, operators, filters, sorts, facets, paging, bad input, site scoping. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchClusters, SearchHit, SearchResult } from '../../src/content/types.ts';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { reindexItems } from '../../src/server/store/bulk/search-index-items.ts';
import { row, rows, value } from '../fixtures/rows.ts';
import { type ApiFixture, createApiFixture } from './api-fixture.ts';

let api: ApiFixture;

beforeAll(async () => {
  api = await createApiFixture({ articles: 1200 });
});
afterAll(() => api.cleanup());

/** What a write names for reindexItems, before the items it changed: the index rows of only those are rewritten. */
const noItems = { articles: [], news: [], media: [], publications: false };

const url = (path: string, params: Record<string, string | string[]>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) for (const one of [value].flat()) search.append(key, one);
  return `${path}?${search}`;
};

async function result(
  params: Record<string, string | string[]>,
  sld = 'jmst',
  path: string = apiPaths.search,
): Promise<SearchResult> {
  const answer = await api.json(url(path, params), { sld });
  expect(answer.status, answer.message).toBe(0);
  return answer.data as SearchResult;
}

/** Every hit of a search, page by page. */
async function allHits(params: Record<string, string>, sld = 'jmst'): Promise<SearchHit[]> {
  const hits: SearchHit[] = [];
  for (let page = 1; ; page++) {
    const data = await result({ ...params, size: '100', page: String(page) }, sld);
    hits.push(...data.content);
    if (hits.length >= data.total || data.content.length === 0) return hits;
  }
}

/** Ids of the site's articles whose text contains the term, as a reader would find it by eye. */
async function articlesContaining(term: string, siteIds: number[] = [1]): Promise<number[]> {
  const like = `%${term.toLowerCase()}%`;
  const found = await rows(
    api.demo.db,
    `SELECT id FROM articles WHERE site_id IN (${siteIds.join(',')}) AND status <> 'draft' AND (
      lower(title) LIKE ? OR lower(coalesce(en_title, '')) LIKE ? OR lower(coalesce(keywords, '')) LIKE ? OR lower(coalesce(en_keywords, '')) LIKE ?
      OR lower(coalesce(abstract, '')) LIKE ? OR lower(coalesce(en_abstract, '')) LIKE ?)`,
    ...Array<string>(6).fill(like),
  );
  return found.map((article) => Number(article['id']));
}

describe('recall', () => {
  it.each(['钙钛矿', '石墨烯', '锂离子', '复合材料', '镁合金', '涂层', '薄膜', '热障涂层', '增材制造'])(
    'finds every article containing %s',
    async (term) => {
      const expected = await articlesContaining(term);
      expect(expected.length).toBeGreaterThan(0);
      const found = new Set((await allHits({ q: term })).map((hit) => hit.id));
      for (const id of expected) expect(found.has(id), `article ${id} contains ${term}`).toBe(true);
    },
  );

  it('finds an author by a two-character name', async () => {
    const author = await row(
      api.demo.db,
      'SELECT u.name, u.article_id FROM authors u JOIN articles a ON a.id = u.article_id WHERE a.site_id = 1 AND length(u.name) = 2 LIMIT 1',
    );
    expect(author).not.toBeNull();
    const found = (await allHits({ q: String(author?.['name']), field: 'author' })).map((hit) => hit.id);
    expect(found).toContain(Number(author?.['article_id']));
  });

  it('stems English: battery finds batteries, and case and diacritics do not matter', async () => {
    const plural = await articlesContaining('batteries');
    expect(plural.length).toBeGreaterThan(0);
    const found = new Set((await allHits({ q: 'Battery' })).map((hit) => hit.id));
    for (const id of plural) expect(found.has(id)).toBe(true);
    expect((await result({ q: 'bätterý' })).total).toBe((await result({ q: 'battery' })).total);
  });

  it('finds an article by its DOI and a journal by its ISSN and CN', async () => {
    const article = await row(
      api.demo.db,
      'SELECT id, doi FROM articles WHERE site_id = 1 AND doi IS NOT NULL LIMIT 1',
    );
    const byDoi = await result({ q: String(article?.['doi']), field: 'doi' });
    expect(byDoi.content.map((hit) => hit.id)).toEqual([Number(article?.['id'])]);
    expect((await result({ q: '1005-0302', type: 'publication', field: 'issn' })).content[0]?.title).toBe(
      '材料科学与技术学报',
    );
    expect((await result({ q: 'CN 21-1315/TG', type: 'publication' })).total).toBe(1);
    expect((await result({ q: '21-1315/TG', type: 'publication', field: 'cn' })).total).toBe(1);
    // a group site's journal whose class ends in a digit, found as one exact number
    expect((await result({ q: '22-1128/O6', type: 'publication' }, 'cpg')).total).toBe(1);
    expect((await result({ q: '22-1128/O5', type: 'publication' }, 'cpg')).total).toBe(0);
  });

  it('answers the terms result pages highlight, cut like the index', async () => {
    expect((await result({ q: '钙钛矿太阳能电池' })).terms).toEqual(expect.arrayContaining(['钙钛矿']));
    const analyzed = await api.json(
      `${apiPaths.searchAnalyze}?q=${encodeURIComponent('石墨烯复合材料 batteries')}&type=thesis`,
    );
    expect(analyzed.data).toEqual(expect.arrayContaining(['石墨烯', 'batteries']));
  });
});

describe('advanced search', () => {
  const adv = (params: Record<string, string>) => result(params, 'jmst', apiPaths.advancedSearch);

  it('joins rows with AND, OR and NOT', async () => {
    const either = await adv({ field1: 'title', text1: '石墨烯', op2: 'OR', field2: 'title', text2: '钙钛矿' });
    const one = await adv({ field1: 'title', text1: '石墨烯' });
    const other = await adv({ field1: 'title', text1: '钙钛矿' });
    expect(either.total).toBe(one.total + other.total);
    const both = await adv({
      field1: 'keyword',
      text1: '石墨烯',
      op2: 'AND',
      field2: 'title',
      text2: '复合材料',
      size: '100',
    });
    for (const hit of both.content) {
      expect(hit.keywords.join(';')).toContain('石墨烯');
      expect(hit.title).toContain('复合材料');
    }
    const without = await adv({
      field1: 'title',
      text1: '材料',
      op2: 'NOT',
      field2: 'keyword',
      text2: '石墨烯',
      size: '100',
    });
    expect(without.total).toBeGreaterThan(0);
    for (const hit of without.content) expect(hit.keywords.join(';')).not.toContain('石墨烯');
  });

  it('combines three rows left to right, text rows and a page-number row alike', async () => {
    const ids = async (params: Record<string, string>) => {
      const found = new Set<number>();
      for (let page = 1; ; page++) {
        const data = await adv({ ...params, size: '100', page: String(page) });
        for (const hit of data.content) found.add(hit.id);
        if (data.content.length === 0 || found.size >= data.total) return found;
      }
    };
    const graphene = await ids({ field1: 'title', text1: '石墨烯' });
    const perovskite = await ids({ field1: 'title', text1: '钙钛矿' });
    const composite = await ids({ field1: 'keyword', text1: '复合材料' });
    expect(graphene.size * perovskite.size * composite.size).toBeGreaterThan(0);
    const rows = {
      field1: 'title',
      text1: '石墨烯',
      op2: 'OR',
      field2: 'title',
      text2: '钙钛矿',
      op3: 'NOT',
      field3: 'keyword',
      text3: '复合材料',
    };
    const expected = [...graphene, ...perovskite].filter((id) => !composite.has(id));
    expect([...(await ids(rows))].sort()).toEqual([...new Set(expected)].sort());
    // a number row is tested row by row, with the same left-to-right reading
    const firstPage = await value(
      api.demo.db,
      "SELECT first_page FROM articles WHERE site_id = 1 AND status = 'formal' AND title LIKE '%石墨烯%' AND first_page IS NOT NULL LIMIT 1",
    );
    const onPage = await ids({ field1: 'firstPageNum', text1: String(firstPage) });
    const withNumber = await ids({
      field1: 'title',
      text1: '石墨烯',
      op2: 'AND',
      field2: 'firstPageNum',
      text2: String(firstPage),
      op3: 'OR',
      field3: 'title',
      text3: '钙钛矿',
    });
    const expectedWithNumber = new Set([...graphene].filter((id) => onPage.has(id)).concat([...perovskite]));
    expect([...withNumber].sort()).toEqual([...expectedWithNumber].sort());
  });

  it('filters by time span, open access and publication type', async () => {
    const recent = await adv({ field1: 'title', text1: '材料', span: '5', size: '100' });
    const thisYear = new Date().getUTCFullYear();
    for (const hit of recent.content) expect(hit.year ?? 0).toBeGreaterThanOrEqual(thisYear - 4);
    const all = await adv({ field1: 'title', text1: '材料' });
    const open = await adv({ field1: 'title', text1: '材料', oa: '0' });
    const closed = await adv({ field1: 'title', text1: '材料', oa: '1' });
    expect(open.total + closed.total).toBe(all.total);
    const online = await adv({ field1: 'title', text1: '材料', pubType: '1' });
    const formal = await adv({ field1: 'title', text1: '材料', pubType: '0' });
    expect(online.total + formal.total).toBe(all.total);
  });

  it('finds by first page number', async () => {
    const article = await row(
      api.demo.db,
      "SELECT id, first_page FROM articles WHERE site_id = 1 AND status = 'formal' AND first_page IS NOT NULL LIMIT 1",
    );
    const found = await adv({ field1: 'firstPageNum', text1: String(article?.['first_page']), size: '100' });
    expect(found.content.map((hit) => hit.id)).toContain(Number(article?.['id']));
  });

  it('answers invalid rows with a message in the request language', async () => {
    expect(await api.json(url(apiPaths.advancedSearch, { field1: 'colour', text1: 'x' }))).toMatchObject({
      status: 400,
      message: '不支持该检索字段。',
    });
    expect(
      await api.json(url(apiPaths.advancedSearch, { field1: 'title', text1: 'a', op2: 'and', text2: 'b' }), {
        headers: { language: 'en' },
      }),
    ).toMatchObject({
      status: 400,
      message: 'Operators must be AND, OR or NOT in capitals, and the first row cannot use NOT.',
    });
  });
});

describe('every resource type', () => {
  const firstOf = async (sql: string) => {
    const item = await row(api.demo.db, sql);
    return { id: Number(item?.['id']), text: String(item?.['text']) };
  };
  it.each([
    ['picture', "SELECT id, caption AS text FROM figures WHERE site_id = 1 AND kind = 'picture' ORDER BY id LIMIT 1"],
    ['table', "SELECT id, caption AS text FROM figures WHERE site_id = 1 AND kind = 'table' ORDER BY id LIMIT 1"],
    ['video', "SELECT id, title AS text FROM media WHERE site_id = 1 AND kind = 'video' ORDER BY id LIMIT 1"],
    ['audio', "SELECT id, title AS text FROM media WHERE site_id = 1 AND kind = 'audio' ORDER BY id LIMIT 1"],
    ['news', 'SELECT id, title AS text FROM news WHERE site_id = 1 ORDER BY id LIMIT 1'],
  ])('finds a %s by words of its title, and only that type', async (type, sql) => {
    const item = await firstOf(sql);
    const words = (item.text.match(/\p{Script=Han}{4}/u) ?? [''])[0]!;
    expect(words).not.toBe('');
    const hits = (await allHits({ q: words, type })).filter((hit) => hit.id === item.id);
    expect(hits).toHaveLength(1);
    expect((await result({ q: words, type, size: '100' })).content.every((hit) => hit.type === type)).toBe(true);
  });

  it("finds 'other' resources once they are indexed", async () => {
    const db = api.demo.db;
    const media = await value(
      db,
      "INSERT INTO media (site_id, kind, title, en_title, url, published_date) VALUES (1, 'other', '会议日程手册', 'Conference programme booklet', 'https://media.example.org/jmst/programme.pdf', '2026-01-05') RETURNING id",
    );
    await db.kysely.transaction().execute((trx) => reindexItems(trx, 1, { ...noItems, media: [media] }));
    const found = await result({ q: 'programme booklet', type: 'other' });
    expect(found.content.map((hit) => hit.title)).toEqual(['会议日程手册']);
    // another site that is not its group
    expect((await result({ q: '会议日程', type: 'other' }, 'gzxb')).total).toBe(0);
  });
});

describe('filters, sorts, facets and paging', () => {
  it('sorts by date, views, downloads and citations', async () => {
    for (const [sort, key] of [
      ['date', 'publishedDate'],
      ['views', 'views'],
      ['downloads', 'downloads'],
      ['citations', 'citations'],
    ] as const) {
      const hits = (await result({ q: '材料', sort, size: '50' })).content;
      const values = hits.map((hit) => hit[key] ?? '');
      expect(values, sort).toEqual([...values].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    }
  });

  it('ranks title matches first by relevance, and sorts by last update', async () => {
    // 机理 stands in many titles and in more abstracts only: the first page is title matches
    const all = await allHits({ q: '机理' });
    const inTitle = (hit: SearchHit) => hit.title.includes('机理');
    expect(all.filter(inTitle).length).toBeGreaterThan(20);
    expect(all.filter((hit) => !inTitle(hit)).length).toBeGreaterThan(20);
    expect(all.slice(0, 20).every(inTitle)).toBe(true);
    expect((await result({ q: '机理', sort: 'date' })).content.every(inTitle)).toBe(false);
    const updated = (await result({ q: '机理', sort: 'updated', size: '100' })).content;
    const times: string[] = [];
    for (const hit of updated)
      times.push(
        String(
          (
            await row(api.demo.db, "SELECT updated_at FROM search_docs WHERE kind = 'article' AND ref_id = ?", hit.id)
          )?.['updated_at'] ?? '',
        ),
      );
    expect(new Set(times).size).toBeGreaterThan(1);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('sorts by views and downloads as visitors count them', async () => {
    const countOne = {
      views: (id: number) => api.call(apiPaths.articleView, { method: 'POST', body: { id } }),
      downloads: (id: number) => api.call(`${apiPaths.articleDownload}?id=${id}`),
    };
    for (const sort of ['views', 'downloads'] as const) {
      const hits = (await result({ q: '材料', sort, size: '100' })).content;
      const gap = (i: number) => (hits[i - 1]![sort] ?? 0) - (hits[i]![sort] ?? 0);
      // the closest neighbours: a few counts move the second past the first
      let at = 1;
      for (let i = 2; i < hits.length; i++) if (gap(i) < gap(at)) at = i;
      const [ahead, behind] = [hits[at - 1]!, hits[at]!];
      expect(gap(at), sort).toBeLessThan(50);
      for (let n = 0; n <= gap(at); n++) expect((await countOne[sort](behind.id)).status).toBe(200);
      const order = (await result({ q: '材料', sort, size: '100' })).content.map((hit) => hit.id);
      expect(order.indexOf(behind.id), sort).toBeLessThan(order.indexOf(ahead.id));
    }
  });

  it('pages twenty at a time without repeating a hit', async () => {
    const first = await result({ q: '材料' });
    const second = await result({ q: '材料', page: '2' });
    expect(first.content).toHaveLength(20);
    expect(first.total).toBeGreaterThan(40);
    const ids = new Set(first.content.map((hit) => hit.id));
    expect(second.content.some((hit) => ids.has(hit.id))).toBe(false);
  });

  it('counts facets that agree with the filters they stand for', async () => {
    const clusters = (await api.json(url(apiPaths.searchClusters, { q: '材料' }))).data as SearchClusters;
    const total = (await result({ q: '材料' })).total;
    expect(clusters.year.reduce((sum, year) => sum + year.count, 0)).toBe(total);
    const keyword = clusters.keyword[0]!;
    expect((await result({ q: '材料', keyword: keyword.value })).total).toBe(keyword.count);
    const author = clusters.author[0]!;
    expect((await result({ q: '材料', author: author.value })).total).toBe(author.count);
    const column = clusters.column[0]!;
    expect((await result({ q: '材料', column: column.value })).total).toBe(column.count);
  });

  it('keeps only recent years with year=1 and 3', async () => {
    const thisYear = new Date().getUTCFullYear();
    for (const hit of (await result({ q: '材料', year: '1', size: '100' })).content) expect(hit.year).toBe(thisYear);
    for (const hit of (await result({ q: '材料', year: '3', size: '100' })).content)
      expect(hit.year ?? 0).toBeGreaterThanOrEqual(thisYear - 2);
  });

  it('filters a group site by journal, at most five values', async () => {
    const clusters = (await api.json(url(apiPaths.searchClusters, { q: '材料' }), { sld: 'cpg' }))
      .data as SearchClusters;
    expect(clusters.journal.length).toBeGreaterThan(1);
    const journal = clusters.journal[1]!;
    const filtered = await result({ q: '材料', journal: journal.value, size: '100' }, 'cpg');
    expect(filtered.total).toBe(journal.count);
    for (const hit of filtered.content) expect(hit.journal).toBe(journal.name);
    expect(await api.json(url(apiPaths.search, { q: '材料', journal: '1;2;3;4;5;6' }))).toMatchObject({
      status: 400,
      message: '最多只能选择 5 项。',
    });
  });
});

describe('bad input', () => {
  it.each([
    [{ q: '' }, '请输入检索词。'],
    [{ q: 'a*b' }, '检索词不能包含 * ^ { } [ ] ~ \\ | 等字符。'],
    [{ q: '"open' }, '检索词中的引号没有成对出现。'],
    [{ q: '长'.repeat(151) }, '检索词不能超过 150 个字符。'],
    [{ q: 'x', type: 'book' }, '不支持该检索类型。'],
    [{ q: 'x', sort: 'colour' }, '检索参数的取值无效。'],
    [{ q: 'x', page: '-1' }, '请输入正整数。'],
    [{ q: 'x', size: '1000' }, '每页条数须为 1 至 100 的整数。'],
    [{ q: '长'.repeat(2500) }, '检索词不能超过 150 个字符。'],
  ])('answers %o with a message, never a 500', async (params, message) => {
    const answer = await api.json(url(apiPaths.search, params));
    expect(answer).toMatchObject({ http: 200, status: 400, message });
  });

  it('answers in English when the request asks for it', async () => {
    expect(await api.json(url(apiPaths.search, { q: 'a|b' }), { headers: { language: 'en' } })).toMatchObject({
      status: 400,
      message: 'The search term cannot contain the characters * ^ { } [ ] ~ \\ |.',
    });
    expect(api.errors).toEqual([]);
  });

  it('analyzes with the same text rules and messages', async () => {
    expect(await api.json(url(apiPaths.searchAnalyze, { q: '钙钛矿太阳能电池', type: 'thesis' }))).toMatchObject({
      status: 0,
      data: expect.arrayContaining(['钙钛矿']),
    });
    expect(await api.json(url(apiPaths.searchAnalyze, { q: '' }))).toMatchObject({
      status: 400,
      message: '请输入检索词。',
    });
    expect(
      await api.json(url(apiPaths.searchAnalyze, { q: 'x'.repeat(151) }), { headers: { language: 'en' } }),
    ).toMatchObject({
      status: 400,
      message: 'The search term cannot be longer than 150 characters.',
    });
  });
});

describe('site scoping', () => {
  it('never returns another site’s articles; a group site finds its members’ journals', async () => {
    const single = await allHits({ q: '材料' });
    const sitesOf = async (hits: SearchHit[]) => {
      const ids = hits.map((hit) => hit.id);
      const found = await rows(api.demo.db, `SELECT id, site_id FROM articles WHERE id IN (${ids.join(',')})`);
      const siteOf = new Map(found.map((article) => [Number(article['id']), Number(article['site_id'])]));
      return hits.map((hit) => siteOf.get(hit.id));
    };
    expect((await sitesOf(single)).every((site) => site === 1)).toBe(true);
    const group = await allHits({ q: '钙钛矿' }, 'cpg');
    const sites = new Set(await sitesOf(group));
    for (const site of sites) expect([1, 2, 4, 6]).toContain(site);
    expect(group.length).toBe((await articlesContaining('钙钛矿', [1, 2, 4, 6])).length);
    expect(await api.json(url(apiPaths.search, { q: '材料', siteId: '5' }))).toMatchObject({ status: 403 });
    expect((await api.json(url(apiPaths.search, { q: '材料' }), { sld: 'lapsed' })).status).toBe(10001);
  });

  it('never returns a draft', async () => {
    const article = await row(
      api.demo.db,
      "SELECT id, title FROM articles WHERE site_id = 1 AND status = 'formal' LIMIT 1",
    );
    const id = Number(article?.['id']);
    const title = String(article?.['title']);
    expect((await allHits({ q: title, field: 'title' })).map((hit) => hit.id)).toContain(id);
    await api.demo.db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable('articles').set({ status: 'draft' }).where('id', '=', id).execute();
      await reindexItems(trx, 1, { ...noItems, articles: [id] });
    });
    expect((await allHits({ q: title, field: 'title' })).map((hit) => hit.id)).not.toContain(id);
  });
});
