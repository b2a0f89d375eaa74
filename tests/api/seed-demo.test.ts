import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleTypeSchema } from '../../src/content/types.ts';
import { HIDDEN_MENU_CODES } from '../../src/lib/menu-filter.ts';
import { verifyPassword } from '../../src/server/auth/password.ts';
import { isSeeded, seedDemo } from '../../src/server/seed/index.ts';
import type { Db } from '../../src/server/store/db.ts';
import { createDemoDb, type DemoDb } from '../fixtures/demo-db.ts';
import { createEmptyStore } from '../fixtures/empty-store.ts';
import { row, rows } from '../fixtures/rows.ts';

const MENU_CODES = [
  'index',
  'news',
  'directory',
  'backissue',
  'singleFirst',
  'latestOffer',
  'jump',
  'newLink',
  'periodIntroduce',
  'aboutus',
  'virtualAlbum',
  'newAlbum',
  'newLeaguage',
  'newItem',
  'item',
  'newNews',
  'editorial',
  'conference',
  'prePublication',
];

/** the first column of the first row, as the engine answers it */
const value = async (db: Db, sql: string, ...params: (string | number)[]) =>
  Object.values((await row(db, sql, ...params)) ?? {})[0];

describe('demo seed', () => {
  let demo: DemoDb;
  beforeAll(async () => {
    demo = await createDemoDb();
  });
  afterAll(() => demo.cleanup());

  it('gives every article 5 to 15 references', async () => {
    const refs = await row(
      demo.db,
      'SELECT MIN(n) AS lo, MAX(n) AS hi FROM (SELECT COUNT(*) AS n FROM article_references GROUP BY article_id) per_article',
    );
    expect([refs?.['lo'], refs?.['hi']]).toEqual([5, 15]);
  });

  it('refuses to seed twice and reports being seeded', async () => {
    const empty = await createEmptyStore();
    try {
      expect(await isSeeded(empty.db)).toBe(false);
      await seedDemo(empty.db, { articles: 20 });
      expect(await isSeeded(empty.db)).toBe(true);
      await expect(seedDemo(empty.db, { articles: 20 })).rejects.toThrow(/already/);
    } finally {
      await empty.close();
    }
  });

  it('has the eight contract sites with their types, nav styles, colours, gray types and statuses', async () => {
    const sites = await rows(
      demo.db,
      'SELECT s.id, sld, type, colour, colour1, gray_type, status, nav_style FROM sites s JOIN header_configs h ON h.site_id = s.id ORDER BY s.id',
    );
    expect(
      sites.map((s) => [s['id'], s['sld'], s['type'], s['nav_style'], s['colour'], s['gray_type'], s['status']]),
    ).toEqual([
      [1, 'jmst', 'single', 1, 1, 0, 'active'],
      [2, 'cpg', 'group', 2, 5, 1, 'active'],
      [3, 'scholar', 'all', 3, 0, 0, 'active'],
      [4, 'emf', 'single', 4, 8, 0, 'active'],
      [5, 'gzxb', 'single', 5, 3, 2, 'active'],
      [6, 'hxyj', 'single', 6, 11, 0, 'active'],
      [7, 'lapsed', 'single', 1, 2, 0, 'expired'],
      [8, 'closed', 'single', 1, 4, 0, 'forbidden'],
    ]);
    expect(sites[2]?.['colour1']).toMatch(/^#[0-9a-f]{6}$/);
    expect(await value(demo.db, "SELECT domain FROM sites WHERE sld = 'jmst'")).toBe('www.jmst-demo.org');
  });

  it('gives the group site three or more journals and member sites, with the group entrance on', async () => {
    expect(await value(demo.db, 'SELECT COUNT(*) FROM publications WHERE site_id = 2')).toBeGreaterThanOrEqual(3);
    expect(await value(demo.db, 'SELECT COUNT(*) FROM site_groups WHERE site_id = 2')).toBeGreaterThanOrEqual(3);
    expect(await value(demo.db, 'SELECT group_entrance FROM header_configs WHERE site_id = 2')).toBe(1);
  });

  it('uses every menu code, hidden codes, custom codes, disabled items and items missing one language on every active site', async () => {
    for (const siteId of [1, 2, 3, 4, 5, 6]) {
      const codes = new Set(
        (await rows(demo.db, 'SELECT code FROM channels WHERE site_id = ?', siteId)).map((r) => r['code']),
      );
      for (const code of MENU_CODES) expect(codes, `site ${siteId} ${code}`).toContain(code);
      expect([...codes].filter((code) => HIDDEN_MENU_CODES.has(String(code))).length).toBeGreaterThanOrEqual(3);
      for (const code of ['science', 'mag']) expect(codes).toContain(code);
      expect(
        await value(demo.db, "SELECT COUNT(*) FROM channels WHERE site_id = ? AND enable = '0'", siteId),
      ).toBeGreaterThan(0);
      expect(
        await value(demo.db, 'SELECT COUNT(*) FROM channels WHERE site_id = ? AND en_name IS NULL', siteId),
      ).toBeGreaterThan(0);
      expect(
        await value(demo.db, 'SELECT COUNT(*) FROM channels WHERE site_id = ? AND name IS NULL', siteId),
      ).toBeGreaterThan(0);
      expect(
        await value(
          demo.db,
          "SELECT COUNT(*) FROM channels WHERE site_id = ? AND code = 'aboutus' AND content LIKE '<h2>%'",
          siteId,
        ),
      ).toBe(1);
    }
    // jmst's top level is long enough to overflow the 650 px menu; gzxb's is two-level
    expect(
      await value(demo.db, "SELECT COUNT(*) FROM channels WHERE site_id = 1 AND parent_id = 0 AND enable = '1'"),
    ).toBeGreaterThan(12);
    expect(
      await value(
        demo.db,
        "SELECT COUNT(*) FROM channels c JOIN channels p ON p.id = c.parent_id WHERE c.site_id = 5 AND p.code = 'browse'",
      ),
    ).toBe(4);
  });

  it('puts one module of every type on each home channel, and the alliance module on the alliance channel', async () => {
    const types = (
      await rows(
        demo.db,
        "SELECT DISTINCT m.type FROM modules m JOIN channels c ON c.id = m.channel_id WHERE c.code = 'index' AND m.site_id = 1",
      )
    ).map((r) => r['type']);
    expect(types.sort()).toEqual(moduleTypeSchema.options.filter((type) => type !== 'alliance').sort());
    expect(
      (
        await rows(
          demo.db,
          "SELECT m.type FROM modules m JOIN channels c ON c.id = m.channel_id WHERE c.code = 'newLeaguage' AND m.site_id = 1",
        )
      ).map((r) => r['type']),
    ).toEqual(['alliance']);
  });

  it('gives the conference and pre-publication channels of every open site their articles, the links channel its links', async () => {
    for (const siteId of [1, 2, 3, 4, 5, 6]) {
      for (const code of ['conference', 'prePublication']) {
        const items = await value(
          demo.db,
          'SELECT COUNT(*) FROM album_items i JOIN albums a ON a.id = i.album_id JOIN channels c ON c.id = a.channel_id WHERE a.site_id = ? AND c.code = ?',
          siteId,
          code,
        );
        expect(Number(items), `${siteId} ${code}`).toBeGreaterThan(2);
      }
      const links = String(
        await value(
          demo.db,
          "SELECT m.config FROM modules m JOIN channels c ON c.id = m.channel_id WHERE c.code = 'newLink' AND m.site_id = ?",
          siteId,
        ),
      );
      expect((JSON.parse(links) as { links: unknown[] }).links.length).toBeGreaterThan(4);
    }
  });

  it('has 2,400 articles from 2019 to 2026 by default, a 300+ article issue and every status', async () => {
    expect(demo.summary.articles).toBe(2400);
    expect(await value(demo.db, "SELECT MIN(substr(published_date, 1, 4)) FROM articles WHERE status = 'formal'")).toBe(
      '2019',
    );
    expect(await value(demo.db, 'SELECT MAX(substr(published_date, 1, 4)) FROM articles')).toBe('2026');
    const big = await rows(
      demo.db,
      "SELECT COUNT(*) AS n FROM articles a JOIN periods p ON p.id = a.period_id WHERE p.site_id = 1 AND p.year = 2025 AND p.issue = 6 AND a.status = 'formal'",
    );
    expect(Number(big[0]?.['n'])).toBeGreaterThanOrEqual(300);
    const statuses = Object.fromEntries(
      (await rows(demo.db, 'SELECT status, COUNT(*) AS n FROM articles GROUP BY status')).map((r) => [
        r['status'],
        r['n'],
      ]),
    );
    expect(Object.keys(statuses).sort()).toEqual(['formal', 'just-accepted', 'online-first']);
    expect(await value(demo.db, "SELECT COUNT(*) FROM articles WHERE status = 'just-accepted' AND version <> -1")).toBe(
      0,
    );
    const versions = (await rows(demo.db, "SELECT DISTINCT version FROM articles WHERE status = 'online-first'")).map(
      (r) => Number(r['version']),
    );
    expect(versions.some((v) => v >= 1 && v <= 10)).toBe(true);
    expect(versions.some((v) => v > 10)).toBe(true);
    expect(await value(demo.db, "SELECT COUNT(*) FROM articles WHERE language = 'en'")).toBeGreaterThan(100);
    expect(
      await value(demo.db, "SELECT doi FROM articles WHERE doi LIKE '10.13475/j.jmst.2024.03.%' ORDER BY id LIMIT 1"),
    ).toBe('10.13475/j.jmst.2024.03.001');
    const refs = await row(
      demo.db,
      'SELECT MIN(n) AS lo, MAX(n) AS hi FROM (SELECT COUNT(*) AS n FROM article_references GROUP BY article_id) per_article',
    );
    expect([refs?.['lo'], refs?.['hi']]).toEqual([5, 15]);
  });

  it('has news of all four types with external and pinned items, albums, experts for paging and media', async () => {
    for (const siteId of [1, 2, 3, 4, 5, 6]) {
      expect(await rows(demo.db, 'SELECT DISTINCT type FROM news WHERE site_id = ?', siteId)).toHaveLength(4);
      expect(
        await value(
          demo.db,
          "SELECT COUNT(*) FROM news WHERE site_id = ? AND original = 2 AND source_link LIKE 'https://%'",
          siteId,
        ),
      ).toBeGreaterThan(0);
      expect(
        await value(demo.db, "SELECT COUNT(*) FROM news WHERE site_id = ? AND news_data_type = 'wechat'", siteId),
      ).toBeGreaterThan(0);
      expect(
        await value(
          demo.db,
          'SELECT COUNT(*) FROM news WHERE site_id = ? AND is_top = 1 AND top_picture_id IS NOT NULL',
          siteId,
        ),
      ).toBeGreaterThan(0);
      expect(
        await value(
          demo.db,
          'SELECT COUNT(*) FROM album_items i JOIN albums a ON a.id = i.album_id WHERE a.site_id = ?',
          siteId,
        ),
      ).toBeGreaterThan(5);
      expect(
        await value(
          demo.db,
          'SELECT MAX(n) FROM (SELECT COUNT(*) AS n FROM experts WHERE site_id = ? GROUP BY topic_id) per_topic',
          siteId,
        ),
      ).toBeGreaterThan(10);
      expect(await rows(demo.db, 'SELECT DISTINCT kind FROM media WHERE site_id = ?', siteId)).toHaveLength(2);
      // a video and an audio belong to formal articles of the same site
      const attached = await rows(
        demo.db,
        "SELECT m.kind FROM media m JOIN articles a ON a.id = m.article_id AND a.site_id = m.site_id AND a.status = 'formal' WHERE m.site_id = ? ORDER BY m.kind",
        siteId,
      );
      expect(attached.map((row) => row['kind'])).toEqual(['audio', 'video']);
    }
    expect(
      await value(
        demo.db,
        'SELECT COUNT(*) FROM media m JOIN articles a ON a.id = m.article_id WHERE a.site_id <> m.site_id',
      ),
    ).toBe(0);
  });

  it('fills the footer, tools and custom buttons the shell needs', async () => {
    const footers = await rows(demo.db, 'SELECT * FROM footer_configs');
    // no QR picture of their own: the footer draws a QR code of the home page (src/lib/qr-svg.ts)
    const optional = new Set(['css_content', 'qr_file_id']);
    for (const footer of footers)
      for (const [key, v] of Object.entries(footer)) if (!optional.has(key)) expect(v, key).not.toBeNull();
    expect(new Set(footers.map((f) => f['background_color']))).toContain('#f5f5f5');
    expect(footers.some((f) => f['background_color'] !== '#f5f5f5')).toBe(true);
    const tools = (await rows(demo.db, 'SELECT type, platform_type FROM tools WHERE site_id = 1')).map(
      (t) => `${t['type']}:${t['platform_type']}`,
    );
    expect(tools).toEqual(
      expect.arrayContaining(['platform:rss', 'platform:email', 'platform:folderAdd', 'external:null']),
    );
    expect(tools.some((t) => t.startsWith('pop:'))).toBe(true);
    const buttons = JSON.parse(
      String(await value(demo.db, 'SELECT custom_buttons FROM header_configs WHERE site_id = 1')),
    ) as { customButtonStatus: number }[];
    expect(buttons.map((b) => b.customButtonStatus)).toEqual([1, 1, 1, 0]);
    expect(await value(demo.db, 'SELECT indexed FROM basic_infos WHERE site_id = 1')).toBe('Scopus;EI;CSCD;北大核心');
  });

  it('stores drawn SVG files with a sha1 etag and a demo member whose password verifies', async () => {
    const file = await row(
      demo.db,
      "SELECT f.content_type, f.data, f.etag FROM sites s JOIN files f ON f.id = s.logo1 WHERE s.sld = 'jmst'",
    );
    expect(file?.['content_type']).toBe('image/svg+xml');
    const svg = Buffer.from(file?.['data'] as Uint8Array).toString('utf8');
    expect(svg).toContain('材料科学与技术学报');
    expect(svg).toContain('Journal of Materials Science and Technology');
    expect(file?.['etag']).toBe(
      createHash('sha1')
        .update(file?.['data'] as Uint8Array)
        .digest('hex'),
    );
    expect(
      Number(await value(demo.db, "SELECT MAX(length(data)) FROM files WHERE content_type LIKE 'image/%'")),
    ).toBeLessThan(20_000);
    // the demo's video and audio clips are generated small too
    expect(
      Number(
        await value(demo.db, "SELECT MAX(length(data)) FROM files WHERE content_type IN ('video/webm', 'audio/wav')"),
      ),
    ).toBeLessThan(32_000);
    expect(Number(await value(demo.db, 'SELECT COUNT(*) FROM files'))).toBeLessThan(2400);
    const hash = String(
      await value(demo.db, "SELECT password_hash FROM users WHERE site_id = 1 AND user_name = 'demo'"),
    );
    expect(verifyPassword('Demo2026pass', hash)).toBe(true);
    expect(await value(demo.db, 'SELECT COUNT(*) FROM users')).toBe(8);
  });
});

describe('demo news', () => {
  it('has no headline twice in a tab, and the sites do not list the same headlines in the same order', async () => {
    const demo = await createDemoDb({ articles: 20 });
    try {
      const news = await rows(demo.db, 'SELECT site_id, type, en_title FROM news ORDER BY site_id, type, id');
      const byTab = new Map<string, string[]>();
      for (const row of news) {
        const key = `${String(row['site_id'])}/${String(row['type'])}`;
        byTab.set(key, [...(byTab.get(key) ?? []), String(row['en_title'])]);
      }
      for (const [tab, titles] of byTab) expect(new Set(titles).size, tab).toBe(titles.length);
      const statements = [...byTab].filter(([key]) => key.endsWith('/statement')).map(([, titles]) => titles.join('|'));
      expect(new Set(statements).size).toBe(statements.length);
    } finally {
      await demo.cleanup();
    }
  });
});
