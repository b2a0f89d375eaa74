import { describe, expect, it } from 'vitest';
import { langOfRequest } from '../../src/lib/lang.ts';
import { canonical, type LegacyLookup, legacy, matchLegacy, matchPattern } from '../../src/lib/routes.ts';

const lookup: LegacyLookup = {
  periodById: async (_siteId, periodId) => (periodId === 77 ? { year: 2025, issue: 6 } : null),
};

async function redirectOf(path: string): Promise<string | null> {
  const match = matchLegacy(path);
  if (!match) return null;
  const lang = langOfRequest({ pathLang: match.params['lang'] });
  return match.route.toCanonical(match.params, lang, lookup);
}

describe('legacy URLs lead to one canonical URL', () => {
  const cases: [string, string | null][] = [
    ['/homeNav/jmst/en/', '/en/home/'],
    ['/homeNav/jmst', '/zh/home/'],
    ['/jmst/home/en', '/en/home/'],
    ['/article/id/1/12/en', '/en/article/12/'],
    ['/article/id/1/12/pc/zh', '/zh/article/12/'],
    ['/thesis/1/12/en', '/en/article/12/'],
    ['/thesis/1/12/pc/en', '/en/article/12/'],
    ['/en/article/1/12', '/en/article/12/'],
    ['/zh/thesis/1/12', '/zh/article/12/'],
    ['/article/doi/1/10.13475/j.jmst.2024.03.012/en', '/en/article/doi/10.13475/j.jmst.2024.03.012/'],
    ['/article/doi/1/10.13475/j.jmst.2024.03.012', '/zh/article/doi/10.13475/j.jmst.2024.03.012/'],
    ['/newAlbumDetail/1/5/en', '/en/collections/5/'],
    ['/newAlbumList/1/9/zh', '/zh/collectionList/9/'],
    ['/newItemPage/1/3/en', '/en/info/3/'],
    ['/newPeriodIntroduce/1/2/en', '/en/about/2/'],
    ['/newsDetails/1/44/en', '/en/newsDetails/44/'],
    ['/newsInfo/1/8/channel/0/0/en', '/en/newsInfo/8/0/'],
    ['/newEditorial/1/6/31/en', '/en/editorial-board/6/31/'],
    ['/newAcademic/1/4/backissue/77/0/en', '/en/issue/2025/6/'],
    ['/newAcademic/1/4/backissue/78/0/en', null],
    ['/newAcademic/1/4/singleFirst/0/0/zh', '/zh/onlineFirst/'],
    ['/newAcademic/1/4/latestOffer/0/0/en', '/en/justAccepted/'],
    ['/newAcademic/1/4/directory/0/0/en', '/en/issue/'],
  ];
  for (const [from, to] of cases) {
    it(`${from} → ${to}`, async () => {
      expect(await redirectOf(from)).toBe(to);
    });
  }

  it('a language other than zh or en is not accepted', () => {
    expect(matchLegacy('/article/id/1/12/fr')).toBeNull();
    expect(matchLegacy('/homeNav/jmst/de/')).toBeNull();
  });

  it('canonical URLs are not legacy URLs', () => {
    for (const path of ['/zh/home/', '/en/article/12/', '/en/article/doi/10.1/x/', '/zh/issue/2025/6/', '/en/news/']) {
      expect(matchLegacy(path)).toBeNull();
    }
  });

  it('legacy builders produce URLs that redirect back to the canonical ones', async () => {
    expect(await redirectOf(legacy.article(1, 12, 'en'))).toBe(canonical.article('en', 12));
    expect(await redirectOf(legacy.collection(1, 5, 'zh'))).toBe(canonical.collection('zh', 5));
    expect(await redirectOf(legacy.info(1, 3, 'en'))).toBe(canonical.info('en', 3));
    expect(await redirectOf(legacy.about(1, 2, 'zh'))).toBe(canonical.about('zh', 2));
    expect(await redirectOf(legacy.newsInfo(1, 8, 'en'))).toBe(canonical.newsInfo('en', 8, 0));
    expect(await redirectOf(legacy.editorialBoard(1, 6, 31, 'en'))).toBe(canonical.editorialBoard('en', 6, 31));
    expect(await redirectOf(legacy.backIssue(1, 4, 77, 'en'))).toBe(canonical.issue('en', 2025, 6));
    expect(await redirectOf(legacy.home('jmst', 'en'))).toBe(canonical.home('en'));
  });
});

describe('canonical URLs', () => {
  it('encode a channel code or route as one path segment', () => {
    expect(canonical.channel('zh', 'aboutus')).toBe('/zh/aboutus/');
    expect(canonical.channel('en', 'call for papers')).toBe('/en/call%20for%20papers/');
    expect(canonical.channel('zh', '征稿/启事')).toBe('/zh/%E5%BE%81%E7%A8%BF%2F%E5%90%AF%E4%BA%8B/');
  });
});

describe('matchPattern', () => {
  it('reads optional and rest segments', () => {
    expect(matchPattern('/a/:x/:y?', '/a/1')).toEqual({ x: '1' });
    expect(matchPattern('/a/:x/*rest', '/a/1/b/c')).toEqual({ x: '1', rest: 'b/c' });
    expect(matchPattern('/a/:x', '/a/1/2')).toBeNull();
  });
});

describe('the {site} segment of home URLs', () => {
  const visited: LegacyLookup = { ...lookup, site: { id: 1, sld: 'jmst' } };
  it('names the visited site by sld or id, else it is no home URL', async () => {
    const target = async (path: string) => {
      const match = matchLegacy(path);
      return match ? match.route.toCanonical(match.params, 'en', visited) : null;
    };
    expect(await target('/jmst/home/en')).toBe('/en/home/');
    expect(await target('/1/home/en')).toBe('/en/home/');
    expect(await target('/homeNav/jmst/en')).toBe('/en/home/');
    expect(await target('/fr/home/')).toBeNull();
    expect(await target('/cpg/home/en')).toBeNull();
  });
});
