import { describe, expect, it } from 'vitest';
import type { EditorialTopic, Expert, Paged } from '../../src/content/types.ts';
import {
  familyOf,
  findFirstExpertIds,
  loginTarget,
  menuTarget,
  type TargetContext,
  type TargetItem,
} from '../../src/lib/menu-targets.ts';

const site = { id: 7, sld: 'jmst', type: 'single' as const };
const periods = { firstPeriods: { id: 301, year: 2026, issue: 4 }, secondPeriods: { id: 300, year: 2026, issue: 3 } };
const zhCanon: TargetContext = { lang: 'zh', site, family: 'canonical', ...periods, firstExpertIds: { 40: 555 } };
const enLegacy: TargetContext = { lang: 'en', site, family: 'legacy', ...periods, firstExpertIds: { 40: 555 } };

function item(code: string, extra: Partial<TargetItem> = {}): TargetItem {
  return {
    id: 40,
    parentId: 0,
    code,
    linkValue: null,
    bannerId: 9,
    route: null,
    newsDataType: null,
    label: '栏目',
    enName: 'Column',
    index: 3,
    parentIndex: null,
    ...extra,
  };
}

const query = (href: string) => Object.fromEntries(new URL(href, 'http://x').searchParams);

describe('menu item targets, canonical family (SPEC "Menu item targets")', () => {
  const cases: [string, Partial<TargetItem>, string][] = [
    ['index', {}, '/zh/home/'],
    ['news', {}, '/zh/news/'],
    ['directory', {}, '/zh/issue/2026/4/'],
    ['backissue', {}, '/zh/issue/2026/3/'],
    ['singleFirst', {}, '/zh/onlineFirst/'],
    ['latestOffer', {}, '/zh/justAccepted/'],
    ['newLink', {}, '/zh/newLink/'],
    ['periodIntroduce', {}, '/zh/about/40/'],
    ['aboutus', {}, '/zh/aboutus/'],
    ['virtualAlbum', {}, '/zh/collectionList/40/'],
    ['newAlbum', {}, '/zh/collectionList/40/'],
    ['newLeaguage', {}, '/zh/newLeaguage/'],
    ['newItem', {}, '/zh/info/40/'],
    ['item', {}, '/zh/info/40/'],
    ['item', { route: 'guide' }, '/zh/guide/'],
    ['newItem', { route: '/ethics/' }, '/zh/ethics/'],
    ['newNews', {}, '/zh/newsInfo/40/0/'],
    ['editorial', {}, '/zh/editorial-board/40/555/'],
    ['editorial', { id: 41 }, '/zh/editorial-board/41/'],
    ['conference', {}, '/zh/conference/'],
    ['prePublication', {}, '/zh/prePublication/'],
    ['mag', {}, '/zh/mag/'],
    ['academic', {}, '/zh/academic/'],
  ];
  for (const [code, extra, href] of cases) {
    it(`${code}${extra.route ? ` with route ${extra.route}` : ''} → ${href}`, () => {
      expect(menuTarget(item(code, extra), zhCanon)).toEqual({ href, newTab: false });
    });
  }

  it('directory and backissue without periods go to the current issue', () => {
    const ctx = { ...zhCanon, firstPeriods: null, secondPeriods: null };
    expect(menuTarget(item('directory'), ctx).href).toBe('/zh/issue/');
    expect(menuTarget(item('backissue'), ctx).href).toBe('/zh/issue/');
  });

  it('jump opens its link value in a new tab; unsafe links become #', () => {
    expect(menuTarget(item('jump', { linkValue: 'https://submit.example.org/' }), zhCanon)).toEqual({
      href: 'https://submit.example.org/',
      newTab: true,
    });
    expect(menuTarget(item('jump', { linkValue: 'javascript:alert(1)' }), zhCanon)).toEqual({
      href: '#',
      newTab: true,
    });
    expect(menuTarget(item('jump', { linkValue: null }), enLegacy)).toEqual({ href: '#', newTab: true });
    // the same rule the admin API saves by: mailto opens, a protocol-relative host does not
    expect(menuTarget(item('jump', { linkValue: 'mailto:office@example.org' }), zhCanon).href).toBe(
      'mailto:office@example.org',
    );
    expect(menuTarget(item('jump', { linkValue: '//evil.example/x' }), zhCanon).href).toBe('#');
    expect(menuTarget(item('jump', { linkValue: '/\\evil.example/x' }), zhCanon).href).toBe('#');
  });
});

describe('menu item targets, legacy family', () => {
  it('index goes to /homeNav/{sld}/{lang}/', () => {
    expect(menuTarget(item('index'), enLegacy).href).toBe('/homeNav/jmst/en/');
  });

  it('path shapes with the site id', () => {
    expect(menuTarget(item('directory'), enLegacy).href).toBe('/newAcademic/7/40/backissue/301/0/en/');
    expect(menuTarget(item('backissue'), enLegacy).href).toBe('/newAcademic/7/40/backissue/300/0/en/');
    expect(menuTarget(item('singleFirst'), enLegacy).href).toBe('/newAcademic/7/40/singleFirst/0/0/en/');
    expect(menuTarget(item('latestOffer'), enLegacy).href).toBe('/newAcademic/7/40/latestOffer/0/0/en/');
    expect(menuTarget(item('periodIntroduce'), enLegacy).href).toBe('/newPeriodIntroduce/7/40/en/');
    expect(menuTarget(item('virtualAlbum'), enLegacy).href).toBe('/newAlbumList/7/40/en/');
    expect(menuTarget(item('newAlbum'), enLegacy).href).toBe('/newAlbumList/7/40/en/');
    expect(menuTarget(item('newItem'), enLegacy).href).toBe('/newItemPage/7/40/en/');
    expect(menuTarget(item('item', { route: 'guide' }), enLegacy).href).toBe('/newItemPage/7/40/en/');
    expect(menuTarget(item('newNews'), enLegacy).href).toBe('/newsInfo/7/40/channel/0/0/en/');
    expect(menuTarget(item('editorial'), enLegacy).href).toBe('/newEditorial/7/40/555/en/');
  });

  it('directory without a period falls back to the academic page of the channel', () => {
    expect(menuTarget(item('directory'), { ...enLegacy, firstPeriods: null }).href).toBe(
      '/newAcademic/7/40/directory/0/0/en/',
    );
  });

  it('query pages carry the column query', () => {
    const news = menuTarget(item('news', { newsDataType: 'news' }), enLegacy).href;
    expect(news.startsWith('/news?')).toBe(true);
    expect(query(news)).toEqual({
      type: 'news',
      columnId: '40',
      columnName: '栏目',
      index: '3',
      bannerId: '9',
      code: 'news',
    });

    const about = menuTarget(item('aboutus'), enLegacy).href;
    expect(about.startsWith('/aboutus?')).toBe(true);
    expect(query(about)).toMatchObject({
      columnId: '40',
      columnName: '栏目',
      index: '3',
      bannerId: '9',
      code: 'aboutus',
    });

    expect(menuTarget(item('newLink'), enLegacy).href.startsWith('/newLink1?')).toBe(true);
    expect(menuTarget(item('conference'), enLegacy).href.startsWith('/newArticle?')).toBe(true);
    expect(menuTarget(item('prePublication'), enLegacy).href.startsWith('/newArticle?')).toBe(true);

    const league = menuTarget(item('newLeaguage'), enLegacy).href;
    expect(league.startsWith('/newLeaguage?')).toBe(true);
    expect(query(league)).toMatchObject({ columnEnName: 'Column', styleId: '4' });

    const other = menuTarget(item('mag', { newsDataType: 'x', linkValue: '12' }), enLegacy).href;
    expect(other.startsWith('/mag?')).toBe(true);
    expect(query(other)).toMatchObject({ columnId: '40', code: 'mag', newsDataType: 'x', newCompositeId: '12' });
  });

  it('a child item carries its parent column, parent index and child id', () => {
    const href = menuTarget(item('aboutus', { id: 41, parentId: 40, index: 1, parentIndex: 2 }), enLegacy).href;
    expect(query(href)).toMatchObject({ columnId: '40', childId: '41', parentIndex: '2', index: '2' });
  });
});

describe('login entry and family', () => {
  it('opens in a new tab except on all-type sites', () => {
    expect(loginTarget('en', { type: 'single' })).toEqual({ href: '/login?lang=en', newTab: true });
    expect(loginTarget('zh', { type: 'group' }).newTab).toBe(true);
    expect(loginTarget('zh', { type: 'all' })).toEqual({ href: '/login?lang=zh', newTab: false });
  });

  it('language-prefixed paths are canonical, others legacy', () => {
    expect(familyOf('/zh/home/')).toBe('canonical');
    expect(familyOf('/en')).toBe('canonical');
    expect(familyOf('/homeNav/jmst/en/')).toBe('legacy');
    expect(familyOf('/zhx/')).toBe('legacy');
  });
});

describe('first expert of an editorial topic', () => {
  const topics: EditorialTopic[] = [
    { id: 1, siteId: 7, channelId: null, publicationId: null, name: '编委会', enName: 'Board' },
    { id: 2, siteId: 7, channelId: 41, publicationId: null, name: '青年编委', enName: 'Young board' },
  ];
  const calls: [number, number, number][] = [];
  const source = {
    listEditorialTopics: async () => topics,
    listExperts: async (_siteId: number, topicId: number, page: number, size: number): Promise<Paged<Expert>> => {
      calls.push([topicId, page, size]);
      const expert = { id: topicId * 100, topicId } as Expert;
      return { content: topicId === 3 ? [] : [expert], total: 1, page, size };
    },
  };

  it('uses the topic linked to the channel, else the first topic; page 0 size 10', async () => {
    expect(await findFirstExpertIds(source, 7, [41, 40])).toEqual({ 41: 200, 40: 100 });
    expect(calls).toEqual([
      [2, 0, 10],
      [1, 0, 10],
    ]);
    expect(await findFirstExpertIds(source, 7, [])).toEqual({});
  });
});
