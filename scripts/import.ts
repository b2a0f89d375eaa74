/**
 * `npm run import -- file.json`: loads a publisher's own content (docs/import-format.md) into
 * DATABASE_PATH (default ./data/portal.db), then mails subscribers a digest of its new issues and
 * online-first articles. A bad file changes nothing; each problem is printed as
 * `record <path>: field <name>: <problem>`.
 */
import './cli.ts';
import { readFileSync } from 'node:fs';
import { createLocalSource } from '../src/server/local-source.ts';
import { loadConfig } from '../src/server/config.ts';
import { createMailer } from '../src/server/mail/mailer.ts';
import { sendDigests } from '../src/server/subscriptions/digest.ts';
import { formatProblem, ImportError, importContent } from '../src/server/import/index.ts';
import { openDb } from '../src/server/store/db.ts';
import { startProgress } from './lib/progress.ts';

async function main(args: string[]): Promise<number> {
  const files = args.filter((arg) => arg !== '--');
  if (files.length !== 1) {
    console.error('usage: npm run import -- file.json');
    return 2;
  }
  const path = files[0] ?? '';
  const progress = startProgress(`import ${path}`, 'steps', 3);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    progress.finish([]);
    console.error(`${path}: cannot read JSON: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  progress.update(1);
  const config = loadConfig();
  const databasePath = config.databasePath;
  const db = openDb(databasePath);
  try {
    const summary = importContent(db, json);
    progress.update(2);
    // new issues and online-first articles: one digest per confirmed subscriber
    const mailer = createMailer({ db, smtpUrl: config.smtpUrl, from: config.mailFrom });
    const log = (message: string, error: unknown) => console.error(message, error);
    const sent = await sendDigests({ db, source: createLocalSource(db), mailer, baseDomain: config.baseDomain, now: new Date(), log });
    progress.update(3);
    progress.finish([
      `imported ${path} into ${databasePath} (site ${summary.siteId}${summary.created ? ', new' : ''})`,
      ...Object.entries(summary)
        .filter(([key]) => key !== 'siteId' && key !== 'created')
        .map(([key, value]) => `  ${key.padEnd(13)} ${value}`),
      `  digests      ${sent}`,
    ]);
    return 0;
  } catch (error) {
    progress.finish([]);
    if (!(error instanceof ImportError)) throw error;
    console.error(`${path}: nothing was imported`);
    for (const problem of error.problems) console.error(formatProblem(problem));
    return 1;
  } finally {
    db.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
