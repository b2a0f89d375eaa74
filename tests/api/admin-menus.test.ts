import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdminApi } from '../../src/server/admin/routes.ts';
import type { RebuildOutcome } from '../../src/server/build/rebuild-queue.ts';
import type { Db } from '../../src/server/store/db.ts';
import type { EmptyStore } from '../fixtures/empty-store.ts';
import { row, rows, run, value } from '../fixtures/rows.ts';
import { createConsoleStore } from './console-sites.ts';

const TOKEN = 'menu-token-for-tests';

let store: EmptyStore;
let db: Db;
let app: ReturnType<typeof createAdminApi>;

beforeEach(async () => {
  store = await createConsoleStore([
    [10, 1, 0, 'index', '首页', 'Home', 0],
    [11, 1, 0, 'directory', '当期目录', 'Current Issue', 1],
    [12, 1, 0, 'news', '新闻', 'News', 2],
    [13, 1, 12, 'newNews', '通知', 'Notices', 0],
    [14, 1, 0, 'newItem', '投稿须知', 'For Authors', 3, 'authors'],
    [15, 1, 0, 'jump', '须知链接', 'Guide link', 4, null, '/en/authors/?tab=1'],
    [16, 1, 0, 'item', '版权', 'Copyright', 5],
    [17, 1, 0, 'item', '伦理', 'Ethics', 6],
    [18, 1, 0, 'item', '空白', 'Blank', 7],
    [20, 2, 0, 'index', '首页', 'Home', 0],
  ]);
  db = store.db;
  await run(
    db,
    'INSERT INTO header_configs (site_id, custom_buttons) VALUES (1, ?)',
    JSON.stringify([
      {
        customButtonStatus: 1,
        customButtonName: '版权声明',
        enCustomButtonName: 'Copyright',
        customButtonLinkValue: '/zh/info/16/',
      },
    ]),
  );
  await run(
    db,
    'INSERT INTO footer_configs (site_id, link_address) VALUES (1, ?)',
    'https://jmst.example.org/newItemPage/1/17/en/',
  );
  const rebuilder = {
    request: async (sld: string): Promise<RebuildOutcome<unknown>> => ({ ok: true, summary: { sld } }),
    state: () => 'idle',
    last: () => undefined,
  };
  app = createAdminApi({ db, token: TOKEN, rebuilder });
});
afterEach(() => store.close());

type Answer = {
  error?: string;
  rule?: string;
  warnings?: { lang: string; message: string }[];
  linkedBy?: unknown[];
  channel?: { id: number };
  content?: string | null;
  enContent?: string | null;
};

async function call(method: string, path: string, body?: unknown, lang?: 'zh' | 'en') {
  const response = await app.request(path, {
    method,
    headers: {
      Authorization: `Bearer ${TOKEN}`,
      'Content-Type': 'application/json',
      ...(lang ? { language: lang } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

/** the channel's stored row, undefined once it is gone */
const channelRow = async (id: number) => (await row(db, 'SELECT * FROM channels WHERE id = ?', id)) ?? undefined;
const changeCount = () => value(db, 'SELECT count(*) AS n FROM content_changes');

describe('menu guard rails', () => {
  it('refuses to disable the home channel, in the editor’s language, changing nothing', async () => {
    const en = await call('PATCH', '/_admin/sites/jmst/channels/10', { enable: false }, 'en');
    expect(en.status).toBe(400);
    expect(en.body.error).toBe('The home channel cannot be disabled: the home page would be empty.');
    const zh = await call('PATCH', '/_admin/sites/jmst/channels/10', { enable: false }, 'zh');
    expect(zh.body.error).toBe('首页栏目不能停用：停用后首页将没有内容。');
    expect(await channelRow(10)).toMatchObject({ enable: '1' });
    expect(await changeCount()).toBe(0);
  });

  it('refuses to move the home channel under another item', async () => {
    const en = await call('PATCH', '/_admin/sites/jmst/channels/10', { parentId: 12 }, 'en');
    expect(en.status).toBe(400);
    expect(en.body.error).toMatch(/home channel stays at the top level/);
    expect((await call('PATCH', '/_admin/sites/jmst/channels/10', { parentId: 12 }, 'zh')).body.error).toBe(
      '首页栏目只能位于顶层，不能移到其他栏目下。',
    );
    expect(await channelRow(10)).toMatchObject({ parent_id: 0 });
    // renaming the home channel stays allowed
    expect((await call('PATCH', '/_admin/sites/jmst/channels/10', { name: '本刊首页' })).status).toBe(200);
  });

  it('refuses script and protocol-relative link values, accepts http(s), site paths and mailto', async () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,x',
      '//evil.example/x',
      'ftp://x.org/',
    ]) {
      const created = await call(
        'POST',
        '/_admin/sites/jmst/channels',
        { code: 'jump', name: '链接', linkValue: bad },
        'en',
      );
      expect(created.status, bad).toBe(400);
      expect(created.body.error).toBe(
        'A link value must be an http(s) address, a path of this site starting with a single "/", or a mailto: address.',
      );
    }
    const zh = await call('PATCH', '/_admin/sites/jmst/channels/15', { linkValue: 'javascript:alert(1)' }, 'zh');
    expect(zh.status).toBe(400);
    expect(zh.body.error).toBe('链接值只能是 http(s) 网址、以单个“/”开头的本站路径或 mailto: 地址。');
    expect(await channelRow(15)).toMatchObject({ link_value: '/en/authors/?tab=1' });
    for (const good of ['https://submit.example.org/', '/zh/info/16/', 'mailto:office@example.org'])
      expect(
        (
          await call('POST', '/_admin/sites/jmst/channels', {
            code: 'jump',
            name: '链接',
            enName: 'Link',
            linkValue: good,
          })
        ).status,
        good,
      ).toBe(201);
    // an about item keeps its journal's id in the link value
    expect(
      (await call('POST', '/_admin/sites/jmst/channels', { code: 'periodIntroduce', name: '期刊简介', linkValue: '7' }))
        .status,
    ).toBe(201);
    expect(
      (await call('POST', '/_admin/sites/jmst/channels', { code: 'jump', name: '链接', linkValue: '7' }, 'en')).status,
    ).toBe(400);
  });

  it('answers a too-long or missing name with its own message, never validator text', async () => {
    const longZh = await call('PATCH', '/_admin/sites/jmst/channels/11', { name: '长'.repeat(101) }, 'en');
    expect(longZh.status).toBe(400);
    expect(longZh.body.error).toBe('The Chinese name may have at most 100 characters.');
    const longEn = await call('PATCH', '/_admin/sites/jmst/channels/11', { enName: 'x'.repeat(201) }, 'zh');
    expect(longEn.body.error).toBe('英文名称最多 200 个字符。');
    const empty = await call('PATCH', '/_admin/sites/jmst/channels/11', { name: '  ', enName: '' }, 'en');
    expect(empty.body.error).toBe('Please enter the channel’s name in at least one language.');
    const wrongType = await call('PATCH', '/_admin/sites/jmst/channels/11', { enable: 'no' }, 'en');
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error).toBe('The value of the field "enable" is not valid.');
    const unknown = await call('PATCH', '/_admin/sites/jmst/channels/11', { colour: 'red' }, 'zh');
    expect(unknown.body.error).toBe('字段“colour”的值无效。');
    expect(await channelRow(11)).toMatchObject({ name: '当期目录', en_name: 'Current Issue' });
    const longNew = await call('POST', '/_admin/sites/jmst/channels', { code: 'item', name: '长'.repeat(101) }, 'zh');
    expect(longNew.status).toBe(400);
    expect(longNew.body.error).toBe('中文名称最多 100 个字符。');
    const order = await call('PUT', '/_admin/sites/jmst/channels/order', { parentId: 0, ids: [11, 10] }, 'en');
    expect(order.status).toBe(400);
    expect(order.body.error).toBe('The order must list every channel under parent 0 exactly once.');
  });

  it('saves an item without an English name and warns it is hidden in English', async () => {
    const created = await call('POST', '/_admin/sites/jmst/channels', { code: 'newItem', name: '征稿启事' }, 'en');
    expect(created.status).toBe(201);
    expect(created.body.warnings).toEqual([
      { rule: 'hiddenIn', lang: 'en', message: 'Hidden in English: the channel has no English name.' },
    ]);
    const cleared = await call('PATCH', '/_admin/sites/jmst/channels/11', { enName: '' }, 'zh');
    expect(cleared.status).toBe(200);
    expect(cleared.body.warnings?.map((w) => w.message)).toEqual(['英文菜单中不显示：栏目没有英文名称。']);
    const named = await call('PATCH', '/_admin/sites/jmst/channels/11', { enName: 'Current Issue' }, 'en');
    expect(named.body.warnings).toEqual([]);
    const noChinese = await call('PATCH', '/_admin/sites/jmst/channels/11', { name: '' }, 'en');
    expect(noChinese.status).toBe(200);
    expect(noChinese.body.warnings?.map((w) => w.message)).toEqual([
      'Hidden in Chinese: the channel has no Chinese name.',
    ]);
    expect(await channelRow(11)).toMatchObject({ name: null, en_name: 'Current Issue' });
    // a disabled item is hidden everywhere anyway: nothing to warn of
    expect((await call('PATCH', '/_admin/sites/jmst/channels/11', { enable: false })).body.warnings).toEqual([]);
  });

  it('refuses cycles and depths the menus cannot show, naming them', async () => {
    const cycle = await call('PATCH', '/_admin/sites/jmst/channels/12', { parentId: 13 }, 'en');
    expect(cycle.status).toBe(400);
    expect(cycle.body.error).toBe('A channel cannot be moved under itself or under one of its own sub-channels.');
    // 12 has a child: under 11 its child would be a third level
    const deepMove = await call('PATCH', '/_admin/sites/jmst/channels/12', { parentId: 11 }, 'en');
    expect(deepMove.body.error).toBe('Menus show at most 2 levels; the channel cannot be placed that deep.');
    const deepNew = await call(
      'POST',
      '/_admin/sites/jmst/channels',
      { code: 'item', name: '三级', parentId: 13 },
      'zh',
    );
    expect(deepNew.status).toBe(400);
    expect(deepNew.body.error).toBe('菜单最多显示 2 级，栏目不能放在这一层。');
    const elsewhere = await call('PATCH', '/_admin/sites/jmst/channels/11', { parentId: 20 }, 'en');
    expect(elsewhere.body.error).toBe('Parent channel 20 is not a channel of this site.');
    expect((await call('PATCH', '/_admin/sites/jmst/channels/11', { parentId: 12 })).status).toBe(200);
    expect(await channelRow(12)).toMatchObject({ parent_id: 0 });
  });
});

describe('deleting a menu item', () => {
  it('deletes an item nothing links to and records the change', async () => {
    const deleted = await call('DELETE', '/_admin/sites/jmst/channels/18', undefined, 'en');
    expect(deleted.status).toBe(200);
    expect(await channelRow(18)).toBeUndefined();
    expect(
      await rows(db, 'SELECT kind, action, entity_ids FROM content_changes WHERE site_id = 1 ORDER BY id'),
    ).toEqual([{ kind: 'menu', action: 'removed', entity_ids: '[18]' }]);
    expect((await call('DELETE', '/_admin/sites/jmst/channels/18', undefined, 'en')).status).toBe(404);
  });

  it('refuses the home channel and another site’s item', async () => {
    const home = await call('DELETE', '/_admin/sites/jmst/channels/10', undefined, 'en');
    expect(home.status).toBe(409);
    expect(home.body.error).toBe('The home channel cannot be deleted.');
    expect((await call('DELETE', '/_admin/sites/jmst/channels/10', undefined, 'zh')).body.error).toBe(
      '首页栏目不能删除。',
    );
    const other = await call('DELETE', '/_admin/sites/jmst/channels/20', undefined, 'en');
    expect(other.status).toBe(404);
    expect(other.body.error).toBe('Channel 20 is not a channel of this site.');
    expect(await channelRow(10)).toBeDefined();
    expect(await channelRow(20)).toBeDefined();
  });

  it('refuses while things link to it, naming each', async () => {
    const parent = await call('DELETE', '/_admin/sites/jmst/channels/12', undefined, 'en');
    expect(parent.status).toBe(409);
    expect(parent.body.error).toBe(
      'The channel is still linked to and cannot be deleted: sub-channel "通知" (13). Remove these links first.',
    );
    const linked = await call('DELETE', '/_admin/sites/jmst/channels/14', undefined, 'zh');
    expect(linked.body.error).toBe('栏目仍被引用，不能删除：栏目“须知链接”（15）的链接。请先移除这些引用。');
    const button = await call('DELETE', '/_admin/sites/jmst/channels/16', undefined, 'en');
    expect(button.body.error).toMatch(/header button "版权声明"/);
    const footer = await call('DELETE', '/_admin/sites/jmst/channels/17', undefined, 'en');
    expect(footer.body.error).toMatch(/a footer link/);
    expect(footer.body.linkedBy).toEqual([{ kind: 'footer' }]);
    await run(
      db,
      "INSERT INTO modules (site_id, channel_id, type, name, en_name) VALUES (1, 11, 'text', '文字', 'Text')",
    );
    expect((await call('DELETE', '/_admin/sites/jmst/channels/11', undefined, 'en')).body.error).toMatch(
      /: 1 page module\. /,
    );
    for (const id of [11, 12, 14, 16, 17]) expect(await channelRow(id), String(id)).toBeDefined();
    expect(await changeCount()).toBe(0);
    // once the link is gone the item can go
    expect((await call('PATCH', '/_admin/sites/jmst/channels/15', { linkValue: 'https://example.org/' })).status).toBe(
      200,
    );
    expect((await call('DELETE', '/_admin/sites/jmst/channels/14')).status).toBe(200);
  });
});

describe('an item’s content', () => {
  it('round-trips both languages, sanitized, and records the change', async () => {
    const put = await call('PUT', '/_admin/sites/jmst/channels/16/content', {
      content: '<p>版权归作者所有。</p><script>alert(1)</script>',
      enContent: '<p onclick="x()">Authors keep <a href="javascript:alert(1)">copyright</a>.</p>',
    });
    expect(put.status).toBe(200);
    const got = await call('GET', '/_admin/sites/jmst/channels/16/content');
    expect(got.body).toEqual({
      id: 16,
      content: '<p>版权归作者所有。</p>',
      enContent: '<p>Authors keep <a>copyright</a>.</p>',
    });
    expect(await channelRow(16)).toMatchObject({ content: '<p>版权归作者所有。</p>' });
    // only the item's own page renders again, not the whole site
    expect(await rows(db, 'SELECT kind, action, entity_ids FROM content_changes ORDER BY id')).toEqual([
      { kind: 'channel', action: 'updated', entity_ids: '[16]' },
    ]);
    // one language at a time keeps the other
    await call('PUT', '/_admin/sites/jmst/channels/16/content', { enContent: '<p>Open access.</p>' });
    expect((await call('GET', '/_admin/sites/jmst/channels/16/content')).body).toMatchObject({
      content: '<p>版权归作者所有。</p>',
      enContent: '<p>Open access.</p>',
    });
  });

  it('refuses another site’s item and a body that is not content', async () => {
    const other = await call('PUT', '/_admin/sites/jmst/channels/20/content', { content: '<p>x</p>' }, 'en');
    expect(other.status).toBe(404);
    expect(await channelRow(20)).toMatchObject({ content: null });
    const bad = await call('PUT', '/_admin/sites/jmst/channels/16/content', { content: 5 }, 'en');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('The value of the field "content" is not valid.');
    expect((await call('PUT', '/_admin/sites/jmst/channels/16/content', {}, 'en')).status).toBe(400);
  });
});

describe('the channel list for the console', () => {
  it('answers the header layout the preview folds by, with the channels', async () => {
    await run(db, 'UPDATE header_configs SET nav_style = 2, nav_distribution = 0, is_ceiling = 1 WHERE site_id = 1');
    const response = await app.request('/_admin/sites/jmst/channels', {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    const answer = (await response.json()) as { channels: { id: number }[]; header: unknown };
    expect(answer.header).toEqual({ navStyle: 2, navDistribution: 0, isCeiling: 1 });
    expect(answer.channels.map((channel) => channel.id)).toContain(11);
  });
});
