import { describe, expect, it } from 'vitest';
import { matchPreviewPath, previewPath, previewToken, previewTokenOpens } from '../../src/server/preview-link.ts';

describe('preview links', () => {
  it('matches a preview path with the project-wide id rule', () => {
    expect(matchPreviewPath('/en/preview/article/42/')).toEqual({ lang: 'en', kind: 'article', id: 42 });
    expect(matchPreviewPath('/zh/preview/issue/7')).toEqual({ lang: 'zh', kind: 'issue', id: 7 });
    expect(matchPreviewPath(`/zh/preview/news/${'9'.repeat(15)}/`)?.id).toBe(999_999_999_999_999);
    for (const bad of ['0', '-1', '1e3', '12abc', '9'.repeat(16), ''])
      expect(matchPreviewPath(`/zh/preview/article/${bad}/`), bad).toBeNull();
    expect(matchPreviewPath('/zh/preview/album/3/')).toBeNull();
  });

  it('opens only for the item, site and time it was signed for', () => {
    const now = new Date('2026-11-27T10:00:00Z');
    const target = { siteId: 1, kind: 'news', id: 5 } as const;
    const token = previewToken('secret', target, new Date(now.getTime() + 60_000));
    expect(previewPath('en', { kind: 'news', id: 5 }, token)).toContain('/en/preview/news/5/');
    expect(previewTokenOpens('secret', target, token, now)).toBe(true);
    expect(previewTokenOpens('secret', { ...target, id: 6 }, token, now)).toBe(false);
    expect(previewTokenOpens('secret', { ...target, siteId: 2 }, token, now)).toBe(false);
    expect(previewTokenOpens('secret', target, token, new Date(now.getTime() + 61_000))).toBe(false);
  });
});
