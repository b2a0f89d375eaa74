/**
 * POST /_admin/sites/{sld}/import/check and /_admin/sites/{sld}/import: an import file (JSON, or a
 * zip holding the JSON and its PDFs) uploaded from the console. The check reports every problem and
 * writes nothing; the apply runs the same import as `npm run import` (checking again) and is
 * audited. The file must be for the site in the path, which the caller must manage.
 */
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { importProblemText } from '../../i18n/import-problems.ts';
import { dictionary, format } from '../../i18n/index.ts';
import type { ImportProblemAnswer } from '../../lib/console-answers.ts';
import { IMPORT_ZIP_MAX_BYTES } from '../../lib/constants.ts';
import type { Lang } from '../../lib/lang.ts';
import { requestLang } from '../api/index.ts';
import { checkImportStream } from '../import/check.ts';
import type { ImportProblem } from '../import/errors.ts';
import {
  folderFiles,
  ImportError,
  type ImportFiles,
  importJsonFile,
  UnreadableJson,
  unpackZip,
  ZipProblem,
} from '../import/index.ts';
import { jatsNotices } from '../import/jats/index.ts';
import { streamImportJson } from '../import/stream.ts';
import { recordAudit } from '../store/audit.ts';
import { changeOrigin } from '../store/changes.ts';
import type { Db } from '../store/db.ts';
import { siteOfPath } from './menu-answers.ts';
import { type AdminEnv, actorOf, mayManage } from './principal.ts';

/** The console's import routes, which take a file rather than small JSON (their own body limit). */
export const IMPORT_PATH = /^\/_admin\/sites\/[^/]+\/import(\/check)?$/;
/** The most an uploaded import may be: the zip's own unpacked limit bounds what it can hold. */
export const IMPORT_UPLOAD_MAX_BYTES = IMPORT_ZIP_MAX_BYTES;

const ZIP = 'application/zip';
const JSON_TYPE = 'application/json';
const nameQuery = z.string().trim().min(1).max(200).catch('upload');

/** Whether a console write of this type may go to this path (the import takes a zip as well as JSON). */
export function acceptsUpload(path: string, mediaType: string): boolean {
  return mediaType === ZIP && IMPORT_PATH.test(path);
}

class Refusal extends Error {
  readonly status: 400 | 403 | 413;
  constructor(status: 400 | 403 | 413, message: string) {
    super(message);
    this.status = status;
  }
}

type Upload = { jsonPath: string; files: ImportFiles | null; cleanup: string[] };

const texts = (lang: Lang) => dictionary(lang).consoleContent;

/** Writes the request body to a temporary file, refusing it past the limit as the bytes come. */
async function saveBody(c: Context, folder: string, name: string, lang: Lang): Promise<string> {
  const path = join(folder, name);
  const body = c.req.raw.body;
  if (!body) throw new Refusal(400, texts(lang).importNoFile);
  let total = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      total += chunk.byteLength;
      if (total > IMPORT_UPLOAD_MAX_BYTES)
        next(
          new Refusal(413, format(texts(lang).importTooLarge, { max: `${IMPORT_UPLOAD_MAX_BYTES / 1024 ** 3} GB` })),
        );
      else next(null, chunk);
    },
  });
  await pipeline(Readable.fromWeb(body as import('node:stream/web').ReadableStream), count, createWriteStream(path));
  if (total === 0) throw new Refusal(400, texts(lang).importNoFile);
  return path;
}

async function receive(c: Context, lang: Lang): Promise<Upload> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== ZIP && type !== JSON_TYPE) throw new Refusal(400, texts(lang).importWrongType);
  const folder = mkdtempSync(join(tmpdir(), 'console-import-'));
  const upload: Upload = { jsonPath: '', files: null, cleanup: [folder] };
  try {
    const saved = await saveBody(c, folder, type === ZIP ? 'upload.zip' : 'upload.json', lang);
    if (type === JSON_TYPE) return { ...upload, jsonPath: saved };
    const unpacked = await unpackZip(saved);
    upload.cleanup.push(unpacked.folder);
    if (unpacked.jsonFiles.length !== 1)
      throw new ZipProblem({ code: 'zipJsonCount', params: { count: String(unpacked.jsonFiles.length) } });
    return {
      jsonPath: join(unpacked.folder, unpacked.jsonFiles[0] ?? ''),
      files: folderFiles(unpacked.folder),
      cleanup: upload.cleanup,
    };
  } catch (error) {
    for (const path of upload.cleanup) rmSync(path, { recursive: true, force: true });
    if (error instanceof ZipProblem)
      // the zip library's own words stay out: the editor reads the refusal in their language
      throw new Refusal(400, format(texts(lang).importUnreadable, { detail: importProblemText(error.problem, lang) }));
    throw error;
  }
}

/** The `site.sld` the file names, read before anything of the file is checked against the store. */
async function fileSld(jsonPath: string): Promise<string | undefined> {
  const input = createReadStream(jsonPath);
  try {
    for await (const { key, index, value } of streamImportJson(input)) {
      if (key !== 'site' || index !== null) continue;
      const sld = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)['sld'] : undefined;
      return typeof sld === 'string' ? sld : undefined;
    }
    return undefined;
  } finally {
    input.destroy();
  }
}

const problemsIn = (problems: ImportProblem[], lang: Lang): ImportProblemAnswer[] =>
  problems.map((problem) => ({
    path: problem.field === '(record)' ? problem.record : `${problem.record}.${problem.field}`,
    code: problem.code,
    params: problem.params,
    message: importProblemText(problem, lang),
  }));

export function contentImportRoutes(admin: Hono<AdminEnv>, db: Db, now: () => Date): void {
  /** Receives the upload for the site in the path and hands its JSON and files to `use`. */
  const withUpload = async (
    c: Context<AdminEnv>,
    use: (upload: Upload, site: { sld: string; siteId: number }, lang: Lang) => Promise<Response>,
  ): Promise<Response> => {
    const site = await siteOfPath(c, db);
    if (site instanceof Response) return site;
    const lang = requestLang(c);
    let upload: Upload | undefined;
    try {
      upload = await receive(c, lang);
      const sld = await fileSld(upload.jsonPath);
      if (sld === undefined) throw new Refusal(400, texts(lang).importNoSite);
      if (sld !== site.sld)
        throw new Refusal(
          mayManage(c.get('principal'), sld) ? 400 : 403,
          format(texts(lang).importOtherSite, { fileSld: sld, sld: site.sld }),
        );
      return await use(upload, site, lang);
    } catch (error) {
      if (error instanceof Refusal) return c.json({ error: error.message }, error.status);
      if (error instanceof UnreadableJson)
        return c.json(
          { error: format(texts(lang).importUnreadable, { detail: importProblemText({ code: 'notJson' }, lang) }) },
          400,
        );
      throw error;
    } finally {
      for (const path of upload?.cleanup ?? []) rmSync(path, { recursive: true, force: true });
    }
  };

  admin.post('/_admin/sites/:sld/import/check', (c) =>
    withUpload(c, async (upload, _site, lang) => {
      const checked = await checkImportStream(db, streamImportJson(createReadStream(upload.jsonPath)), upload.files);
      if (checked.file === null) return c.json({ ok: false, problems: problemsIn(checked.problems, lang) });
      const { articles, periods, news } = checked.file;
      const notices = articles.flatMap((article, i) => jatsNotices(upload.files, ['articles', i], article));
      return c.json({
        ok: true,
        problems: [],
        notices: problemsIn(notices, lang),
        counts: { articles: articles.length, periods: periods.length, news: news.length },
      });
    }),
  );

  admin.post('/_admin/sites/:sld/import', (c) =>
    withUpload(c, async (upload, site, lang) => {
      const actor = actorOf(c.get('principal'));
      const name = nameQuery.parse(c.req.query('name'));
      try {
        const at = now();
        const summary = await importJsonFile(
          db,
          upload.jsonPath,
          at.toISOString(),
          upload.files,
          actor,
          changeOrigin('console'),
        );
        await recordAudit(db, { siteId: site.siteId, actor, action: 'import', target: name, after: summary }, at);
        return c.json({ summary: { ...summary, notices: problemsIn(summary.notices, lang) } });
      } catch (error) {
        if (!(error instanceof ImportError)) throw error;
        return c.json({ error: texts(lang).importRefused, problems: problemsIn(error.problems, lang) }, 422);
      }
    }),
  );
}
