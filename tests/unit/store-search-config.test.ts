import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSearchConditions, getSearchConfig } from '../../src/server/store/search-config.ts';
import { createStoreFixture, type StoreFixture } from './store-fixture.ts';

let fixture: StoreFixture;
beforeAll(() => {
  fixture = createStoreFixture();
});
afterAll(() => fixture.cleanup());

describe('search config', () => {
  it('maps the header resourceType list to codes and names, dropping unknown ids', async () => {
    const config = await getSearchConfig(fixture.db, 1);
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
    expect((await getSearchConfig(fixture.db, 2)).map((entry) => entry.type)).toEqual([428, 25]);
    expect(await getSearchConfig(fixture.db, 404)).toEqual([]);
  });

  it("gives SPEC's condition lists for articles and journals", async () => {
    expect((await getSearchConditions(fixture.db, 1, 'article')).map((c) => c.condition)).toEqual([
      '题名',
      '关键词',
      '作者',
      '机构',
      '摘要',
      'DOI',
    ]);
    expect((await getSearchConditions(fixture.db, 1, 'publication')).map((c) => c.field)).toEqual([
      'title',
      'sponsor',
      'cn',
      'issn',
    ]);
  });
});
