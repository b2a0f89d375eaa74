/**
 * batchPublicizeInfo and downloadCitation: GB/T 7714 and APA text of a site's articles, downloads
 * in the five formats that parse back, and bad input or another site's article refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { CITATION_FORMATS } from '../../src/lib/citation-formats.ts';
import { Cite } from '../../src/server/citations/citation-js.ts';
import { row, rows } from '../fixtures/rows.ts';
import { type ApiFixture, createApiFixture } from './api-fixture.ts';

let api: ApiFixture;
let ids: number[];
let otherSiteId: number;

beforeAll(async () => {
  api = await createApiFixture({ articles: 120 });
  const db = api.demo.db;
  ids = (
    await rows(
      db,
      "SELECT id FROM articles WHERE site_id = 1 AND status = 'formal' AND doi IS NOT NULL ORDER BY id LIMIT 3",
    )
  ).map((found) => Number(found['id']));
  otherSiteId = Number(
    (await row(db, "SELECT id FROM articles WHERE site_id <> 1 AND status = 'formal' ORDER BY id LIMIT 1"))?.['id'],
  );
});
afterAll(() => api.cleanup());

describe('batchPublicizeInfo', () => {
  it('answers GB/T 7714 (quote) and APA (transQuote) for each article, leaving out unknown and other sites’ ids', async () => {
    const res = await api.json(
      `${apiPaths.batchPublicizeInfo}?siteId=1&ids=${[...ids, otherSiteId, 99999999].join(',')}`,
      { sld: 'jmst' },
    );
    expect(res.status).toBe(0);
    const data = res.data as { id: number; quote: string; transQuote: string }[];
    expect(data.map((item) => item.id)).toEqual(ids);
    for (const item of data) {
      expect(item.quote).toMatch(/\[J\]\. .+, \d{4}/);
      expect(item.transQuote).toMatch(/\(\d{4}\)\./);
    }
  });

  it('refuses bad ids in the request language', async () => {
    for (const bad of ['', 'abc', '1,,2', '-1', Array.from({ length: 201 }, (_, i) => i + 1).join(',')]) {
      const en = await api.json(`${apiPaths.batchPublicizeInfo}?siteId=1&ids=${bad}`, {
        sld: 'jmst',
        headers: { language: 'en' },
      });
      expect(en.status, bad).toBe(400);
      expect(en.message, bad).toMatch(/[a-z]/i);
    }
  });
});

describe('downloadCitation', () => {
  it('downloads every format as an attachment with its media type; BibTeX and RIS parse back to the same articles', async () => {
    for (const format of CITATION_FORMATS) {
      const res = await api.call(
        `${apiPaths.downloadCitation}?ids=${ids.join(',')}&citationType=${format}&language=en`,
        { sld: 'jmst' },
      );
      expect(res.status, format).toBe(200);
      expect(res.headers.get('content-disposition'), format).toMatch(/^attachment; filename="citations-3\.\w+"/);
      const body = await res.text();
      if (format === 'BibTeX' || format === 'RefMan') {
        const parsed = new Cite(body).data as { DOI?: string }[];
        expect(parsed.length, format).toBe(3);
        expect(
          parsed.every((item) => typeof item.DOI === 'string' && item.DOI.startsWith('10.')),
          format,
        ).toBe(true);
      }
      if (format === 'NoteFirst') expect(body).toContain('<Bibliographies');
      if (format === 'NoteExpress') expect(body).toContain('{Reference Type}: Journal Article');
    }
  });

  it('a format it does not know, or only another site’s article, is an error envelope', async () => {
    const unknown = await api.json(`${apiPaths.downloadCitation}?siteId=1&ids=${ids[0]}&citationType=Word`, {
      sld: 'jmst',
    });
    expect(unknown.status).toBe(400);
    const foreign = await api.json(`${apiPaths.downloadCitation}?siteId=1&ids=${otherSiteId}&citationType=BibTeX`, {
      sld: 'jmst',
    });
    expect(foreign.status).toBe(404);
  });
});
