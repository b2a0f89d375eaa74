import { describe, expect, it } from 'vitest';
import type { Channel } from '../../src/content/types.ts';
import { filterMenu, HIDDEN_MENU_CODES, visibleCustomButtons } from '../../src/lib/menu-filter.ts';

let nextId = 1;
function channel(code: string, name: string | null, enName: string | null, extra: Partial<Channel> = {}): Channel {
  const id = nextId++;
  return {
    id,
    parentId: 0,
    code,
    name,
    enName,
    enable: '1',
    linkValue: null,
    linkType: null,
    bannerId: null,
    bannerUrl: null,
    route: null,
    newsDataType: null,
    siteId: 1,
    styleId: null,
    sortOrder: id,
    children: [],
    ...extra,
  };
}

describe('menu filter (SPEC section 5)', () => {
  const tree = [
    channel('index', '首页', 'Home', {
      children: [channel('carousel', '轮播', 'Carousel'), channel('aboutus', '关于', 'About')],
    }),
    channel('aboutus', '关于我们', 'About Us', {
      children: [
        channel('item', '投稿指南', 'Guide'),
        channel('contact', '联系我们', 'Contact'),
        channel('item', '仅中文', null),
      ],
    }),
    channel('science', '科学普及', 'Science', { children: [channel('newItem', '科普', 'Popular')] }),
    channel('directory', '当期目录', 'Current Issue'),
    channel('item', '征稿启事', ''),
    channel('item', null, 'Call for Reviewers'),
    channel('item', '旧版栏目', 'Old', { enable: '0' }),
    channel('reader', '读者中心', 'Readers'),
    channel('selPicture', '图片', 'Pictures'),
    channel('jump', '投稿系统', '   '),
  ];

  it('keeps enabled items named in the current language, in order, without hidden codes', () => {
    const zh = filterMenu(tree, 'zh').items.map((i) => i.label);
    expect(zh).toEqual(['首页', '关于我们', '科学普及', '当期目录', '征稿启事', '投稿系统']);
    const en = filterMenu(tree, 'en').items.map((i) => i.label);
    expect(en).toEqual(['Home', 'About Us', 'Science', 'Current Issue', 'Call for Reviewers']);
  });

  it('drops the children of the home and science channels but keeps other submenus, filtered the same way', () => {
    const items = filterMenu(tree, 'zh').items;
    expect(items.find((i) => i.code === 'index')?.children).toEqual([]);
    expect(items.find((i) => i.code === 'science')?.children).toEqual([]);
    const about = items.find((i) => i.code === 'aboutus');
    expect(about?.children.map((c) => c.label)).toEqual(['投稿指南', '仅中文']);
    expect(
      filterMenu(tree, 'en')
        .items.find((i) => i.code === 'aboutus')
        ?.children.map((c) => c.label),
    ).toEqual(['Guide']);
  });

  it('numbers items: index among siblings, parentIndex of children', () => {
    const items = filterMenu(tree, 'zh').items;
    expect(items.map((i) => i.index)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(items.every((i) => i.parentIndex === null)).toBe(true);
    const about = items[1]!;
    expect(about.children.map((c) => [c.index, c.parentIndex])).toEqual([
      [0, 1],
      [1, 1],
    ]);
  });

  it('collects items lacking a Chinese or English name (enabled, not hidden), whatever the language', () => {
    const missing = filterMenu(tree, 'en').missingLanguage.map((c) => `${c.code}:${c.name ?? ''}/${c.enName ?? ''}`);
    expect(missing).toEqual(['item:仅中文/', 'item:征稿启事/', 'item:/Call for Reviewers', 'jump:投稿系统/   ']);
  });

  it('hides exactly the sixteen codes of the SPEC', () => {
    expect([...HIDDEN_MENU_CODES].sort()).toEqual(
      [
        'situation',
        'reader',
        'contact',
        'carousel',
        'quick',
        'selnews',
        'rank',
        'selmag',
        'selarticle',
        'priority',
        'column',
        'introduce',
        'subaboutus',
        'subcontact',
        'first',
        'selPicture',
      ].sort(),
    );
    for (const code of HIDDEN_MENU_CODES) expect(filterMenu([channel(code, '名', 'Name')], 'zh').items).toEqual([]);
  });
});

describe('custom buttons', () => {
  const button = (name: string, enName: string | null, status = 1) => ({
    customButtonStatus: status,
    customButtonName: name,
    enCustomButtonName: enName,
    customButtonLinkValue: `https://x.example/${name}`,
  });

  it('shows switched-on buttons named in the page language, at most three; a button without its English name is left out in English', () => {
    const buttons = [
      button('投稿须知', null),
      button('作者投稿', 'Submit'),
      button('旧版', 'Old', 0),
      button('审稿', ' Review '),
      button('编辑', 'Editor'),
      button('读者', 'Readers'),
    ];
    expect(visibleCustomButtons(buttons, 'zh').map((b) => b.label)).toEqual(['投稿须知', '作者投稿', '审稿']);
    expect(visibleCustomButtons(buttons, 'en')).toEqual([
      { label: 'Submit', href: 'https://x.example/作者投稿' },
      { label: 'Review', href: 'https://x.example/审稿' },
      { label: 'Editor', href: 'https://x.example/编辑' },
    ]);
  });
});
