/** Import: choose a JSON file or a zip with its PDFs, check it (every problem listed, nothing written), then apply it. */
import { type ChangeEvent, useState } from 'react';
import { format } from '../../../i18n/format.ts';
import { countText } from '../../../i18n/plural.ts';
import type { ImportProblemAnswer as ImportProblem } from '../../../lib/console-answers.ts';
import type { Lang } from '../../../lib/lang.ts';
import { contentTexts } from './content-texts.ts';
import { sendImport } from './upload.ts';
import './content.css';
import { ConsoleTable } from '../ConsoleTable.tsx';

type Outcome =
  | { kind: 'none' }
  | { kind: 'problems'; problems: ImportProblem[] }
  | { kind: 'clean'; text: string; notices: ImportProblem[] }
  | { kind: 'done'; text: string; notices: ImportProblem[] }
  | { kind: 'error'; text: string };

export function ImportPanel({ lang, sld }: { lang: Lang; sld: string }) {
  const t = contentTexts(lang);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState<'check' | 'apply' | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    setFile(event.currentTarget.files?.[0] ?? null);
    setOutcome({ kind: 'none' });
  };

  const run = async (apply: boolean) => {
    if (!file) {
      setOutcome({ kind: 'error', text: t.importNoFile });
      return;
    }
    setBusy(apply ? 'apply' : 'check');
    const { status, answer } = await sendImport(lang, sld, file, apply);
    setBusy(null);
    if (answer.problems && answer.problems.length > 0) setOutcome({ kind: 'problems', problems: answer.problems });
    else if (status === 200 && apply && answer.summary) {
      const counts = Object.fromEntries(
        Object.entries(answer.summary).map(([key, value]) => [key, typeof value === 'number' ? value : 0]),
      );
      setOutcome({ kind: 'done', text: format(t.importDone, counts), notices: answer.summary.notices ?? [] });
    } else if (status === 200 && answer.ok && answer.counts) {
      setOutcome({ kind: 'clean', text: format(t.importClean, answer.counts), notices: answer.notices ?? [] });
    } else setOutcome({ kind: 'error', text: answer.error ?? String(status) });
  };

  return (
    <section aria-labelledby="console-import-heading">
      <h2 id="console-import-heading">{t.importHeading}</h2>
      <p>{t.importHelp}</p>
      <form className="console-form" onSubmit={(event) => event.preventDefault()}>
        <label>
          {t.importFile}
          <input type="file" name="file" accept=".json,.zip,application/json,application/zip" onChange={choose} />
        </label>
        <div className="console-actions">
          <button type="button" disabled={busy !== null} onClick={() => void run(false)}>
            {busy === 'check' ? t.importChecking : t.importCheck}
          </button>
          <button type="button" disabled={busy !== null || outcome.kind !== 'clean'} onClick={() => void run(true)}>
            {busy === 'apply' ? t.importApplying : t.importApply}
          </button>
        </div>
      </form>
      <div role="status" aria-live="polite">
        {outcome.kind === 'clean' || outcome.kind === 'done' ? <p className="console-ok">{outcome.text}</p> : null}
        {(outcome.kind === 'done' || outcome.kind === 'clean') && outcome.notices.length > 0 ? (
          <>
            <p>{outcome.kind === 'done' ? t.importNotices : t.importNoticesAhead}</p>
            <ConsoleTable
              className="console-notices"
              rows={outcome.notices}
              rowKey={(notice) => `${notice.path} ${notice.message}`}
              columns={[
                { heading: t.problemPath, cell: (notice) => <code>{notice.path}</code> },
                { heading: t.problemMessage, cell: (notice) => notice.message },
              ]}
            />
          </>
        ) : null}
        {outcome.kind === 'error' ? <p className="console-error">{outcome.text}</p> : null}
        {outcome.kind === 'problems' ? (
          <>
            <p className="console-error">{countText(lang, t.importProblems, outcome.problems.length)}</p>
            <ConsoleTable
              className="console-problems"
              rows={outcome.problems}
              rowKey={(problem) => `${problem.path} ${problem.message}`}
              columns={[
                { heading: t.problemPath, cell: (problem) => <code>{problem.path}</code> },
                { heading: t.problemMessage, cell: (problem) => problem.message },
              ]}
            />
          </>
        ) : null}
      </div>
    </section>
  );
}
