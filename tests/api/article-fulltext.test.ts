/**
 * The `html` and `references` groups of the article API: the full text drawn from JATS and the
 * structured references, answered by our rc-pub API and passed through by RcPubSource (upstream
 * mode) with the same objects LocalSource gives; bad and unknown ids answer the envelope with a
 * clear message.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRcPubSource } from '../../src/content/rcpub-source.ts';
import type { ContentSource } from '../../src/content/source.ts';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { createApi } from '../../src/server/api/index.ts';
import { folderFiles, importContent } from '../../src/server/import/index.ts';
import { createLocalSource } from '../../src/server/local-source.ts';
import { createDemoDb, type DemoDb } from '../fixtures/demo-db.ts';
import { row, value } from '../fixtures/rows.ts';

const FIXTURE = join(import.meta.dirname, '../fixtures/jats');
type Json = Record<string, unknown>;

let demo: DemoDb;
let server: ServerType;
let origin: string;
let local: ContentSource;
let remote: ContentSource;
let figures: number;
let tables: number;
let plain: number;

beforeAll(async () => {
  demo = await createDemoDb({ articles: 40 });
  const db = demo.db;
  const site = await row(db, 'SELECT name, en_name FROM sites WHERE id = 1');
  const issn = String((await row(db, 'SELECT issn FROM publications WHERE site_id = 1 ORDER BY id LIMIT 1'))?.['issn']);
  const issue = JSON.parse(readFileSync(join(FIXTURE, 'issue.json'), 'utf8')) as Json;
  const articles = (issue['articles'] as Json[]).map((article): Json => {
    const { period: _period, ...rest } = article;
    return { ...rest, issn, status: 'online-first' };
  });
  await importContent(
    db,
    { site: { sld: 'jmst', name: site?.['name'], enName: site?.['en_name'] }, articles },
    new Date().toISOString(),
    folderFiles(FIXTURE),
  );
  const idOf = (doi: string) => value(db, 'SELECT id FROM articles WHERE doi = ?', doi);
  figures = await idOf('10.3788/AOS.2026.02.001');
  tables = await idOf('10.3788/AOS.2026.02.002');
  plain = await value(db, "SELECT id FROM articles WHERE site_id = 1 AND status = 'formal' ORDER BY id LIMIT 1");
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
  it('gives the full text of an article imported with JATS, and null for one without', async () => {
    const source = sourceOf();
    const html = await source.getArticleHtml(1, figures);
    expect(html?.toc.map((entry) => entry.title)).toEqual(['Introduction', 'Results']);
    expect(html?.bodyHtml.match(/<figure class="ft-fig"/g)).toHaveLength(3);
    expect((await source.getArticleHtml(1, tables))?.footnotesHtml).toContain('Measured at room temperature.');
    expect(await source.getArticleHtml(1, plain)).toBeNull();
    expect(await source.getArticleHtml(1, 99_999_999)).toBeNull();
  });

  it('gives the references structured, a reference without a DOI with none', async () => {
    const source = sourceOf();
    const references = await source.getArticleReferences(1, figures);
    expect(references.map((r) => [r.anchor, r.authors, r.year, r.volume, r.pages, r.doi])).toEqual([
      ['b1', 'Yu N, Capasso F', '2014', '13', '139-150', '10.1038/nmat3839'],
      ['b2', 'Zheng G, et al.', '2015', '10', '308-312', '10.1038/nnano.2015.2'],
    ]);
    expect((await source.getArticleReferences(1, tables))[0]).toMatchObject({
      source: 'Principles of Optics',
      doi: null,
    });
    expect(await source.getArticleReferences(1, 99_999_999)).toEqual([]);
  });
});

it('both sources answer the same objects', async () => {
  for (const id of [figures, tables, plain]) {
    expect(await remote.getArticleHtml(1, id)).toEqual(await local.getArticleHtml(1, id));
    expect(await remote.getArticleReferences(1, id)).toEqual(await local.getArticleReferences(1, id));
  }
});

describe('bad requests', () => {
  const get = async (path: string, lang: string) => {
    const res = await fetch(`${origin}${path}`, { headers: { 'accept-language': lang } });
    return (await res.json()) as { status: number; message: string; data: unknown };
  };
  it.each([apiPaths.articleHtml, apiPaths.articleReferences])(
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
