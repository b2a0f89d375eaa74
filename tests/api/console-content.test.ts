/**
 * The console's content routes: an import uploaded, checked (every problem, in the editor's
 * language, nothing written) and applied; an article found, corrected, retracted and removed. Each
 * is refused to another site's editor and to a cross-origin page, and audited.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZipFile } from 'yazl';
import { createAdminApi } from '../../src/server/admin/routes.ts';
import { hashPassword } from '../../src/server/auth/password.ts';
import { importContent } from '../../src/server/import/index.ts';
import { previewTokenOpens } from '../../src/server/preview-link.ts';
import type { Db } from '../../src/server/store/db.ts';
import { createStaff } from '../../src/server/store/staff.ts';
import { createEmptyStore, type EmptyStore } from '../fixtures/empty-store.ts';
import { row, rows, run, value } from '../fixtures/rows.ts';

const PASSWORD = 'a long editor password';
const HOST = 'jos.localhost:4321';
const ORIGIN = `http://${HOST}`;
const FILES = join(import.meta.dirname, '../fixtures/import-files');

type Json = Record<string, unknown>;
const issue = (): Json => JSON.parse(readFileSync(join(FILES, 'issue.json'), 'utf8'));

let store: EmptyStore;
let db: Db;
let app: ReturnType<typeof createAdminApi>;

beforeEach(async () => {
  store = await createEmptyStore();
  db = store.db;
  await importContent(db, { site: { sld: 'jos', name: '光学学报', enName: 'Journal of Optics' } });
  await importContent(db, { site: { sld: 'cpg', name: '集团', enName: 'Group' } });
  const hash = hashPassword(PASSWORD);
  await createStaff(db, { email: 'ed@example.org', passwordHash: hash, role: 'editor', sites: ['jos'] }, new Date());
  await createStaff(db, { email: 'other@example.org', passwordHash: hash, role: 'editor', sites: ['cpg'] }, new Date());
  const rebuilder = {
    request: async () => ({ ok: true as const, summary: {} }),
    state: () => 'idle',
    last: () => undefined,
  };
  app = createAdminApi({ db, token: 'platform-token-for-tests', rebuilder, previewSecret: 'preview-secret-for-tests' });
});
afterEach(() => store.close());

async function zip(entries: Record<string, Uint8Array | string>): Promise<Uint8Array<ArrayBuffer>> {
  const archive = new ZipFile();
  for (const [name, data] of Object.entries(entries)) archive.addBuffer(Buffer.from(data), name);
  archive.end();
  const chunks: Buffer[] = [];
  for await (const chunk of archive.outputStream) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

type Call = { method?: string; json?: unknown; body?: BodyInit; type?: string; headers?: Record<string, string> };

function call(path: string, options: Call = {}) {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { host: HOST, ...(method === 'GET' ? {} : { origin: ORIGIN }) };
  const body = options.json === undefined ? options.body : JSON.stringify(options.json);
  if (body !== undefined) headers['content-type'] = options.type ?? 'application/json';
  return app.request(`${ORIGIN}${path}`, { method, headers: { ...headers, ...options.headers }, body });
}

async function session(email: string): Promise<Record<string, string>> {
  const response = await call('/_admin/login', { method: 'POST', json: { email, password: PASSWORD } });
  expect(response.status).toBe(200);
  return { cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '' };
}

/** The site's audit entries of one action, as the console's audit log lists them (newest first). */
async function auditOf(headers: Record<string, string>, action: string): Promise<Json[]> {
  const response = await call(`/_admin/audit?site=jos&action=${action}`, { headers });
  return ((await response.json()) as { entries: Json[] }).entries;
}

const count = (sql: string) => value(db, sql);
const articleCount = () => count('SELECT count(*) AS n FROM articles');

/** The database itself refuses every new article with this message, as a full disk would; each engine says so in its own trigger language. */
async function refuseArticleInserts(message: string): Promise<void> {
  if (db.engine === 'sqlite') {
    await run(
      db,
      `CREATE TRIGGER refuse_articles BEFORE INSERT ON articles BEGIN SELECT RAISE(ABORT, '${message}'); END`,
    );
    return;
  }
  await run(
    db,
    `CREATE FUNCTION refuse_articles() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION '${message}'; END $$`,
  );
  await run(
    db,
    'CREATE TRIGGER refuse_articles BEFORE INSERT ON articles FOR EACH ROW EXECUTE FUNCTION refuse_articles()',
  );
}
type Problem = { path: string; message: string };

/** The issue fixture with two faults: a new article without a title, and an issue that is not listed. */
function faulty(): Json {
  const json = issue();
  const [first, second] = json['articles'] as Json[];
  delete first?.['title'];
  if (second) second['period'] = { year: 2026, issue: 9 };
  return json;
}

describe('import from the console', () => {
  it('lists every problem of a faulty file in the editor’s language and writes nothing', async () => {
    const editor = await session('ed@example.org');
    const body = JSON.stringify(faulty());
    const en = await call('/_admin/sites/jos/import/check?lang=en', { method: 'POST', body, headers: editor });
    expect(en.status).toBe(200);
    const answer = (await en.json()) as { ok: boolean; problems: Problem[] };
    expect(answer.ok).toBe(false);
    expect(answer.problems).toEqual(
      expect.arrayContaining([
        { path: 'articles[0].title', code: 'required', params: {}, message: 'Required' },
        {
          path: 'articles[1].period',
          code: 'unknownPeriod',
          params: { period: '2026/9', issn: '0253-2239' },
          message: expect.stringContaining('unknown period 2026/9'),
        },
        expect.objectContaining({ path: 'articles[0].pdf', message: expect.stringContaining('has no files folder') }),
      ]),
    );
    const zh = await call('/_admin/sites/jos/import/check?lang=zh', { method: 'POST', body, headers: editor });
    const zhProblems = ((await zh.json()) as { problems: Problem[] }).problems;
    expect(zhProblems).toContainEqual(expect.objectContaining({ path: 'articles[0].title', message: '缺少必填字段' }));
    expect(zhProblems).toContainEqual(
      expect.objectContaining({
        path: 'articles[1].period',
        message: 'ISSN 0253-2239 的期次 2026/9 不存在（请在 periods 中列出）',
      }),
    );
    const applied = await call('/_admin/sites/jos/import?lang=en', { method: 'POST', body, headers: editor });
    expect(applied.status).toBe(422);
    expect(((await applied.json()) as { problems: Problem[] }).problems.length).toBe(answer.problems.length);
    expect(await articleCount()).toBe(0);
  });

  it('checks a good zip with its PDFs without writing, then applies it and audits the import', async () => {
    const editor = await session('ed@example.org');
    const pdf = readFileSync(join(FILES, 'pdf/2401.pdf'));
    const body = await zip({
      'issue.json': JSON.stringify(issue()),
      'pdf/2401.pdf': pdf,
      'data/efficiency.csv': readFileSync(join(FILES, 'data/efficiency.csv')),
    });
    const upload = { method: 'POST', body, type: 'application/zip', headers: editor };
    const checked = await call('/_admin/sites/jos/import/check?lang=en', upload);
    expect(await checked.json()).toEqual({
      ok: true,
      problems: [],
      notices: [],
      counts: { articles: 2, periods: 1, news: 0 },
    });
    expect(await articleCount()).toBe(0);
    const applied = await call('/_admin/sites/jos/import?lang=en&name=issue.zip', upload);
    expect(applied.status).toBe(200);
    const { summary } = (await applied.json()) as { summary: { articles: number; files: number; added: number } };
    expect(summary).toMatchObject({ articles: 2, files: 2 });
    expect(summary.added).toBeGreaterThan(0);
    expect(await articleCount()).toBe(2);
    const audit = await auditOf(editor, 'import');
    expect(audit).toEqual([
      expect.objectContaining({
        actor: 'staff:ed@example.org',
        target: 'issue.zip',
        after: expect.objectContaining({ articles: 2 }),
      }),
    ]);
  });

  it('words a database refusal of the write in the editor’s language with a reference the server log holds', async () => {
    const editor = await session('ed@example.org');
    await refuseArticleInserts('disk quota exceeded');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const body = await zip({
        'issue.json': JSON.stringify(issue()),
        'pdf/2401.pdf': readFileSync(join(FILES, 'pdf/2401.pdf')),
        'data/efficiency.csv': readFileSync(join(FILES, 'data/efficiency.csv')),
      });
      const applied = await call('/_admin/sites/jos/import?lang=zh', {
        method: 'POST',
        body,
        type: 'application/zip',
        headers: editor,
      });
      expect(applied.status).toBe(422);
      const [problem, ...others] = ((await applied.json()) as { problems: (Problem & { code: string })[] }).problems;
      expect(others).toEqual([]);
      expect(problem?.code).toBe('writeFailed');
      const ref = /编号为 ([0-9a-f]{8})）$/.exec(problem?.message ?? '')?.[1];
      expect(problem?.message).toMatch(/^导入未写入，内容没有任何改变/);
      expect(problem?.message).not.toContain('quota');
      expect(ref).toBeDefined();
      const lines = logged.mock.calls.map((args) => args.join(' '));
      expect(lines).toContainEqual(expect.stringMatching(new RegExp(`\\[${ref}\\].*disk quota exceeded`)));
    } finally {
      logged.mockRestore();
    }
    expect(await articleCount()).toBe(0);
  });

  it('words a broken zip and a JATS file disagreeing with its record wholly in the editor’s language', async () => {
    const editor = await session('ed@example.org');
    const broken = {
      method: 'POST',
      body: 'PK\u0003\u0004 not a zip at all',
      type: 'application/zip',
      headers: editor,
    };
    const zhRefusal = await call('/_admin/sites/jos/import/check?lang=zh', broken);
    expect(zhRefusal.status).toBe(400);
    const zhError = ((await zhRefusal.json()) as { error: string }).error;
    expect(zhError).toMatch(/^无法读取文件：无法解压该 zip 包/);
    // no word of the zip library's own (English) text
    expect(zhError.replaceAll('zip', '')).not.toMatch(/[A-Za-z]/);
    const enError = ((await (await call('/_admin/sites/jos/import/check?lang=en', broken)).json()) as { error: string })
      .error;
    expect(enError).toBe('The file cannot be read: cannot unpack the zip');
    const notJson = await call('/_admin/sites/jos/import/check?lang=zh', {
      method: 'POST',
      body: '{"site": {"sld": "jos"}, "articles": [',
      headers: editor,
    });
    expect(((await notJson.json()) as { error: string }).error).toBe('无法读取文件：文件不是可读取的 JSON');

    const jats = join(import.meta.dirname, '../fixtures/jats');
    const json = JSON.parse(readFileSync(join(jats, 'issue.json'), 'utf8')) as Json;
    json['articles'] = (json['articles'] as Json[]).filter((article) => article['jats'] === 'xml/lists.xml');
    const body = await zip({
      'issue.json': JSON.stringify(json),
      'xml/lists.xml': readFileSync(join(jats, 'xml/lists.xml')),
    });
    const upload = { method: 'POST', body, type: 'application/zip', headers: editor };
    // the check shows what the write will tell, before anything is written
    const checked = (await (await call('/_admin/sites/jos/import/check?lang=zh', upload)).json()) as {
      ok: boolean;
      notices: Problem[];
    };
    expect(checked.ok).toBe(true);
    expect(checked.notices.map((notice) => notice.message)).toContain(
      'xml/lists.xml：其标题“A title the record does not have”与记录中的“Steps of a fabrication”不同；保留记录中的值',
    );
    expect(await articleCount()).toBe(0);
    const applied = await call('/_admin/sites/jos/import?lang=zh', upload);
    expect(applied.status).toBe(200);
    type Notice = Problem & { code: string; params: Record<string, string> };
    const { notices } = ((await applied.json()) as { summary: { notices: Notice[] } }).summary;
    expect(notices.map((notice) => [notice.path, notice.code])).toEqual([
      ['articles[0].jats', 'jatsTitleDisagrees'],
      ['articles[0].jats', 'jatsDoiDisagrees'],
      ['articles[0].jats', 'jatsAuthorsDisagrees'],
    ]);
    expect(notices[0]?.message).toBe(
      'xml/lists.xml：其标题“A title the record does not have”与记录中的“Steps of a fabrication”不同；保留记录中的值',
    );
    for (const notice of notices) {
      // the file's own values (file name, titles, DOIs, names) aside, nothing is left in English
      let words = notice.message;
      for (const value of Object.values(notice.params)) words = words.replaceAll(value, '');
      expect(words.replaceAll('DOI', ''), notice.message).not.toMatch(/[A-Za-z]/);
    }
  });

  it('refuses a file for a site the editor may not manage, a cross-origin page and a wrong type', async () => {
    const editor = await session('ed@example.org');
    const cpgFile = JSON.stringify({ site: { sld: 'cpg' }, news: [] });
    const other = await call('/_admin/sites/jos/import/check?lang=en', {
      method: 'POST',
      body: cpgFile,
      headers: editor,
    });
    expect(other.status).toBe(403);
    expect(((await other.json()) as { error: string }).error).toBe(
      'This file is for site cpg, not jos. Please import it in that site’s console.',
    );
    const aimed = await call('/_admin/sites/cpg/import?lang=zh', { method: 'POST', body: cpgFile, headers: editor });
    expect(aimed.status).toBe(403);
    expect(((await aimed.json()) as { error: string }).error).toContain('cpg');
    const good = JSON.stringify({ site: { sld: 'jos' } });
    const forged = await call('/_admin/sites/jos/import', {
      method: 'POST',
      body: good,
      headers: { ...editor, origin: 'http://evil.example' },
    });
    expect(forged.status).toBe(403);
    const text = await call('/_admin/sites/jos/import?lang=en', {
      method: 'POST',
      body: good,
      type: 'text/plain',
      headers: editor,
    });
    expect(text.status).toBe(400);
    const notJson = await call('/_admin/sites/jos/import/check?lang=zh', {
      method: 'POST',
      body: '{"site": ',
      headers: editor,
    });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { error: string }).error).toMatch(/^无法读取文件/);
    expect(await count("SELECT count(*) AS n FROM audit_log WHERE action = 'import'")).toBe(0);
  });
});

describe('articles in the console', () => {
  beforeEach(async () => {
    const json = issue();
    for (const article of json['articles'] as Json[]) {
      delete article['pdf'];
      delete article['supplementary'];
    }
    await importContent(db, json);
  });
  const idOf = (doi: string) => value(db, 'SELECT id FROM articles WHERE doi = ?', doi);
  const DOI = '10.3788/AOS.2026.01.001';

  it('finds an article by id, DOI or a piece of its title, on the editor’s site only', async () => {
    const editor = await session('ed@example.org');
    const id = await idOf(DOI);
    const find = async (q: string) =>
      (
        (await (await call(`/_admin/sites/jos/articles?q=${encodeURIComponent(q)}`, { headers: editor })).json()) as {
          articles: { id: number }[];
        }
      ).articles.map((article) => article.id);
    expect(await find(String(id))).toEqual([id]);
    expect(await find(DOI.toLowerCase())).toEqual([id]);
    expect(await find('holographic')).toEqual([id]);
    expect(await find('全息')).toEqual([id]);
    expect(await find('nothing like this')).toEqual([]);
    const other = await session('other@example.org');
    expect((await call('/_admin/sites/jos/articles?q=全息', { headers: other })).status).toBe(403);
  });

  it('answers a preview link for a draft and a scheduled article, for this site only, and none for a public one', async () => {
    const editor = await session('ed@example.org');
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString();
    await run(db, 'UPDATE articles SET publish_at = ? WHERE doi = ?', later, DOI);
    await run(db, "UPDATE articles SET status = 'draft' WHERE doi = ?", '10.3788/AOS.2026.01.002');
    const found = { articles: [] as { id: number; preview: string | null }[] };
    for (const doi of [DOI, '10.3788/AOS.2026.01.002']) {
      const answer = await call(`/_admin/sites/jos/articles?q=${encodeURIComponent(doi)}&lang=zh`, { headers: editor });
      found.articles.push(...((await answer.json()) as typeof found).articles);
    }
    const previews = new Map(found.articles.map((article) => [article.id, article.preview]));
    const [jos, cpg] = await Promise.all(
      ['jos', 'cpg'].map((sld) => value(db, 'SELECT id FROM sites WHERE sld = ?', sld)),
    );
    for (const id of [await idOf(DOI), await idOf('10.3788/AOS.2026.01.002')]) {
      const preview = previews.get(id) ?? '';
      expect(preview).toMatch(new RegExp(`^/zh/preview/article/${id}/\\?token=`));
      const token = new URL(`http://x${preview}`).searchParams.get('token') ?? '';
      const target = { kind: 'article', id } as const;
      expect(previewTokenOpens('preview-secret-for-tests', { siteId: jos ?? 0, ...target }, token, new Date())).toBe(
        true,
      );
      expect(previewTokenOpens('preview-secret-for-tests', { siteId: cpg ?? 0, ...target }, token, new Date())).toBe(
        false,
      );
    }
    // published now: the public page needs no preview
    await run(db, 'UPDATE articles SET publish_at = ? WHERE doi = ?', new Date(0).toISOString(), DOI);
    const corrected = await call(`/_admin/sites/jos/articles/${await idOf(DOI)}?lang=en`, {
      method: 'PATCH',
      json: { enTitle: 'Public now' },
      headers: editor,
    });
    expect(await corrected.json()).toMatchObject({ article: { enTitle: 'Public now', preview: null } });
  });

  it('corrects a title, retracts and removes an article with its reason, each audited with before and after', async () => {
    const editor = await session('ed@example.org');
    const id = await idOf(DOI);
    const path = `/_admin/sites/jos/articles/${id}?lang=en`;
    const corrected = await call(path, {
      method: 'PATCH',
      json: { enTitle: 'Metasurface holography' },
      headers: editor,
    });
    expect(corrected.status).toBe(200);
    expect(await corrected.json()).toMatchObject({
      article: { enTitle: 'Metasurface holography' },
      publicPath: `/en/article/${id}/`,
    });
    expect(await count("SELECT count(*) AS n FROM content_versions WHERE entity = 'article'")).toBe(1);

    const retracted = await call(path, {
      method: 'PATCH',
      json: { notice: { kind: 'retracted', reason: 'Duplicated figures' } },
      headers: editor,
    });
    expect(retracted.status).toBe(200);
    expect(((await retracted.json()) as { article: { notice: Json } }).article.notice).toMatchObject({
      kind: 'retracted',
      reason: 'Duplicated figures',
    });
    const removed = await call(path, {
      method: 'PATCH',
      json: { removed: { reason: 'Court order' } },
      headers: editor,
    });
    expect(((await removed.json()) as { article: { removed: Json } }).article.removed).toMatchObject({
      reason: 'Court order',
    });

    const audit = (await auditOf(editor, 'article.change')).reverse();
    expect(audit).toHaveLength(3);
    expect(audit[0]).toMatchObject({
      actor: 'staff:ed@example.org',
      target: `article ${id}`,
      before: { enTitle: 'Metasurface holographic imaging' },
      after: { enTitle: 'Metasurface holography' },
    });
    expect(audit[1]).toMatchObject({
      before: { notice: null },
      after: { notice: { kind: 'retracted', reason: 'Duplicated figures' } },
    });
    expect(audit[2]).toMatchObject({ before: { removed: null }, after: { removed: { reason: 'Court order' } } });
  });

  it('corrects an article without a DOI by its id on the site; another site’s article id is not found', async () => {
    const editor = await session('ed@example.org');
    const id = await idOf(DOI);
    await run(db, 'UPDATE articles SET doi = NULL WHERE id = ?', id);
    const corrected = await call(`/_admin/sites/jos/articles/${id}?lang=en`, {
      method: 'PATCH',
      json: { enTitle: 'Holography without a DOI' },
      headers: editor,
    });
    expect(corrected.status).toBe(200);
    expect(await row(db, 'SELECT en_title, doi FROM articles WHERE id = ?', id)).toEqual({
      en_title: 'Holography without a DOI',
      doi: null,
    });
    expect(await count("SELECT count(*) AS n FROM content_versions WHERE entity = 'article'")).toBe(1);

    const cpgFile = issue();
    cpgFile['site'] = { sld: 'cpg' };
    for (const article of cpgFile['articles'] as Json[]) {
      delete article['pdf'];
      delete article['supplementary'];
    }
    await importContent(db, cpgFile);
    const cpgId = await value(
      db,
      "SELECT a.id FROM articles a JOIN sites s ON s.id = a.site_id WHERE s.sld = 'cpg' AND a.doi = ?",
      DOI,
    );
    const elsewhere = await call(`/_admin/sites/jos/articles/${cpgId}?lang=en`, {
      method: 'PATCH',
      json: { enTitle: 'Not this site’s' },
      headers: editor,
    });
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.json()).toEqual({ error: `Article ${cpgId} was not found.` });
    await expect(importContent(db, { site: { sld: 'jos' }, articles: [{ id: cpgId, title: 'x' }] })).rejects.toThrow(
      `no article with id ${cpgId} on this site`,
    );
    expect(await row(db, 'SELECT en_title FROM articles WHERE id = ?', cpgId)).toEqual({
      en_title: 'Metasurface holographic imaging',
    });
  });

  it('answers bad input in the editor’s language and refuses another site’s editor and a forged page', async () => {
    const editor = await session('ed@example.org');
    const id = await idOf(DOI);
    const noReason = { notice: { kind: 'withdrawn', reason: ' ' } };
    const zh = await call(`/_admin/sites/jos/articles/${id}?lang=zh`, {
      method: 'PATCH',
      json: noReason,
      headers: editor,
    });
    expect(zh.status).toBe(400);
    expect(await zh.json()).toMatchObject({ error: '请填写原因。' });
    const en = await call(`/_admin/sites/jos/articles/${id}?lang=en`, {
      method: 'PATCH',
      json: { colour: 1 },
      headers: editor,
    });
    expect(await en.json()).toMatchObject({ error: 'The field colour is not valid.' });
    const missing = await call('/_admin/sites/jos/articles/999999?lang=en', {
      method: 'PATCH',
      json: { title: 'x' },
      headers: editor,
    });
    expect(missing.status).toBe(404);
    const other = await session('other@example.org');
    const refused = await call(`/_admin/sites/jos/articles/${id}`, {
      method: 'PATCH',
      json: { title: 'x' },
      headers: other,
    });
    expect(refused.status).toBe(403);
    const forged = await call(`/_admin/sites/jos/articles/${id}`, {
      method: 'PATCH',
      json: { title: 'x' },
      headers: { ...editor, origin: 'http://cpg.localhost:4321' },
    });
    expect(forged.status).toBe(403);
    expect(await count("SELECT count(*) AS n FROM audit_log WHERE action = 'article.change'")).toBe(0);
    expect(await row(db, 'SELECT title FROM articles WHERE id = ?', id)).toEqual({ title: '超表面全息成像技术研究' });
  });
});

describe('news in the console', () => {
  type Item = {
    id: number;
    title: string;
    content: string | null;
    state: string;
    preview: string | null;
    publishAt: string;
  };
  const itemOf = async (response: Response) => ((await response.json()) as { item: Item }).item;
  const siteId = () => value(db, "SELECT id FROM sites WHERE sld = 'jos'");

  it('writes an item sanitized, scheduled with a preview link, then publishes and unpublishes it, each audited', async () => {
    const editor = await session('ed@example.org');
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const created = await call('/_admin/sites/jos/news?lang=en', {
      method: 'POST',
      json: {
        type: 'announcement',
        title: '年会通知',
        enTitle: 'Annual meeting',
        content: '<p onclick="steal()">议程<script>alert(1)</script></p>',
        publishAt: later,
      },
      headers: editor,
    });
    expect(created.status).toBe(201);
    const item = await itemOf(created);
    expect(item).toMatchObject({ title: '年会通知', state: 'scheduled', content: '<p>议程</p>' });
    const token = new URL(`http://x${item.preview}`).searchParams.get('token') ?? '';
    expect(item.preview).toMatch(new RegExp(`^/en/preview/news/${item.id}/\\?token=`));
    expect(
      previewTokenOpens(
        'preview-secret-for-tests',
        { siteId: await siteId(), kind: 'news', id: item.id },
        token,
        new Date(),
      ),
    ).toBe(true);

    const path = `/_admin/sites/jos/news/${item.id}?lang=en`;
    const published = await itemOf(await call(path, { method: 'PATCH', json: { publishAt: 'now' }, headers: editor }));
    expect(published).toMatchObject({ state: 'published', preview: null });
    const unpublished = await itemOf(await call(path, { method: 'PATCH', json: { publishAt: null }, headers: editor }));
    expect(unpublished.state).toBe('unpublished');
    expect(unpublished.preview).not.toBeNull();
    const listed = (await (await call('/_admin/sites/jos/news', { headers: editor })).json()) as { news: Item[] };
    expect(listed.news.map((entry) => [entry.id, entry.state])).toEqual([[item.id, 'unpublished']]);

    expect((await auditOf(editor, 'news.create')).length).toBe(1);
    const changes = (await auditOf(editor, 'news.change')).reverse();
    expect(changes).toHaveLength(2);
    expect(changes[0]).toMatchObject({ before: { publishedAt: new Date(later).toISOString() } });
    expect(changes[1]).toMatchObject({ before: { draft: false }, after: { draft: true } });
  });

  it('changes a news item written without a key by its id on the site; another site’s item id is not found', async () => {
    const editor = await session('ed@example.org');
    const older = { type: 'dynamic', title: '旧闻', publishedAt: '2025-01-01' };
    await importContent(db, { site: { sld: 'jos' }, news: [older] });
    await importContent(db, { site: { sld: 'cpg' }, news: [older] });
    const [josId, cpgId] = await Promise.all(
      ['jos', 'cpg'].map((sld) =>
        value(db, 'SELECT n.id FROM news n JOIN sites s ON s.id = n.site_id WHERE s.sld = ?', sld),
      ),
    );
    const changed = await call(`/_admin/sites/jos/news/${josId}?lang=en`, {
      method: 'PATCH',
      json: { enTitle: 'Older news' },
      headers: editor,
    });
    expect(changed.status).toBe(200);
    expect(await itemOf(changed)).toMatchObject({ id: josId, title: '旧闻' });
    expect(await row(db, 'SELECT en_title, import_key FROM news WHERE id = ?', josId)).toEqual({
      en_title: 'Older news',
      import_key: null,
    });
    const elsewhere = await call(`/_admin/sites/jos/news/${cpgId}?lang=zh`, {
      method: 'PATCH',
      json: { enTitle: 'Not this site’s' },
      headers: editor,
    });
    expect(elsewhere.status).toBe(404);
    expect(await row(db, 'SELECT en_title FROM news WHERE id = ?', cpgId)).toEqual({ en_title: null });
    await expect(importContent(db, { site: { sld: 'jos' }, news: [{ id: cpgId, title: 'x' }] })).rejects.toThrow(
      `no news item with id ${cpgId} on this site`,
    );
  });

  it('answers bad input in the editor’s language and refuses another site’s editor and a forged page', async () => {
    const editor = await session('ed@example.org');
    const zh = await call('/_admin/sites/jos/news?lang=zh', {
      method: 'POST',
      json: { type: 'dynamic', title: ' ' },
      headers: editor,
    });
    expect(zh.status).toBe(400);
    expect(await zh.json()).toMatchObject({ error: '请填写中文标题。' });
    const en = await call('/_admin/sites/jos/news?lang=en', {
      method: 'POST',
      json: { type: 'dynamic', title: 'x', publishAt: 'tomorrow' },
      headers: editor,
    });
    expect(await en.json()).toMatchObject({ error: 'The field publishAt is not valid.' });
    const good = { type: 'dynamic', title: '动态' };
    const other = await session('other@example.org');
    expect((await call('/_admin/sites/jos/news', { method: 'POST', json: good, headers: other })).status).toBe(403);
    const forged = await call('/_admin/sites/jos/news', {
      method: 'POST',
      json: good,
      headers: { ...editor, origin: 'http://evil.example' },
    });
    expect(forged.status).toBe(403);
    expect(await count('SELECT count(*) AS n FROM news')).toBe(0);
  });
});

describe('issues in the console', () => {
  beforeEach(async () => {
    for (const sld of ['jos', 'cpg']) {
      const json = issue();
      json['site'] = { sld };
      json['periods'] = [
        ...(json['periods'] as Json[]),
        { issn: '0253-2239', year: 2026, volume: 46, issue: 2, publishDate: '2026-02-10' },
      ];
      for (const article of json['articles'] as Json[]) {
        delete article['pdf'];
        delete article['supplementary'];
      }
      await importContent(db, json);
    }
  });
  const issueId = (sld: string, number: number) =>
    value(
      db,
      'SELECT p.id FROM periods p JOIN sites s ON s.id = p.site_id WHERE s.sld = ? AND p.issue = ?',
      sld,
      number,
    );

  it('lists the site’s issues and corrects one’s volume, number and dates by its id, audited with before and after', async () => {
    const editor = await session('ed@example.org');
    const listed = (await (await call('/_admin/sites/jos/issues', { headers: editor })).json()) as {
      issues: { id: number; year: number; issue: number; volume: number }[];
    };
    expect(listed.issues.map((entry) => [entry.year, entry.issue, entry.volume])).toEqual([
      [2026, 2, 46],
      [2026, 1, 46],
    ]);
    const id = await issueId('jos', 2);
    const path = `/_admin/sites/jos/issues/${id}?lang=en`;
    const corrected = await call(path, {
      method: 'PATCH',
      json: { volume: 47, issue: 3, publishDate: '2026-03-01' },
      headers: editor,
    });
    expect(corrected.status).toBe(200);
    expect(await corrected.json()).toMatchObject({
      issue: { id, year: 2026, volume: 47, issue: 3, publishDate: '2026-03-01' },
      publicPath: '/en/issue/2026/3/',
    });
    expect(await row(db, 'SELECT volume, issue, publish_date FROM periods WHERE id = ?', id)).toEqual({
      volume: 47,
      issue: 3,
      publish_date: '2026-03-01',
    });
    // the pages are rendered again from the change log, as for an imported correction
    const changes = await rows(
      db,
      "SELECT action, entity_ids FROM content_changes WHERE kind = 'issue' AND origin LIKE 'console %' ORDER BY id",
    );
    expect(changes).toEqual([{ action: 'updated', entity_ids: `[${id}]` }]);
    const [entry] = await auditOf(editor, 'issue.change');
    expect(entry).toMatchObject({
      actor: 'staff:ed@example.org',
      target: `issue ${id}`,
      before: { volume: 46, issue: 2, publishDate: '2026-02-10' },
      after: { volume: 47, issue: 3, publishDate: '2026-03-01' },
    });
  });

  it('answers a preview link for a scheduled issue, for this site only, and none for a public one', async () => {
    const editor = await session('ed@example.org');
    const id = await issueId('jos', 2);
    await run(
      db,
      'UPDATE periods SET publish_at = ? WHERE id = ?',
      new Date(Date.now() + 86_400_000).toISOString(),
      id,
    );
    const listed = (await (await call('/_admin/sites/jos/issues?lang=en', { headers: editor })).json()) as {
      issues: { id: number; preview: string | null }[];
    };
    const preview = listed.issues.find((entry) => entry.id === id)?.preview ?? '';
    expect(preview).toMatch(new RegExp(`^/en/preview/issue/${id}/\\?token=`));
    expect(listed.issues.filter((entry) => entry.id !== id).map((entry) => entry.preview)).toEqual([null]);
    const token = new URL(`http://x${preview}`).searchParams.get('token') ?? '';
    const siteOf = (sld: string) => value(db, 'SELECT id FROM sites WHERE sld = ?', sld);
    const target = { kind: 'issue', id } as const;
    expect(
      previewTokenOpens('preview-secret-for-tests', { siteId: await siteOf('jos'), ...target }, token, new Date()),
    ).toBe(true);
    expect(
      previewTokenOpens('preview-secret-for-tests', { siteId: await siteOf('cpg'), ...target }, token, new Date()),
    ).toBe(false);
  });

  it('refuses a number another issue has, another site’s issue id, another site’s editor and bad input', async () => {
    const editor = await session('ed@example.org');
    const id = await issueId('jos', 2);
    const taken = await call(`/_admin/sites/jos/issues/${id}?lang=zh`, {
      method: 'PATCH',
      json: { issue: 1 },
      headers: editor,
    });
    expect(taken.status).toBe(400);
    expect(((await taken.json()) as { error: string }).error).toBe('issue: 期次 2026/1 已存在');
    const cpgId = await issueId('cpg', 2);
    const elsewhere = await call(`/_admin/sites/jos/issues/${cpgId}?lang=en`, {
      method: 'PATCH',
      json: { volume: 99 },
      headers: editor,
    });
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.json()).toEqual({ error: `Issue ${cpgId} was not found.` });
    await expect(
      importContent(db, { site: { sld: 'jos' }, periods: [{ id: cpgId, issn: '0253-2239', year: 2026, issue: 2 }] }),
    ).rejects.toThrow(`no issue with id ${cpgId} of ISSN 0253-2239 on this site`);
    const other = await session('other@example.org');
    const forbidden = await call(`/_admin/sites/jos/issues/${id}`, {
      method: 'PATCH',
      json: { volume: 1 },
      headers: other,
    });
    expect(forbidden.status).toBe(403);
    const bad = await call(`/_admin/sites/jos/issues/${id}?lang=zh`, {
      method: 'PATCH',
      json: { publishDate: '2026/03/01' },
      headers: editor,
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: '字段 publishDate 无效。' });
    expect(await rows(db, 'SELECT volume, issue FROM periods WHERE id IN (?, ?) ORDER BY id', id, cpgId)).toEqual([
      { volume: 46, issue: 2 },
      { volume: 46, issue: 2 },
    ]);
  });
});
