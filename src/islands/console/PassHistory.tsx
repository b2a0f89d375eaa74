/** A site's last passes (newest first): start, duration, pages rendered, failures. */
import { format } from '../../i18n/format.ts';
import type { Lang } from '../../lib/lang.ts';
import { adminTexts } from './admin-texts.ts';

export type HistoryPass = {
  ok: boolean;
  kind: string;
  pages: Record<string, number>;
  failed: { path: string; reason: string }[];
  error?: string;
  startedAt?: string;
  durationMs?: number;
  finishedAt: string;
};

export function PassHistory({ lang, passes }: { lang: Lang; passes: HistoryPass[] }) {
  const t = adminTexts(lang);
  const locale = lang === 'zh' ? 'zh-CN' : 'en';
  return (
    <>
      <h3>{t.historyHeading}</h3>
      {passes.length === 0 ? (
        <p>{t.noHistory}</p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-audit">
            <thead>
              <tr>
                <th scope="col">{t.colStarted}</th>
                <th scope="col">{t.colDuration}</th>
                <th scope="col">{t.colKind}</th>
                <th scope="col">{t.colPages}</th>
                <th scope="col">{t.colFailures}</th>
              </tr>
            </thead>
            <tbody>
              {passes.map((pass) => {
                const started = pass.startedAt ?? pass.finishedAt;
                return (
                  <tr key={pass.finishedAt}>
                    <td>
                      <time dateTime={started}>{new Date(started).toLocaleString(locale)}</time>
                    </td>
                    <td>
                      {pass.durationMs === undefined
                        ? ''
                        : format(t.durationSeconds, { seconds: (pass.durationMs / 1000).toFixed(1) })}
                    </td>
                    <td>{pass.kind === 'full' ? t.kindFull : t.kindChanges}</td>
                    <td>{Object.values(pass.pages).reduce((sum, count) => sum + count, 0)}</td>
                    <td>
                      {[...(pass.error ? [pass.error] : []), ...pass.failed.map((f) => `${f.path}: ${f.reason}`)].join(
                        '; ',
                      ) || '0'}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
