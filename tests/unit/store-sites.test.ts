import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSiteByDomain, findSiteById, findSiteBySld, getGroupEntries } from '../../src/server/store/sites.ts';
import { createStoreFixture, type StoreFixture } from './store-fixture.ts';

let fixture: StoreFixture;
beforeAll(() => {
  fixture = createStoreFixture();
});
afterAll(() => fixture.cleanup());

describe('sites', () => {
  it('finds a site by id, short name (any case) and domain, with its logo as a files/get URL', async () => {
    const site = await findSiteById(fixture.db, 1);
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
    expect((await findSiteBySld(fixture.db, 'ALPHA'))?.id).toBe(1);
    expect((await findSiteByDomain(fixture.db, 'WWW.alpha.test'))?.id).toBe(1);
    expect(await findSiteBySld(fixture.db, 'nope')).toBeNull();
    expect(await findSiteById(fixture.db, 404)).toBeNull();
  });

  it('still returns an expired site so the caller can answer 10001', async () => {
    expect(await findSiteBySld(fixture.db, 'gamma')).toMatchObject({
      status: 'expired',
      colour: 0,
      colour1: '#111111',
    });
  });

  it("lists a group site's member journals, and a member site's groups", async () => {
    expect(await getGroupEntries(fixture.db, 2)).toEqual([
      { id: 10, siteId: 1, sld: 'alpha', publicationName: '甲刊旧版', enPublicationName: 'Alpha Old' },
      { id: 11, siteId: 1, sld: 'alpha', publicationName: '甲刊', enPublicationName: 'Alpha Journal' },
      { id: 30, siteId: 3, sld: 'gamma', publicationName: '丙刊', enPublicationName: 'Gamma Journal' },
    ]);
    expect(await getGroupEntries(fixture.db, 1)).toEqual([
      { id: 2, siteId: 2, sld: 'beta', publicationName: '乙集团', enPublicationName: 'Beta Group' },
    ]);
  });
});
