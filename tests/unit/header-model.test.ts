import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HeaderInput, headerModel } from '../../src/components/shell/header-model.ts';
import type { HeaderConfig, SearchConfigEntry, SiteShell } from '../../src/content/types.ts';
import { createLocalSource } from '../../src/server/local-source.ts';
import { createStoreFixture, type StoreFixture } from './store-fixture.ts';

let fixture: StoreFixture;
let journal: SiteShell;
let group: SiteShell;
let searchConfig: SearchConfigEntry[];

beforeAll(async () => {
  fixture = createStoreFixture();
  const source = createLocalSource(fixture.db);
  const shellOf = async (siteId: number) => {
    const shell = await source.getSiteShell(siteId);
    if (!shell) throw new Error(`no shell for site ${siteId}`);
    return shell;
  };
  journal = await shellOf(1);
  group = await shellOf(2);
  searchConfig = await source.getSearchConfig(1);
});
afterAll(() => fixture.cleanup());

function model(header: Partial<HeaderConfig>, input: Partial<HeaderInput> = {}, shell = journal) {
  return headerModel({
    lang: 'zh',
    shell: { ...shell, header: { ...shell.header, ...header } },
    entries: [],
    kind: 'page',
    path: '/zh/home/',
    requestPath: '/zh/home/',
    searchConfig,
    hideNav: false,
    ...input,
  });
}

describe('the header model', () => {
  it('links the other language to the same page, with its label in the page language', () => {
    expect(model({ switchLanguage: 1 }).languageSwitch).toEqual({
      to: 'en',
      href: '/en/home/',
      text: expect.any(String),
      label: expect.any(String),
    });
    expect(model({ switchLanguage: 1 }, { lang: 'en', path: '/en/article/7/' }).languageSwitch).toMatchObject({
      to: 'zh',
      href: '/zh/article/7/',
    });
    expect(model({ switchLanguage: 0 }).languageSwitch).toBeNull();
  });

  it('names the site and links home in the page language', () => {
    expect(model({}).siteName).toBe('甲刊');
    expect(model({}, { lang: 'en' })).toMatchObject({ siteName: 'Alpha Journal', home: '/en/home/' });
  });

  it('puts the menu in a bar below, in the header (navStyle 6) or nowhere (navStyle 3, account pages)', () => {
    expect(model({ navStyle: 2 })).toMatchObject({ navBelow: true, navInHeader: false });
    expect(model({ navStyle: 6 })).toMatchObject({ navBelow: false, navInHeader: true });
    expect(model({ navStyle: 3 })).toMatchObject({ navBelow: false, navInHeader: false });
    expect(model({ navStyle: 2 }, { hideNav: true })).toMatchObject({ navBelow: false, navInHeader: false });
    expect(model({ navStyle: 6 }, { hideNav: true })).toMatchObject({ navBelow: false, navInHeader: false });
  });

  it('spreads the menu across the bar for navStyle 2, and for 4 only with distribution 0', () => {
    expect(model({ navStyle: 2, navDistribution: 1 }).distributed).toBe(true);
    expect(model({ navStyle: 4, navDistribution: 0 }).distributed).toBe(true);
    expect(model({ navStyle: 4, navDistribution: 1 }).distributed).toBe(false);
    expect(model({ navStyle: 1, navDistribution: 0 }).distributed).toBe(false);
  });

  it('fixes the header on scroll (ceiling) except on detail pages', () => {
    expect(model({ isCeiling: 1 }, { kind: 'home' })).toMatchObject({
      ceiling: true,
      classes: 'site-header nav-style-2 has-ceiling',
    });
    expect(model({ isCeiling: 1 }, { kind: 'detail' })).toMatchObject({
      ceiling: false,
      classes: 'site-header nav-style-2',
    });
  });

  it('draws the navigation background only from its own switch and a URL that cannot break out of the style', () => {
    expect(model({ hasNavBg: 1, navBgUrl: '/files/9' }).navBackground).toBe(
      "background: url('/files/9') center / cover",
    );
    expect(model({ hasNavBg: 1, navBgUrl: 'https://cdn.example/bg.png' }).navBackground).toBe(
      "background: url('https://cdn.example/bg.png') center / cover",
    );
    expect(model({ hasNavBg: 0, navBgUrl: '/files/9' }).navBackground).toBeUndefined();
    expect(model({ hasNavBg: 1, navBgUrl: "/x') ; color: red" }).navBackground).toBeUndefined();
    expect(model({ hasNavBg: 1, navBgUrl: 'http://plain.example/bg.png' }).navBackground).toBeUndefined();
  });

  it('shows the banner above the bar only for navStyle 5', () => {
    expect(model({ navStyle: 5, backgroundUrl: '/files/4' }).banner).toBe('/files/4');
    expect(model({ navStyle: 2, backgroundUrl: '/files/4' }).banner).toBeNull();
  });

  it('greets in the page language when the greeting is on, and opens the phone panel only when it has something', () => {
    const on = { hasGreeting: 1, greeting: '欢迎', enGreeting: 'Welcome', hasLoginAndRegister: 0, groupEntrance: 0 };
    expect(model(on).greeting).toBe('欢迎');
    expect(model(on, { lang: 'en' }).greeting).toBe('Welcome');
    expect(model({ ...on, hasGreeting: 0 }).greeting).toBeNull();
    // the journal's one visible custom button keeps the panel
    expect(model({ ...on, hasGreeting: 0 }).hasTopbarPanel).toBe(true);
    expect(
      model({ ...on, hasGreeting: 0, configData: { customButtonList: [], cssContent: null } }).hasTopbarPanel,
    ).toBe(false);
  });

  it('lists only shown custom buttons, in the page language', () => {
    expect(model({}).buttons).toEqual([{ label: '投稿', href: 'https://submit.example' }]);
    expect(model({}, { lang: 'en' }).buttons).toEqual([{ label: 'Submit', href: 'https://submit.example' }]);
  });

  it("lists the group's other sites under the group entrance, never the site itself", () => {
    const entrance = model({ groupEntrance: 1 }, {}, group);
    expect(entrance.groupsLabel).toBe(entrance.t.groupEntrance);
    expect(entrance.groups.length).toBeGreaterThan(0);
    expect(entrance.groups.some((g) => g.href.includes('/beta/'))).toBe(false);
    expect(model({ groupEntrance: 0 }, {}, group).groups).toEqual([]);
  });

  it('offers login, register and the personal centre only when the header shows them', () => {
    const shown = model({ hasLoginAndRegister: 1 });
    expect(shown.loginState).toMatchObject({
      registerHref: '/register?lang=zh',
      personalHref: '/personal',
      logoutHref: '/login?lang=zh',
    });
    expect(model({ hasLoginAndRegister: 1 }, { lang: 'en' }).loginState?.labels.login).toBe(
      model({}, { lang: 'en' }).t.login,
    );
    expect(model({ hasLoginAndRegister: 0 }).loginState).toBeNull();
  });

  it('shows the search box with its types when resource search is on, and links advanced search except on its own page', () => {
    const search = model({ resourceSearch: 1, advSearch: 1, searchBox: 1 }).search;
    expect(search?.types.length).toBeGreaterThan(0);
    expect(search).toMatchObject({ expanded: true, advancedHref: '/seniorSearch?lang=zh' });
    expect(
      model({ resourceSearch: 1, advSearch: 1 }, { requestPath: '/seniorSearch' }).search?.advancedHref,
    ).toBeNull();
    expect(model({ resourceSearch: 1, advSearch: 0 }).search?.advancedHref).toBeNull();
    expect(model({ resourceSearch: 1, searchBox: 0 }).search?.expanded).toBe(false);
    expect(model({ resourceSearch: 0 }).search).toBeNull();
  });

  it('keys the cached menu HTML by language and entries', () => {
    const entries = [{ label: '首页', href: '/zh/home/', newTab: false, current: true, children: [] }];
    const zh = model({}, { entries }).menuKey;
    expect(model({}, { entries, lang: 'en' }).menuKey).not.toBe(zh);
    expect(model({}, { entries: [{ ...entries[0]!, current: false }] }).menuKey).not.toBe(zh);
    expect(model({}, { entries }).menuKey).toBe(zh);
  });
});
