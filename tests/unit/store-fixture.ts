/**
 * A small hand-made store for the query module tests: two journals' worth of rows on site 1
 * (alpha), look-alike rows on site 2 (beta, a group) that must never leak into site 1's answers,
 * and an expired site 3 (gamma). `addBulkIssue` adds a large issue for timing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SQLInputValue } from 'node:sqlite';
import { type Db, openDb, transaction } from '../../src/server/store/db.ts';
import { kysely } from '../../src/server/store/kysely.ts';
import type { Database } from '../../src/server/store/schema.ts';

export type StoreFixture = { db: Db; cleanup(): void };

function insert(db: Db, table: string, row: Record<string, SQLInputValue>): void {
  const keys = Object.keys(row);
  db.prepare(`INSERT INTO ${table} (${keys.join(', ')}) VALUES (${keys.map(() => '?').join(', ')})`).run(
    ...Object.values(row),
  );
}

const NOW = '2025-06-01T00:00:00.000Z';

type ArticleRow = Record<string, SQLInputValue> & {
  id: number;
  site_id: number;
  publication_id: number;
  status: string;
};

function article(row: ArticleRow): Record<string, SQLInputValue> {
  return {
    title: `文章 ${row.id}`,
    en_title: `Article ${row.id}`,
    updated_at: NOW,
    published_date: '2025-01-15',
    ...row,
  };
}

type FixtureRow = { table: keyof Database; row: Record<string, SQLInputValue> };

/** The fixture's rows, in the order they are written (parents before children). */
function storeFixtureRows(): FixtureRow[] {
  const rows: FixtureRow[] = [];
  const add = (table: keyof Database, row: Record<string, SQLInputValue>) => {
    rows.push({ table, row });
  };
  for (const id of [1, 2, 3, 4, 5])
    add('files', {
      id,
      name: `f${id}.png`,
      content_type: 'image/png',
      data: new Uint8Array([id]),
      etag: `e${id}`,
      created_at: NOW,
    });

  add('sites', {
    id: 1,
    sld: 'alpha',
    domain: 'www.alpha.test',
    name: '甲刊',
    en_name: 'Alpha Journal',
    type: 'single',
    colour: 3,
    logo1: 1,
    status: 'active',
    created_at: NOW,
  });
  add('sites', {
    id: 2,
    sld: 'beta',
    name: '乙集团',
    en_name: 'Beta Group',
    type: 'group',
    colour: 5,
    status: 'active',
    created_at: NOW,
  });
  add('sites', {
    id: 3,
    sld: 'gamma',
    name: '丙刊',
    en_name: 'Gamma Journal',
    type: 'single',
    colour: 0,
    colour1: '#111111',
    status: 'expired',
    created_at: NOW,
  });
  add('site_groups', { site_id: 2, member_site_id: 1, sort_order: 1 });
  add('site_groups', { site_id: 2, member_site_id: 3, sort_order: 2 });

  add('header_configs', {
    site_id: 1,
    nav_style: 2,
    resource_type: '428;-3;25;26;29;28;0;-2;999',
    pc_logo: 2,
    custom_buttons: JSON.stringify([
      {
        customButtonStatus: '1',
        customButtonName: '投稿',
        enCustomButtonName: 'Submit',
        customButtonLinkValue: 'https://submit.example',
      },
      { customButtonName: 'broken: no link or status' },
      { customButtonStatus: 0, customButtonName: '隐藏', customButtonLinkValue: '/hidden' },
    ]),
  });
  add('header_configs', { site_id: 2, custom_buttons: 'not json', resource_type: '428,25' });
  add('footer_configs', {
    site_id: 1,
    show_visits: 1,
    qr_file_id: 3,
    address: '北京',
    en_address: 'Beijing',
    copyright: '© 甲刊',
  });

  add('publications', { id: 10, site_id: 1, name: '甲刊旧版', en_name: 'Alpha Old', sort_order: 1 });
  add('publications', {
    id: 11,
    site_id: 1,
    name: '甲刊',
    en_name: 'Alpha Journal',
    issn: '1000-0001',
    cover_id: 4,
    sort_order: 2,
  });
  add('publications', { id: 20, site_id: 2, name: '乙刊', en_name: 'Beta Journal', sort_order: 1 });
  add('publications', { id: 30, site_id: 3, name: '丙刊', en_name: 'Gamma Journal', sort_order: 1 });
  add('publication_configs', { site_id: 1, publication_id: 11, toc_page_size: 50 });

  add('periods', {
    id: 100,
    site_id: 1,
    publication_id: 11,
    year: 2024,
    volume: 40,
    issue: 1,
    publish_date: '2024-01-15',
  });
  add('periods', {
    id: 101,
    site_id: 1,
    publication_id: 11,
    year: 2024,
    volume: 40,
    issue: 2,
    publish_date: '2024-06-15',
  });
  add('periods', {
    id: 102,
    site_id: 1,
    publication_id: 11,
    year: 2025,
    volume: 41,
    issue: 1,
    publish_date: '2025-01-15',
    cover_id: 4,
  });
  add('periods', {
    id: 103,
    site_id: 1,
    publication_id: 10,
    year: 2023,
    volume: 1,
    issue: 1,
    publish_date: '2023-01-15',
  });
  add('periods', {
    id: 200,
    site_id: 2,
    publication_id: 20,
    year: 2025,
    volume: 9,
    issue: 1,
    publish_date: '2025-02-01',
  });

  add('columns', { id: 1001, publication_id: 11, name: '研究论文', en_name: 'Research', sort_order: 2 });
  add('columns', { id: 1002, publication_id: 11, name: '综述', en_name: 'Reviews', sort_order: 1 });

  // Issue 2025/1 of site 1: reviews come first by column order, then research; 1005 has no column.
  add(
    'articles',
    article({
      id: 1001,
      site_id: 1,
      publication_id: 11,
      period_id: 102,
      column_id: 1001,
      status: 'formal',
      sort_order: 2,
      doi: '10.1000/Alpha.1001',
      views: 50,
      keywords: '材料; 合金 ；疲劳;',
      en_keywords: 'materials;alloy; fatigue',
      abstract: '摘要',
      en_abstract: 'Abstract',
      language: 'zh',
      first_page: 1,
      last_page: 9,
      published_date: '2025-01-10',
    }),
  );
  add(
    'articles',
    article({
      id: 1002,
      site_id: 1,
      publication_id: 11,
      period_id: 102,
      column_id: 1001,
      status: 'formal',
      sort_order: 1,
      views: 5,
      published_date: '2025-01-11',
    }),
  );
  add(
    'articles',
    article({
      id: 1003,
      site_id: 1,
      publication_id: 11,
      period_id: 102,
      column_id: 1002,
      status: 'formal',
      sort_order: 9,
      views: 500,
      published_date: '2025-01-12',
    }),
  );
  add(
    'articles',
    article({
      id: 1004,
      site_id: 1,
      publication_id: 11,
      period_id: 102,
      column_id: 1001,
      status: 'draft',
      sort_order: 0,
      doi: '10.1000/draft',
    }),
  );
  add(
    'articles',
    article({
      id: 1005,
      site_id: 1,
      publication_id: 11,
      period_id: 102,
      status: 'formal',
      sort_order: 0,
      published_date: '2025-01-09',
    }),
  );
  add(
    'articles',
    article({
      id: 1006,
      site_id: 1,
      publication_id: 11,
      period_id: 100,
      column_id: 1001,
      status: 'formal',
      published_date: '2024-01-15',
    }),
  );
  add(
    'articles',
    article({ id: 1007, site_id: 1, publication_id: 11, status: 'online-first', published_date: '2025-03-01' }),
  );
  add(
    'articles',
    article({ id: 1008, site_id: 1, publication_id: 11, status: 'online-first', published_date: '2025-04-01' }),
  );
  add(
    'articles',
    article({
      id: 1009,
      site_id: 1,
      publication_id: 11,
      status: 'just-accepted',
      published_date: '2025-05-01',
      version: -1,
    }),
  );
  add(
    'articles',
    article({
      id: 1010,
      site_id: 1,
      publication_id: 10,
      period_id: 103,
      status: 'formal',
      published_date: '2023-01-15',
    }),
  );
  // Site 2 shares a DOI shape and a period year/issue with site 1.
  add(
    'articles',
    article({
      id: 2001,
      site_id: 2,
      publication_id: 20,
      period_id: 200,
      status: 'formal',
      doi: '10.1000/beta.2001',
      views: 9999,
    }),
  );
  add(
    'articles',
    article({ id: 2002, site_id: 2, publication_id: 20, status: 'online-first', published_date: '2026-01-01' }),
  );

  add('institutions', { article_id: 1001, position: 1, name: '北京大学', en_name: 'Peking University' });
  add('institutions', { article_id: 1001, position: 2, name: '清华大学', en_name: 'Tsinghua University' });
  add('authors', {
    article_id: 1001,
    position: 2,
    name: '李四',
    en_name: 'Li Si',
    institution_positions: '2',
  });
  add('authors', {
    article_id: 1001,
    position: 1,
    name: '张三',
    en_name: 'Zhang San',
    email: 'z@example.org',
    corresponding: 1,
    institution_positions: '1;2',
  });
  add('authors', {
    article_id: 1001,
    position: 3,
    name: '王五',
    en_name: null,
    institution_positions: '1, 2',
  });
  for (const id of [1002, 1003, 1005, 1006, 1007, 1008, 1009, 1010, 2001, 2002])
    add('authors', { article_id: id, position: 1, name: `作者${id}`, en_name: `Author ${id}` });
  add('article_references', { article_id: 1001, position: 2, text: 'Second ref.' });
  add('article_references', { article_id: 1001, position: 1, text: 'First ref.', doi: '10.1/ref' });
  add('figures', {
    id: 1,
    site_id: 1,
    article_id: 1001,
    kind: 'picture',
    position: 1,
    caption: '图1',
    en_caption: 'Figure 1',
    file_id: 5,
  });
  add('figures', {
    id: 2,
    site_id: 1,
    article_id: 1001,
    kind: 'table',
    position: 1,
    caption: '表1',
    table_html: '<table></table>',
  });
  add('figures', { id: 3, site_id: 1, article_id: 1004, kind: 'picture', position: 1, caption: '草稿图' });
  add('media', {
    id: 1,
    site_id: 1,
    kind: 'video',
    title: '视频',
    en_title: 'Video',
    cover_id: 2,
    published_date: '2025-01-01',
  });

  add('channels', {
    id: 1,
    site_id: 1,
    parent_id: 0,
    code: 'index',
    name: '首页',
    en_name: 'Home',
    sort_order: 1,
  });
  add('channels', {
    id: 2,
    site_id: 1,
    parent_id: 0,
    code: 'aboutus',
    name: '关于',
    en_name: 'About',
    sort_order: 3,
    content: '<p>关于我们</p>',
    en_content: '<p>About us</p>',
    banner_id: 2,
  });
  add('channels', {
    id: 3,
    site_id: 1,
    parent_id: 2,
    code: 'newItem',
    name: '简介',
    en_name: null,
    sort_order: 2,
  });
  add('channels', {
    id: 4,
    site_id: 1,
    parent_id: 2,
    code: 'contact',
    name: '联系',
    en_name: 'Contact',
    sort_order: 1,
  });
  add('channels', {
    id: 5,
    site_id: 1,
    parent_id: 0,
    code: 'news',
    name: '新闻',
    en_name: 'News',
    sort_order: 2,
    enable: '0',
  });
  add('channels', {
    id: 6,
    site_id: 1,
    parent_id: 5,
    code: 'newNews',
    name: '动态',
    en_name: 'Dynamic',
    sort_order: 1,
  });
  add('channels', {
    id: 7,
    site_id: 1,
    parent_id: 0,
    code: 'editorial',
    name: '编委会',
    en_name: 'Board',
    sort_order: 4,
    route: 'board',
  });
  add('channels', {
    id: 8,
    site_id: 2,
    parent_id: 0,
    code: 'index',
    name: '集团首页',
    en_name: 'Group home',
    sort_order: 1,
  });

  add('modules', {
    id: 1,
    site_id: 1,
    channel_id: 1,
    type: 'latestIssue',
    name: '最新一期',
    en_name: 'Latest issue',
    sort_order: 2,
    config: '{"size":5}',
  });
  add('modules', {
    id: 2,
    site_id: 1,
    channel_id: 1,
    type: 'carousel',
    name: '轮播',
    en_name: 'Carousel',
    sort_order: 1,
  });
  add('modules', {
    id: 3,
    site_id: 1,
    channel_id: 1,
    type: 'mystery',
    name: '未知',
    en_name: 'Unknown',
    sort_order: 3,
  });
  add('modules', {
    id: 4,
    site_id: 1,
    channel_id: 1,
    type: 'news',
    name: '坏配置',
    en_name: 'Bad config',
    sort_order: 4,
    config: '[1,2',
  });

  add('basic_infos', { site_id: 1, indexed: 'EI;SCI', group_type: 1 });
  add('tools', {
    id: 1,
    site_id: 1,
    type: 'platform',
    platform_type: 'rss',
    res_name: 'RSS',
    en_res_name: 'RSS',
    sort_order: 2,
  });
  add('tools', {
    id: 2,
    site_id: 1,
    type: 'pop',
    platform_type: 'email',
    res_name: '邮件订阅',
    en_res_name: 'E-mail',
    sort_order: 1,
    cover_id: 3,
    bounce_picture_id: 2,
    description: '扫码',
    en_description: 'Scan',
  });
  add('tools', { id: 3, site_id: 2, type: 'external', res_name: '外链', en_res_name: 'Link', sort_order: 1 });

  const news = (
    id: number,
    site: number,
    type: string,
    publishedAt: string,
    extra: Record<string, SQLInputValue> = {},
  ) =>
    add('news', {
      id,
      site_id: site,
      type,
      title: `新闻${id}`,
      en_title: `News ${id}`,
      published_at: publishedAt,
      ...extra,
    });
  news(1, 1, 'information', '2025-01-01T08:00:00Z', { is_top: 1, top_picture_id: 2 });
  news(2, 1, 'information', '2025-02-01T08:00:00Z', { channel_id: 2 });
  news(3, 1, 'information', '2025-03-01T08:00:00Z', { is_top: 1, content: '<p>正文</p>' });
  news(4, 1, 'announcement', '2025-02-15T08:00:00Z', {
    is_top: 1,
    original: 2,
    news_data_type: 'wechat',
    source_link: 'https://mp.example',
  });
  news(5, 1, 'dynamic', '2025-02-16T08:00:00Z');
  news(6, 1, 'statement', '2025-02-17T08:00:00Z');
  news(7, 1, 'information', '2025-02-01T08:00:00Z');
  for (let i = 0; i < 5; i++) news(10 + i, 1, 'dynamic', `2024-0${i + 1}-01T08:00:00Z`, { is_top: 1 });
  news(20, 2, 'information', '2026-01-01T08:00:00Z', { is_top: 1 });

  add('albums', {
    id: 1,
    site_id: 1,
    channel_id: 2,
    name: '专辑',
    en_name: 'Album',
    cover_id: 4,
    sort_order: 1,
  });
  add('albums', { id: 2, site_id: 1, name: '第二专辑', sort_order: 2 });
  add('albums', { id: 3, site_id: 2, name: '乙专辑', sort_order: 1 });
  const item = (album: number, type: string, resource: number, position: number) =>
    add('album_items', { album_id: album, resource_type: type, resource_id: resource, position });
  item(1, 'article', 1003, 1);
  item(1, 'picture', 1, 2);
  item(1, 'video', 1, 3);
  item(1, 'article', 1004, 4); // draft: must not resolve
  item(1, 'article', 2001, 5); // another site's article: must not resolve
  item(1, 'publication', 11, 6);
  item(1, 'table', 2, 7);
  item(1, 'picture', 3, 8); // figure of a draft: must not resolve

  add('editorial_topics', {
    id: 1,
    site_id: 1,
    channel_id: 7,
    publication_id: 11,
    name: '编委会',
    en_name: 'Editorial board',
  });
  add('editorial_topics', { id: 2, site_id: 2, name: '乙编委会', en_name: 'Beta board' });
  for (let i = 1; i <= 12; i++)
    add('experts', {
      id: i,
      site_id: 1,
      topic_id: 1,
      name: `专家${i}`,
      en_name: `Expert ${i}`,
      sort_order: 13 - i,
      photo_id: i === 12 ? 5 : null,
    });
  add('experts', { id: 99, site_id: 2, topic_id: 2, name: '乙专家', sort_order: 1 });

  add('visit_counters', { site_id: 1, day: '2025-05-31', count: 40 });
  add('visit_counters', { site_id: 1, day: '2025-06-01', count: 2 });
  add('visit_counters', { site_id: 2, day: '2025-06-01', count: 1000 });
  return rows;
}

/** The fixture's rows written through Kysely, so into a store of either engine (the store contract). */
export async function writeStoreFixture(db: Db): Promise<void> {
  await kysely(db)
    .transaction()
    .execute(async (trx) => {
      for (const { table, row } of storeFixtureRows()) {
        // pg writes a Buffer as bytea (a bare Uint8Array it would send as JSON)
        const values = Object.fromEntries(
          Object.entries(row).map(([key, value]) => [key, value instanceof Uint8Array ? Buffer.from(value) : value]),
        );
        await trx
          .insertInto(table)
          .values(values as never)
          .execute();
      }
    });
}

export function createStoreFixture(): StoreFixture {
  const dir = mkdtempSync(join(tmpdir(), 'store-fixture-'));
  const db = openDb(join(dir, 'store.db'));
  const rows = storeFixtureRows();
  transaction(db, () => {
    for (const { table, row } of rows) insert(db, table, row);
  });
  return {
    db,
    cleanup: () => {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Adds an issue of `perIssue` formal articles (8 columns, 4 authors each) to site 1's journal 11,
 * plus `others` articles spread over other issues, in one transaction. Returns the big issue's id.
 */
export function addBulkIssue(db: Db, perIssue: number, others: number): number {
  const periodId = 900;
  transaction(db, () => {
    insert(db, 'periods', {
      id: periodId,
      site_id: 1,
      publication_id: 11,
      year: 2026,
      volume: 42,
      issue: 1,
      publish_date: '2026-01-15',
    });
    for (let c = 0; c < 8; c++)
      insert(db, 'columns', {
        id: 9000 + c,
        publication_id: 11,
        name: `栏目${c}`,
        en_name: `Column ${c}`,
        sort_order: 8 - c,
      });
    for (let p = 0; p < 20; p++)
      insert(db, 'periods', {
        id: 950 + p,
        site_id: 1,
        publication_id: 11,
        year: 2000 + p,
        volume: p + 1,
        issue: 3,
        publish_date: `${2000 + p}-03-01`,
      });
    const addArticle = db.prepare(
      `INSERT INTO articles (id, site_id, publication_id, period_id, column_id, title, en_title, status, sort_order, updated_at, published_date, views)
       VALUES (?, 1, 11, ?, ?, ?, ?, 'formal', ?, ?, ?, ?)`,
    );
    const addAuthor = db.prepare('INSERT INTO authors (article_id, position, name, en_name) VALUES (?, ?, ?, ?)');
    for (let i = 0; i < perIssue + others; i++) {
      const id = 100_000 + i;
      const inBig = i < perIssue;
      addArticle.run(
        id,
        inBig ? periodId : 950 + (i % 20),
        9000 + (i % 8),
        `批量文章 ${i}`,
        `Bulk article ${i}`,
        i,
        NOW,
        '2026-01-15',
        i % 97,
      );
      for (let a = 1; a <= 4; a++) addAuthor.run(id, a, `作者${i}-${a}`, `Author ${i}-${a}`);
    }
  });
  return periodId;
}
