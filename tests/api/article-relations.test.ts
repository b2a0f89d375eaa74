/**
 * The `attachments`, `relations` and `resource-statistics` groups of the article API, answered by
 * our rc-pub API and passed through by RcPubSource (upstream mode) with the same objects
 * LocalSource gives; bad and unknown ids answer the envelope with a clear message.
 */
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRcPubSource } from '../../src/content/rcpub-source.ts';
import type { ContentSource } from '../../src/content/source.ts';
import { API_HEADERS, apiPaths } from '../../src/lib/api-paths.ts';
import { createApi } from '../../src/server/api/index.ts';
import { folderFiles, importContent } from '../../src/server/import/index.ts';
import { createLocalSource } from '../../src/server/local-source.ts';
import { createDemoDb, type DemoDb } from '../fixtures/demo-db.ts';
import { row, run, value } from '../fixtures/rows.ts';

const FIXTURE = join(import.meta.dirname, '../fixtures/import-files');

let demo: DemoDb;
let server: ServerType;
let origin: string;
let local: ContentSource;
let remote: ContentSource;
let subject: number;
let citing: number;
let withFiles: number;

beforeAll(async () => {
  demo = await createDemoDb({ articles: 40 });
  const db = demo.db;
  const formal = (skip: number) =>
    value(
      db,
      "SELECT id FROM articles WHERE site_id = 1 AND status = 'formal' AND doi IS NOT NULL ORDER BY id LIMIT 1 OFFSET ?",
      skip,
    );
  subject = await formal(0);
  citing = await formal(1);
  await run(db, 'UPDATE articles SET citations = 0 WHERE id = ?', subject);
  await run(
    db,
    "INSERT INTO article_references (article_id, position, text, doi) VALUES (?, 99, 'cites the subject', (SELECT upper(doi) FROM articles WHERE id = ?))",
    citing,
    subject,
  );
  const site = await row(db, 'SELECT name, en_name FROM sites WHERE id = 1');
  const issn = String((await row(db, 'SELECT issn FROM publications WHERE site_id = 1 ORDER BY id LIMIT 1'))?.['issn']);
  await importContent(
    db,
    {
      site: { sld: 'jmst', name: site?.['name'], enName: site?.['en_name'] },
      articles: [
        {
          issn,
          status: 'online-first',
          doi: '10.99999/relations.files.1',
          title: '附件测试文章',
          enTitle: 'An article with a supplementary file',
          publishedDate: '2026-01-10',
          authors: [{ name: '王光', enName: 'Wang Guang' }],
          supplementary: [
            { file: 'data/efficiency.csv', label: '衍射效率数据', enLabel: 'Diffraction efficiency data' },
          ],
        },
      ],
    },
    new Date().toISOString(),
    folderFiles(FIXTURE),
  );
  withFiles = await value(db, "SELECT id FROM articles WHERE doi = '10.99999/relations.files.1'");
  local = createLocalSource(db);
  const api = createApi({ db, source: local });
  server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch: api.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(started));
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  remote = createRcPubSource(origin);
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await demo.cleanup();
});

describe.each([
  ['LocalSource', () => local],
  ['RcPubSource', () => remote],
])('%s', (_name, sourceOf) => {
  it('gives the supplementary files with name, labels, size and type; none for an unknown article', async () => {
    const source = sourceOf();
    expect(await source.getArticleAttachments(1, withFiles)).toEqual([
      expect.objectContaining({
        name: 'efficiency.csv',
        label: '衍射效率数据',
        enLabel: 'Diffraction efficiency data',
        size: 43,
        contentType: 'text/csv; charset=utf-8',
      }),
    ]);
    expect(await source.getArticleAttachments(1, 99_999_999)).toEqual([]);
  });

  it('gives the relations, the citing article among them; null for an unknown article', async () => {
    const source = sourceOf();
    const relations = await source.getArticleRelations(1, subject);
    expect(relations?.citedBy.map((item) => item.id)).toEqual([citing]);
    expect(relations?.article.map((item) => item.id)).not.toContain(subject);
    expect(await source.getArticleRelations(1, 99_999_999)).toBeNull();
  });

  it('gives views, downloads and the citations counted on the portal where the import gave none', async () => {
    const source = sourceOf();
    expect(await source.getResourceStatistics(1, subject)).toMatchObject({ citations: 1, citedBy: 1 });
    expect(await source.getResourceStatistics(1, 99_999_999)).toBeNull();
  });
});

it('both sources answer the same objects', async () => {
  for (const id of [subject, citing, withFiles]) {
    expect(await remote.getArticleAttachments(1, id)).toEqual(await local.getArticleAttachments(1, id));
    expect(await remote.getArticleRelations(1, id)).toEqual(await local.getArticleRelations(1, id));
    expect(await remote.getResourceStatistics(1, id)).toEqual(await local.getResourceStatistics(1, id));
  }
});

it('the attachment downloads with its own content type', async () => {
  const [file] = await local.getArticleAttachments(1, withFiles);
  const res = await fetch(`${origin}${file?.url ?? ''}`, { headers: { [API_HEADERS.siteId]: '1' } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
});

describe('bad requests', () => {
  const get = async (path: string, lang: string) => {
    const res = await fetch(`${origin}${path}`, { headers: { 'accept-language': lang } });
    return (await res.json()) as { status: number; message: string; data: unknown };
  };
  it.each([apiPaths.articleAttachments, apiPaths.articleRelations, apiPaths.resourceStatistics])(
    '%s: an unknown or malformed id answers a non-zero status with a message',
    async (path) => {
      const unknown = await get(`${path}?siteId=1&id=99999999`, 'en');
      expect(unknown.status).not.toBe(0);
      expect(unknown.message).not.toBe('');
      const malformed = await get(`${path}?siteId=1&id=abc`, 'en');
      expect(malformed.status).not.toBe(0);
      expect(malformed.message).toMatch(/id/);
    },
  );
});
