/** The channel list's filter=true applies the one menu-filter rule (docs/product-rules.md#menu-filter) in the call's language. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel } from '../../src/content/types.ts';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { filteredChannels, HIDDEN_MENU_CODES } from '../../src/lib/menu-filter.ts';
import { type ApiFixture, createApiFixture } from './api-fixture.ts';

let api: ApiFixture;
beforeAll(async () => {
  api = await createApiFixture();
});
afterAll(() => api.cleanup());

const tree = async (query: string, language: 'zh' | 'en') =>
  (await api.json(`${apiPaths.channelList}?siteId=1${query}`, { headers: { language } })).data as Channel[];
const codes = (channels: Channel[]): string[] =>
  channels.flatMap((channel) => [channel.code, ...codes(channel.children)]);

describe('channel list', () => {
  it.each(['zh', 'en'] as const)('with filter=true answers the menu of the language (%s)', async (lang) => {
    const all = await tree('', lang);
    const filtered = await tree('&filter=true', lang);
    expect(filtered).toEqual(filteredChannels(all, lang));
    expect(codes(filtered).some((code) => HIDDEN_MENU_CODES.has(code))).toBe(false);
    expect(codes(all).some((code) => HIDDEN_MENU_CODES.has(code))).toBe(true);
  });

  it('without filter (or filter=false) answers every enabled channel', async () => {
    expect(await tree('&filter=false', 'zh')).toEqual(await tree('', 'zh'));
  });
});
