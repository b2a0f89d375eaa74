/**
 * `npm run import -- file.json [--files folder]` or `npm run import -- file.zip`: loads a
 * publisher's own content (docs/import-format.md) into DATABASE_PATH (default ./data/portal.db),
 * with the PDFs and supplementary files its records name (in the files folder, by default the
 * JSON's own, or in the zip beside the JSON), then mails subscribers a digest of its new issues
 * and online-first articles. A bad file changes nothing; each problem is printed as
 * `record <path>: field <name>: <problem>`.
 */
import './cli.ts';
import { rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { loadConfig } from '../src/server/config.ts';
import {
  folderFiles,
  formatProblem,
  ImportError,
  type ImportFiles,
  importJsonFile,
  UnreadableJson,
  unpackZip,
  ZipProblem,
} from '../src/server/import/index.ts';
import { createLocalSource } from '../src/server/local-source.ts';
import { createMailer } from '../src/server/mail/mailer.ts';
import { recordAudit, SHELL_ACTOR } from '../src/server/store/audit.ts';
import { openDb } from '../src/server/store/db.ts';
import { sendDigests } from '../src/server/subscriptions/digest.ts';
import { startProgress } from './lib/progress.ts';

const USAGE = 'usage: npm run import -- file.json [--files folder]  |  npm run import -- file.zip';

/** The JSON to import and where its files are; a zip is unpacked into `cleanup`, removed at the end. */
async function source(
  path: string,
  filesFolder: string | undefined,
): Promise<{ jsonPath: string; files: ImportFiles; cleanup: string | null }> {
  if (!path.toLowerCase().endsWith('.zip'))
    return { jsonPath: path, files: folderFiles(filesFolder ?? dirname(path)), cleanup: null };
  const { folder, jsonFiles } = await unpackZip(path);
  if (jsonFiles.length !== 1) {
    rmSync(folder, { recursive: true, force: true });
    throw new ZipProblem({ code: 'zipJsonCount', params: { count: String(jsonFiles.length) } });
  }
  return { jsonPath: join(folder, jsonFiles[0] ?? ''), files: folderFiles(folder), cleanup: folder };
}

async function main(args: string[]): Promise<number> {
  const rest = args.filter((arg) => arg !== '--');
  const at = rest.indexOf('--files');
  const filesFolder = at >= 0 ? rest.splice(at, 2)[1] : undefined;
  if (rest.length !== 1 || (at >= 0 && !filesFolder)) {
    console.error(USAGE);
    return 2;
  }
  const path = rest[0] ?? '';
  const progress = startProgress(`import ${path}`, 'steps', 3);
  let found: Awaited<ReturnType<typeof source>>;
  try {
    found = await source(path, filesFolder);
  } catch (error) {
    progress.finish([]);
    console.error(`${path}: cannot read: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  progress.update(1);
  const config = loadConfig();
  const databasePath = config.databasePath;
  const db = openDb(databasePath);
  try {
    // read as a stream: a large file is never held whole (docs/performance.md)
    const summary = await importJsonFile(db, found.jsonPath, new Date().toISOString(), found.files, basename(path));
    await recordAudit(db, {
      siteId: summary.siteId,
      actor: SHELL_ACTOR,
      action: 'import',
      target: basename(path),
      after: summary,
    });
    progress.update(2);
    // new issues and online-first articles: one digest per confirmed subscriber
    const mailer = createMailer({ db, smtpUrl: config.smtpUrl, from: config.mailFrom });
    const log = (message: string, error: unknown) => console.error(message, error);
    const sent = await sendDigests({
      db,
      source: createLocalSource(db),
      mailer,
      baseDomain: config.baseDomain,
      now: new Date(),
      log,
    });
    progress.update(3);
    progress.finish([
      `imported ${path} into ${databasePath} (site ${summary.siteId}${summary.created ? ', new' : ''})`,
      ...Object.entries(summary)
        .filter(([key]) => key !== 'siteId' && key !== 'created' && key !== 'notices')
        .map(([key, value]) => `  ${key.padEnd(13)} ${value}`),
      `  ${'digests'.padEnd(13)} ${sent}`,
      ...summary.notices.map((notice) => `notice: ${formatProblem(notice)}`),
    ]);
    return 0;
  } catch (error) {
    progress.finish([]);
    if (error instanceof UnreadableJson) {
      console.error(`${path}: cannot read JSON: ${error.message}`);
      return 2;
    }
    if (!(error instanceof ImportError)) throw error;
    console.error(`${path}: nothing was imported`);
    for (const problem of error.problems) console.error(formatProblem(problem));
    return 1;
  } finally {
    db.close();
    if (found.cleanup) rmSync(found.cleanup, { recursive: true, force: true });
  }
}

process.exitCode = await main(process.argv.slice(2));
