/**
 * Issue 29: on the real server, an article page says honestly what its PDF link serves ("PDF全文"
 * only for the journal's own file, else "摘要页 PDF"), the PDF beside the abstract page and the
 * legacy download URL serve the journal's bytes, and an imported article lists its supplementary
 * files with label, type and size, each downloadable.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictionary } from '../../src/i18n/index.ts';
import { articlePdfPath } from '../../src/lib/routes.ts';
import { folderFiles, importContent } from '../../src/server/import/index.ts';
import { type Portal, startPortal } from './harness.ts';

const FIXTURE = join(import.meta.dirname, '../fixtures/import-files');
let portal: Portal;
let summaryId: number;
let importedId: number;

beforeAll(async () => {
  portal = await startPortal({ articles: 120 });
  const db = portal.db;
  summaryId = Number(
    db
      .prepare(
        "SELECT id FROM articles WHERE site_id = 1 AND status = 'formal' AND pdf_file_id IS NULL ORDER BY id LIMIT 1",
      )
      .get()?.['id'],
  );
  const site = db.prepare('SELECT name, en_name FROM sites WHERE id = 1').get();
  const issn = String(
    db.prepare('SELECT issn FROM publications WHERE site_id = 1 ORDER BY id LIMIT 1').get()?.['issn'],
  );
  await importContent(
    db,
    {
      site: { sld: 'jmst', name: site?.['name'], enName: site?.['en_name'] },
      articles: [
        {
          issn,
          status: 'online-first',
          doi: '10.99999/publisher.files.1',
          title: '出版社全文测试文章',
          enTitle: 'An article with the publisher’s files',
          publishedDate: '2026-01-10',
          authors: [{ name: '王光', enName: 'Wang Guang' }],
          pdf: 'pdf/2401.pdf',
          supplementary: [
            { file: 'data/efficiency.csv', label: '衍射效率数据', enLabel: 'Diffraction efficiency data' },
          ],
        },
      ],
    },
    new Date().toISOString(),
    folderFiles(FIXTURE),
  );
  importedId = Number(db.prepare("SELECT id FROM articles WHERE doi = '10.99999/publisher.files.1'").get()?.['id']);
});
afterAll(async () => {
  await portal?.close();
});

/** The text of the article page's PDF link. */
const pdfLink = (html: string) => /<a class="article-detail__pdf"[^>]*>([^<]*)<\/a>/.exec(html)?.[1];

describe.each(['zh', 'en'] as const)('an article page in %s', (lang) => {
  const t = dictionary(lang).pages;
  it('calls the link a full text only where the journal supplied its PDF', async () => {
    const own = await portal.request('jmst', `/${lang}/article/${importedId}/`);
    expect(own.status).toBe(200);
    expect(pdfLink(own.body)).toBe(t.fullTextPdf);
    const summary = await portal.request('jmst', `/${lang}/article/${summaryId}/`);
    expect(pdfLink(summary.body)).toBe(t.summaryPdf);
    expect(summary.body).not.toContain(t.fullTextPdf);
  });

  it('lists the supplementary files with label, type and size, and each downloads', async () => {
    const page = await portal.request('jmst', `/${lang}/article/${importedId}/`);
    const section =
      /<section class="article-detail__supplements"[^>]*>([\s\S]*?)<\/section>/.exec(page.body)?.[1] ?? '';
    expect(section).toContain(t.supplements);
    expect(section).toContain(lang === 'zh' ? '衍射效率数据' : 'Diffraction efficiency data');
    expect(section).toContain(lang === 'zh' ? 'efficiency.csv，CSV，43字节' : 'efficiency.csv, CSV, 43 bytes');
    const href = /href="([^"]+)"[^>]*download="efficiency.csv"/.exec(section)?.[1] ?? '';
    const file = await portal.request('jmst', href.replaceAll('&amp;', '&'));
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.bytes.equals(readFileSync(join(FIXTURE, 'data/efficiency.csv')))).toBe(true);
  });
});

it("the PDF beside the abstract page and the legacy download URL serve the journal's bytes", async () => {
  const bytes = readFileSync(join(FIXTURE, 'pdf/2401.pdf'));
  for (const path of [articlePdfPath('zh', importedId), `/rc-pub/front/front-article/download?id=${importedId}`]) {
    const answer = await portal.request('jmst', path);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.bytes.equals(bytes)).toBe(true);
    const again = await portal.request('jmst', path, { headers: { 'if-none-match': String(answer.headers.etag) } });
    expect(again.status).toBe(304);
  }
  const part = await portal.request('jmst', articlePdfPath('en', importedId), { headers: { range: 'bytes=0-4' } });
  expect(part.status).toBe(206);
  expect(part.body).toBe('%PDF-');
});
