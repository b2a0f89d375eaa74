/** A site's last passes (newest first): start, duration, pages rendered, failures. */
import { format } from '../../i18n/format.ts';
import type { PassAnswer } from '../../lib/console-answers.ts';
import type { Lang } from '../../lib/lang.ts';
import { adminTexts } from './admin-texts.ts';
import { ConsoleTable } from './ConsoleTable.tsx';
import { causeWords, pagesWords, problemWords } from './pass-words.ts';

export function PassHistory({ lang, passes }: { lang: Lang; passes: PassAnswer[] }) {
  const t = adminTexts(lang);
  const locale = lang === 'zh' ? 'zh-CN' : 'en';
  return (
    <>
      <h3>{t.historyHeading}</h3>
      {passes.length === 0 ? (
        <p>{t.noHistory}</p>
      ) : (
        <ConsoleTable
          rows={passes}
          rowKey={(pass) => pass.finishedAt}
          columns={[
            {
              heading: t.colStarted,
              cell: (pass) => {
                const started = pass.startedAt ?? pass.finishedAt;
                return <time dateTime={started}>{new Date(started).toLocaleString(locale)}</time>;
              },
            },
            {
              heading: t.colDuration,
              cell: (pass) =>
                pass.durationMs === undefined
                  ? ''
                  : format(t.durationSeconds, { seconds: (pass.durationMs / 1000).toFixed(1) }),
            },
            { heading: t.colKind, cell: (pass) => (pass.kind === 'full' ? t.kindFull : t.kindChanges) },
            { heading: t.colCause, cell: (pass) => causeWords(pass.causes, t, lang) },
            {
              heading: t.colPages,
              cell: (pass) => {
                const total = Object.values(pass.pages).reduce((sum, count) => sum + count, 0);
                const byKind = pagesWords(pass.pages, t);
                return byKind ? `${total} (${byKind})` : total;
              },
            },
            {
              heading: t.colFailures,
              cell: (pass) =>
                [
                  ...(pass.problem ? [problemWords(pass.problem, t)] : []),
                  ...pass.failed.map((f) => `${f.path}: ${problemWords(f.problem, t)}`),
                ].join(t.causeSeparator) || '0',
            },
          ]}
        />
      )}
    </>
  );
}
