import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteShellSchema } from '../../src/content/types.ts';
import { getBasicInfo } from '../../src/server/store/basic-info.ts';
import { findChannelByCode, getChannelInfo, getChannelTree } from '../../src/server/store/channels.ts';
import { getFooterConfig, getHeaderConfig, getPublicationConfig } from '../../src/server/store/configs.ts';
import { fileUrl } from '../../src/server/store/files.ts';
import { getModules } from '../../src/server/store/modules.ts';
import { getSearchConditions, getSearchConfig } from '../../src/server/store/search-config.ts';
import { getSiteShell } from '../../src/server/store/shell.ts';
import { findSiteByDomain, findSiteById, findSiteBySld, getGroupEntries } from '../../src/server/store/sites.ts';
import { listTools } from '../../src/server/store/tools.ts';
import { countSiteVisit, visitTotals } from '../../src/server/store/visits.ts';
import { createStoreFixture, type StoreFixture } from './store-fixture.ts';

let fixture: StoreFixture;
beforeAll(() => {
  fixture = createStoreFixture();
});
afterAll(() => fixture.cleanup());

describe('sites', () => {
  it('finds a site by id, short name (any case) and domain, with its logo as a files/get URL', () => {
    const site = findSiteById(fixture.db, 1);
    expect(site).toMatchObject({
      id: 1,
      sld: 'alpha',
      name: '甲刊',
      enName: 'Alpha Journal',
      type: 'single',
      colour: 3,
      logo1Url: '/rc-pub/front/files/get?id=1',
      status: 'active',
    });
    expect(findSiteBySld(fixture.db, 'ALPHA')?.id).toBe(1);
    expect(findSiteByDomain(fixture.db, 'WWW.alpha.test')?.id).toBe(1);
    expect(findSiteBySld(fixture.db, 'nope')).toBeNull();
    expect(findSiteById(fixture.db, 404)).toBeNull();
  });

  it('still returns an expired site so the caller can answer 10001', () => {
    expect(findSiteBySld(fixture.db, 'gamma')).toMatchObject({ status: 'expired', colour: 0, colour1: '#111111' });
  });

  it("lists a group site's member journals, and a member site's groups", () => {
    expect(getGroupEntries(fixture.db, 2)).toEqual([
      { id: 10, siteId: 1, sld: 'alpha', publicationName: '甲刊旧版', enPublicationName: 'Alpha Old' },
      { id: 11, siteId: 1, sld: 'alpha', publicationName: '甲刊', enPublicationName: 'Alpha Journal' },
      { id: 30, siteId: 3, sld: 'gamma', publicationName: '丙刊', enPublicationName: 'Gamma Journal' },
    ]);
    expect(getGroupEntries(fixture.db, 1)).toEqual([
      { id: 2, siteId: 2, sld: 'beta', publicationName: '乙集团', enPublicationName: 'Beta Group' },
    ]);
  });
});

describe('configs', () => {
  it('parses custom buttons from JSON, coercing numbers and dropping malformed entries', () => {
    const header = getHeaderConfig(fixture.db, 1);
    expect(header.navStyle).toBe(2);
    expect(header.pcLogoUrl).toBe(fileUrl(2));
    expect(header.mobileLogoUrl).toBeNull();
    expect(header.configData.customButtonList).toEqual([
      {
        customButtonStatus: 1,
        customButtonName: '投稿',
        enCustomButtonName: 'Submit',
        customButtonLinkValue: 'https://submit.example',
      },
      { customButtonStatus: 0, customButtonName: '隐藏', enCustomButtonName: null, customButtonLinkValue: '/hidden' },
    ]);
    expect(getHeaderConfig(fixture.db, 2).configData.customButtonList).toEqual([]);
  });

  it('gives a site without config rows the defaults', () => {
    expect(getHeaderConfig(fixture.db, 3)).toMatchObject({ navStyle: 1, resourceType: '428;-3;25;29;28;0;-2' });
    expect(getPublicationConfig(fixture.db, 3)).toEqual({
      publicationId: null,
      showCover: 1,
      showIssn: 1,
      tocPageSize: 100,
    });
    expect(getFooterConfig(fixture.db, 3, { sumVisits: 0, todayVisits: 0 }).showVisits).toBe(0);
  });

  it('puts the visit totals and file URLs into the footer', () => {
    const footer = getFooterConfig(fixture.db, 1, visitTotals(fixture.db, 1, new Date('2025-06-01T12:00:00Z')));
    expect(footer).toMatchObject({
      showVisits: 1,
      sumVisits: 42,
      todayVisits: 2,
      qrUrl: fileUrl(3),
      address: '北京',
      enAddress: 'Beijing',
    });
  });
});

describe('visits', () => {
  it('counts a visitor once per site and day, and the footer of another site is unaffected', async () => {
    const { db } = fixture;
    expect(await countSiteVisit(db, 3, 'visitor-a', new Date('2025-07-01T01:00:00Z'))).toEqual({
      counted: true,
      sumVisits: 1,
      todayVisits: 1,
    });
    expect(await countSiteVisit(db, 3, 'visitor-a', '2025-07-01')).toEqual({
      counted: false,
      sumVisits: 1,
      todayVisits: 1,
    });
    expect((await countSiteVisit(db, 3, 'visitor-b', '2025-07-01')).counted).toBe(true);
    expect((await countSiteVisit(db, 3, 'visitor-a', new Date('2025-07-02T01:00:00Z'))).counted).toBe(true);
    expect(visitTotals(db, 3, new Date('2025-07-01T23:00:00Z'))).toEqual({ sumVisits: 3, todayVisits: 2 });
    expect(visitTotals(db, 3, '2025-07-03')).toEqual({ sumVisits: 3, todayVisits: 0 });
    expect(visitTotals(db, 1, '2025-07-01')).toEqual({ sumVisits: 42, todayVisits: 0 });
    // marks of past days are pruned once a new day is counted
    expect(db.prepare("SELECT COUNT(*) AS n FROM site_visit_marks WHERE day < '2025-07-02'").get()).toEqual({ n: 0 });
  });
});

describe('channels', () => {
  it('nests enabled channels in sort order and drops disabled ones with their children', () => {
    const tree = getChannelTree(fixture.db, 1);
    expect(tree.map((c) => c.code)).toEqual(['index', 'aboutus', 'editorial']);
    const about = tree[1];
    expect(about?.children.map((c) => c.code)).toEqual(['contact', 'newItem']);
    expect(about?.bannerUrl).toBe(fileUrl(2));
    expect(JSON.stringify(tree)).not.toContain('newNews');
    expect(getChannelTree(fixture.db, 2).map((c) => c.id)).toEqual([8]);
  });

  it('gives channel info of this site only, and finds channels by code or route', () => {
    expect(getChannelInfo(fixture.db, 1, 2)).toMatchObject({
      code: 'aboutus',
      content: '<p>关于我们</p>',
      enContent: '<p>About us</p>',
    });
    expect(getChannelInfo(fixture.db, 2, 2)).toBeNull();
    expect(getChannelInfo(fixture.db, 1, 5)).toBeNull();
    expect(findChannelByCode(fixture.db, 1, 'editorial')?.id).toBe(7);
    expect(findChannelByCode(fixture.db, 1, 'board')?.id).toBe(7);
    expect(findChannelByCode(fixture.db, 1, 'news')).toBeNull();
    expect(findChannelByCode(fixture.db, 2, 'aboutus')).toBeNull();
  });
});

describe('modules, basic info, tools', () => {
  it('returns valid modules in order, skipping unknown types and broken configs', () => {
    const modules = getModules(fixture.db, 1, 1);
    expect(modules.map((m) => [m.type, m.config])).toEqual([
      ['carousel', {}],
      ['latestIssue', { size: 5 }],
    ]);
    expect(getModules(fixture.db, 2, 1)).toEqual([]);
  });

  it('reads basic info and sorted tools', () => {
    expect(getBasicInfo(fixture.db, 1)).toMatchObject({ id: 1, indexed: 'EI;SCI', groupType: 1 });
    const tools = listTools(fixture.db, 1);
    expect(tools.map((t) => t.platformType)).toEqual(['email', 'rss']);
    expect(tools[0]).toMatchObject({
      pictureUrl: fileUrl(3),
      bouncePictureUrl: fileUrl(2),
      description: '扫码',
      enDescription: 'Scan',
      indexId: null,
    });
    expect(tools[1]).toMatchObject({ bouncePictureUrl: null, enDescription: null });
  });
});

describe('search config', () => {
  it('maps the header resourceType list to codes and names, dropping unknown ids', () => {
    const config = getSearchConfig(fixture.db, 1);
    expect(config.map((entry) => entry.code)).toEqual([
      'article',
      'publication',
      'picture',
      'table',
      'video',
      'audio',
      'other',
      'news',
    ]);
    expect(config[0]).toEqual({ type: 428, code: 'article', name: '论文', enName: 'Thesis' });
    expect(getSearchConfig(fixture.db, 2).map((entry) => entry.type)).toEqual([428, 25]);
    expect(getSearchConfig(fixture.db, 404)).toEqual([]);
  });

  it("gives SPEC's condition lists for articles and journals", () => {
    expect(getSearchConditions(fixture.db, 1, 'article').map((c) => c.condition)).toEqual([
      '题名',
      '关键词',
      '作者',
      '机构',
      '摘要',
      'DOI',
    ]);
    expect(getSearchConditions(fixture.db, 1, 'publication').map((c) => c.field)).toEqual([
      'title',
      'sponsor',
      'cn',
      'issn',
    ]);
  });
});

describe('site shell', () => {
  it('assembles a schema-valid shell with today from the given clock and at most five top news', () => {
    const shell = getSiteShell(fixture.db, 1, new Date('2025-05-31T10:00:00Z'));
    expect(shell).not.toBeNull();
    const parsed = siteShellSchema.parse(shell);
    expect(parsed.footer.todayVisits).toBe(40);
    expect(parsed.topNews.map((n) => n.id)).toEqual([3, 4, 1, 14, 13]);
    expect(parsed.groupEntries.map((g) => g.sld)).toEqual(['beta']);
    expect(parsed.publicationConfig.publicationId).toBe(11);
    expect(getSiteShell(fixture.db, 404, new Date())).toBeNull();
  });
});
