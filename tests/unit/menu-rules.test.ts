/** The menu's guard rails as the console's editor will call them: pure checks over plain rows. */
import { describe, expect, it } from 'vitest';
import { menuRefusalMessage } from '../../src/i18n/menu-messages.ts';
import {
  channelPaths,
  hasOwnContent,
  isLinkCode,
  isSafeMenuLink,
  linksToPaths,
  linkValueRefusal,
  parentRefusal,
} from '../../src/lib/menu-rules.ts';

describe('menu link values', () => {
  it('opens http(s) with a host, site paths and mailto only', () => {
    for (const good of ['https://example.org/a?b=1', 'http://example.org', '/zh/info/3/', '/', 'mailto:a@example.org'])
      expect(isSafeMenuLink(good), good).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      '/\\evil.example',
      'https://',
      'ftp://example.org',
      'mailto://x',
      'zh/info/3/',
      '',
    ])
      expect(isSafeMenuLink(bad), bad).toBe(false);
  });

  it('lets items other than jump keep an id, and says the limit in the refusal', () => {
    expect(linkValueRefusal('periodIntroduce', '12')).toBeNull();
    expect(linkValueRefusal('jump', '12')).toEqual({ rule: 'linkInvalid' });
    expect(linkValueRefusal('jump', null)).toBeNull();
    const long = linkValueRefusal('jump', `https://example.org/${'a'.repeat(2000)}`);
    expect(long && menuRefusalMessage(long, 'en')).toBe('A link value may have at most 2000 characters.');
  });
});

describe('menu placement', () => {
  const nodes = [
    { id: 1, parentId: 0, code: 'index' },
    { id: 2, parentId: 0, code: 'news' },
    { id: 3, parentId: 2, code: 'newNews' },
    { id: 4, parentId: 0, code: 'item' },
  ];
  it('allows the top level and one level below it', () => {
    expect(parentRefusal(nodes, 0, 3)).toBeNull();
    expect(parentRefusal(nodes, 2, 4)).toBeNull();
    expect(parentRefusal(nodes, 2)).toBeNull();
  });
  it('refuses cycles, missing parents and a third level', () => {
    expect(parentRefusal(nodes, 3, 2)).toEqual({ rule: 'parentCycle' });
    expect(parentRefusal(nodes, 2, 2)).toEqual({ rule: 'parentCycle' });
    expect(parentRefusal(nodes, 9, 4)).toEqual({ rule: 'parentMissing', id: 9 });
    expect(parentRefusal(nodes, 3, 4)).toEqual({ rule: 'tooDeep', max: 2 });
    expect(parentRefusal(nodes, 4, 2)).toEqual({ rule: 'tooDeep', max: 2 });
  });
});

describe('what links to an item', () => {
  const paths = channelPaths({ id: 7, parentId: 0, code: 'newItem', route: 'ethics', siteId: 3 });
  it('matches its pages in both languages and both URL families, whatever the query or host', () => {
    for (const link of [
      '/zh/info/7/',
      '/en/info/7',
      'https://jmst.example.org/en/ethics/?x=1#top',
      '/newItemPage/3/7/zh/',
    ])
      expect(linksToPaths(link, paths), link).toBe(true);
    for (const link of ['/zh/info/70/', '/zh/info/', 'mailto:a@example.org', null])
      expect(linksToPaths(link, paths), String(link)).toBe(false);
  });
});

describe('which items the console edits', () => {
  it('writes the page body of item, newItem and about items only', () => {
    for (const code of ['item', 'newItem', 'aboutus', 'periodIntroduce'])
      expect(hasOwnContent({ code }), code).toBe(true);
    for (const code of ['index', 'jump', 'news', 'directory']) expect(hasOwnContent({ code }), code).toBe(false);
  });

  it('treats the link value of jump items as the address they open', () => {
    expect(isLinkCode('jump')).toBe(true);
    expect(isLinkCode('item')).toBe(false);
  });
});
