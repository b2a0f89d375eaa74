/** files/get caching and the article PDF download. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { utf16Hex } from '../../src/server/files/pdf.ts';
import { row, rows, run, value } from '../fixtures/rows.ts';
import { type ApiFixture, createApiFixture } from './api-fixture.ts';

let api: ApiFixture;

beforeAll(async () => {
  // the real PDF renderer, loaded on first download as in production
  api = await createApiFixture();
});
afterAll(() => api.cleanup());

const count = (sql: string, ...params: number[]) => value(api.demo.db, sql, ...params);

describe('files/get', () => {
  it('serves a stored picture with its content type, a strong ETag and a day of caching, and 304 when unchanged', async () => {
    const file = await row(
      api.demo.db,
      "SELECT id, content_type, data FROM files WHERE content_type = 'image/svg+xml' AND site_id = 1 LIMIT 1",
    );
    const response = await api.call(`${apiPaths.fileGet}?id=${file?.['id']}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    expect(await response.text()).toContain('<svg');
    const again = await api.call(`${apiPaths.fileGet}?id=${file?.['id']}`, {
      headers: { 'if-none-match': etag ?? '' },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
    const changed = await api.call(`${apiPaths.fileGet}?id=${file?.['id']}`, {
      headers: { 'if-none-match': '"other"' },
    });
    expect(changed.status).toBe(200);
  });

  it('serves a site’s file only for that site (not found elsewhere), and answers bad or unknown ids with an envelope', async () => {
    const other = await row(
      api.demo.db,
      'SELECT f.id, s.sld FROM files f JOIN sites s ON s.id = f.site_id WHERE f.site_id = 2 LIMIT 1',
    );
    expect(await api.json(`${apiPaths.fileGet}?id=${other?.['id']}`, { headers: { language: 'en' } })).toMatchObject({
      status: 404,
      message: 'Resource not found',
    });
    expect((await api.call(`${apiPaths.fileGet}?id=${other?.['id']}`, { sld: String(other?.['sld']) })).status).toBe(
      200,
    );
    // server to server (no site in Host): the siteId names the site
    expect(
      (await api.call(`${apiPaths.fileGet}?id=${other?.['id']}`, { sld: null, headers: { siteId: '2' } })).status,
    ).toBe(200);
    expect(
      await api.json(`${apiPaths.fileGet}?id=${other?.['id']}`, { sld: null, headers: { siteId: '1' } }),
    ).toMatchObject({ status: 404 });
    expect(await api.json(`${apiPaths.fileGet}?id=abc`)).toMatchObject({ status: 400, message: '参数错误：id' });
    expect(await api.json(`${apiPaths.fileGet}?id=99999999`, { headers: { language: 'en' } })).toMatchObject({
      status: 404,
      message: 'Resource not found',
    });
  });
});

describe('files/get for the demo media', () => {
  it('serves each medium the resource pages play with its content type, and one byte range (206) of it', async () => {
    const media = await rows(api.demo.db, 'SELECT kind, url FROM media WHERE site_id = 1 ORDER BY id');
    expect(media.length).toBeGreaterThan(0);
    for (const medium of media) {
      const url = String(medium['url']);
      expect(url.startsWith(`${apiPaths.fileGet}?id=`), url).toBe(true);
      const whole = await api.call(url);
      expect(whole.status).toBe(200);
      expect(whole.headers.get('content-type')).toBe(medium['kind'] === 'video' ? 'video/webm' : 'audio/wav');
      expect(whole.headers.get('accept-ranges')).toBe('bytes');
      const bytes = new Uint8Array(await whole.arrayBuffer());
      // a WebM file opens with the EBML magic, a WAV file with RIFF…WAVE
      if (medium['kind'] === 'video') expect([...bytes.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
      else expect(new TextDecoder().decode(bytes.subarray(8, 12))).toBe('WAVE');

      const part = await api.call(url, { headers: { range: 'bytes=4-11' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 4-11/${bytes.length}`);
      expect(part.headers.get('content-type')).toBe(whole.headers.get('content-type'));
      expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([...bytes.subarray(4, 12)]);

      const tail = await api.call(url, { headers: { range: 'bytes=-10' } });
      expect([...new Uint8Array(await tail.arrayBuffer())]).toEqual([...bytes.subarray(bytes.length - 10)]);
      const beyond = await api.call(url, { headers: { range: `bytes=${bytes.length}-` } });
      expect(beyond.status).toBe(416);
      expect(beyond.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
      // a range of an older version (another ETag) is not applied: the whole file comes back
      const stale = await api.call(url, { headers: { range: 'bytes=0-1', 'if-range': '"older"' } });
      expect(stale.status).toBe(200);
    }
  });
});

describe('article PDF download', () => {
  it('makes the PDF on first download, serves the stored one afterwards, and counts each download', async () => {
    // an article whose journal supplied no PDF of its own
    const article = await row(
      api.demo.db,
      "SELECT id, downloads, title FROM articles WHERE site_id = 1 AND status = 'formal' AND pdf_file_id IS NULL ORDER BY id LIMIT 1",
    );
    const id = Number(article?.['id']);
    const before = Number(article?.['downloads']);
    const files = await count('SELECT COUNT(*) FROM files');

    const first = await api.call(`${apiPaths.articleDownload}?id=${id}&attachType=pdf&siteId=1`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/pdf');
    const disposition = first.headers.get('content-disposition') ?? '';
    expect(disposition).toContain(`filename="article-${id}.pdf"`);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent(String(article?.['title']).slice(0, 10))}`);
    const bytes = new Uint8Array(await first.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(await count('SELECT COUNT(*) FROM files')).toBe(files + 1);
    expect(
      await count(
        "SELECT COUNT(*) FROM attachments WHERE article_id = ? AND attach_type = 'pdf' AND file_id IS NOT NULL",
        id,
      ),
    ).toBe(1);

    const second = await api.call(`${apiPaths.articleDownload}?id=${id}&attachType=pdf&siteId=1`);
    expect(new Uint8Array(await second.arrayBuffer())).toEqual(bytes);
    expect(await count('SELECT COUNT(*) FROM files')).toBe(files + 1);
    expect(await count('SELECT downloads FROM articles WHERE id = ?', id)).toBe(before + 2);
  });

  it('renders once when two first downloads arrive together', async () => {
    const id = Number(
      (
        await row(
          api.demo.db,
          "SELECT id FROM articles WHERE site_id = 2 AND status = 'formal' AND pdf_file_id IS NULL ORDER BY id LIMIT 1",
        )
      )?.['id'],
    );
    const files = await count('SELECT COUNT(*) FROM files');
    const [a, b] = await Promise.all(
      [1, 2].map(() => api.call(`${apiPaths.articleDownload}?id=${id}&siteId=2`, { sld: 'cpg' })),
    );
    expect(a?.status).toBe(200);
    expect(b?.status).toBe(200);
    expect(await count('SELECT COUNT(*) FROM files')).toBe(files + 1);
  });

  it('does not download another site’s article, an unknown id, or another attachment type', async () => {
    const id = Number(
      (await row(api.demo.db, "SELECT id FROM articles WHERE site_id = 1 AND status = 'formal' LIMIT 1"))?.['id'],
    );
    const downloads = await count('SELECT downloads FROM articles WHERE id = ?', id);
    expect(await api.json(`${apiPaths.articleDownload}?id=${id}&siteId=2`, { sld: 'cpg' })).toMatchObject({
      status: 404,
    });
    expect(await api.json(`${apiPaths.articleDownload}?id=99999999&siteId=1`)).toMatchObject({ status: 404 });
    expect(await api.json(`${apiPaths.articleDownload}?id=${id}&attachType=doc&siteId=1`)).toMatchObject({
      status: 400,
      message: '参数错误：attachType',
    });
    expect(await api.json(`${apiPaths.articleDownload}?siteId=1`)).toMatchObject({
      status: 400,
      message: '参数错误：id',
    });
    expect(await count('SELECT downloads FROM articles WHERE id = ?', id)).toBe(downloads);
  });
});

describe("the journal's own PDF", () => {
  const own = () =>
    row(
      api.demo.db,
      'SELECT a.id, a.title, a.downloads, f.data FROM articles a JOIN files f ON f.id = a.pdf_file_id WHERE a.site_id = 1 ORDER BY a.id LIMIT 1',
    );

  it('is what the download serves: the stored bytes (a demo full text of several pages with the article’s own title), with ETag, Last-Modified, 304 and ranges; only whole downloads count', async () => {
    const article = await own();
    const id = Number(article?.['id']);
    const stored = new Uint8Array(article?.['data'] as Uint8Array);
    const text = Buffer.from(stored).toString('latin1');
    expect(Number(/\/Count (\d+)/.exec(text)?.[1])).toBeGreaterThanOrEqual(2);
    expect(text).toContain(utf16Hex(String(article?.['title'])).slice(0, 24));
    const files = await count('SELECT COUNT(*) FROM files');
    const url = `${apiPaths.articleDownload}?id=${id}&attachType=pdf`;

    const full = await api.call(url);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('application/pdf');
    expect(full.headers.get('content-disposition')).toContain(`filename="article-${id}.pdf"`);
    expect(full.headers.get('last-modified')).toMatch(/GMT$/);
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    expect(new Uint8Array(await full.arrayBuffer())).toEqual(stored);
    // nothing drawn: the journal's file is served as it is
    expect(await count('SELECT COUNT(*) FROM files')).toBe(files);
    expect(await count('SELECT COUNT(*) FROM attachments WHERE article_id = ? AND file_id IS NOT NULL', id)).toBe(0);

    const etag = full.headers.get('etag') ?? '';
    expect((await api.call(url, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const part = await api.call(url, { headers: { range: 'bytes=0-7' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-7/${stored.byteLength}`);
    expect(await part.text()).toBe('%PDF-1.4');
    const later = await api.call(url, { headers: { range: `bytes=8-99` } });
    expect(later.status).toBe(206);
    expect((await api.call(url, { headers: { range: `bytes=${stored.byteLength + 5}-` } })).status).toBe(416);
    // the whole file and the first range are downloads; the revalidation and later ranges are not
    expect(await count('SELECT downloads FROM articles WHERE id = ?', id)).toBe(Number(article?.['downloads']) + 2);
  });

  it("a retracted article's own PDF is served with a Link to the page showing the notice and to the notice's DOI; others with none", async () => {
    const id = Number((await own())?.['id']);
    const url = `${apiPaths.articleDownload}?id=${id}&attachType=pdf&lang=en`;
    expect((await api.call(url)).headers.get('link')).toBeNull();
    await run(
      api.demo.db,
      "UPDATE articles SET notice_kind = 'retracted', notice_date = '2026-05-01', notice_reason = 'data fabrication', notice_doi = '10.1234/notice.1' WHERE id = ?",
      id,
    );
    try {
      const answer = await api.call(url);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/pdf');
      expect(answer.headers.get('link')).toBe(
        `</en/article/${id}/>; rel="describedby"; type="text/html", <https://doi.org/10.1234/notice.1>; rel="related"`,
      );
    } finally {
      await run(
        api.demo.db,
        'UPDATE articles SET notice_kind = NULL, notice_date = NULL, notice_reason = NULL, notice_doi = NULL WHERE id = ?',
        id,
      );
    }
  });

  it('the article record says which PDF the download serves', async () => {
    const id = Number((await own())?.['id']);
    const summaryId = Number(
      (
        await row(
          api.demo.db,
          "SELECT id FROM articles WHERE site_id = 1 AND status = 'formal' AND pdf_file_id IS NULL LIMIT 1",
        )
      )?.['id'],
    );
    expect(((await api.json(apiPaths.article.replace(':id', String(id)))).data as { pdfKind: string }).pdfKind).toBe(
      'publisher',
    );
    expect(
      ((await api.json(apiPaths.article.replace(':id', String(summaryId)))).data as { pdfKind: string }).pdfKind,
    ).toBe('summary');
  });
});
