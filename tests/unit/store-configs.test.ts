import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFooterConfig, getHeaderConfig, getPublicationConfig } from '../../src/server/store/configs.ts';
import { fileUrl } from '../../src/server/store/files.ts';
import { visitTotals } from '../../src/server/store/visits.ts';
import { createStoreFixture, type StoreFixture } from './store-fixture.ts';

let fixture: StoreFixture;
beforeAll(() => {
  fixture = createStoreFixture();
});
afterAll(() => fixture.cleanup());

describe('configs', () => {
  it('parses custom buttons from JSON, coercing numbers and dropping malformed entries', async () => {
    const header = await getHeaderConfig(fixture.db, 1);
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
    expect((await getHeaderConfig(fixture.db, 2)).configData.customButtonList).toEqual([]);
  });

  it('gives a site without config rows the defaults', async () => {
    expect(await getHeaderConfig(fixture.db, 3)).toMatchObject({ navStyle: 1, resourceType: '428;-3;25;29;28;0;-2' });
    expect(await getPublicationConfig(fixture.db, 3)).toEqual({
      publicationId: null,
      showCover: 1,
      showIssn: 1,
      tocPageSize: 100,
    });
    expect((await getFooterConfig(fixture.db, 3, { sumVisits: 0, todayVisits: 0 })).showVisits).toBe(0);
  });

  it('puts the visit totals and file URLs into the footer', async () => {
    const footer = await getFooterConfig(
      fixture.db,
      1,
      await visitTotals(fixture.db, 1, new Date('2025-06-01T12:00:00Z')),
    );
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
