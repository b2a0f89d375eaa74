/** Issue 29: a PDF drawn before a retraction is drawn again with the notice first; the article is still served. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { importContent } from '../../src/server/import/index.ts';
import { row } from '../fixtures/rows.ts';
import { type ApiFixture, createApiFixture } from './api-fixture.ts';

let api: ApiFixture;
beforeAll(async () => {
  api = await createApiFixture({ articles: 20 });
});
afterAll(() => api.cleanup());

describe('the PDF of an article retracted after its first download', () => {
  it('is drawn again with the notice above the title, and served', async () => {
    const article = await row(
      api.demo.db,
      "SELECT a.id, a.doi FROM articles a JOIN sites s ON s.id = a.site_id WHERE s.sld = 'jmst' AND a.status = 'formal' AND a.doi IS NOT NULL ORDER BY a.id LIMIT 1",
    );
    const url = `${apiPaths.articleDownload}?id=${Number(article?.['id'])}&attachType=pdf`;
    const before = Buffer.from(await (await api.call(url)).arrayBuffer()).toString('latin1');
    expect(before).not.toContain('Withdrawn');

    // one millisecond after now: later than the stored PDF, whatever the clock's resolution
    const at = new Date(Date.now() + 1).toISOString();
    await importContent(
      api.demo.db,
      {
        site: { sld: 'jmst' },
        articles: [
          {
            doi: String(article?.['doi']),
            notice: { kind: 'withdrawn', date: '2026-11-10', reason: 'At the authors request' },
          },
        ],
      },
      at,
    );
    const response = await api.call(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const after = Buffer.from(await response.arrayBuffer()).toString('latin1');
    expect(after).toContain('(Withdrawn 2026-11-10: At the authors request)');
  });
});
