/** A site's passes as the builder reports them (GET /_admin/rebuild/{sld}), and "render this site again". */
import { useCallback, useEffect, useState } from 'react';
import { format } from '../../i18n/format.ts';
import type { PublishingAnswer } from '../../lib/console-answers.ts';
import { adminTexts } from './admin-texts.ts';
import { consoleCall } from './console-api.ts';
import { PassHistory } from './PassHistory.tsx';
import { causeWords, pagesWords, problemWords } from './pass-words.ts';
import type { ConsoleProps } from './types.ts';

/** while a pass runs, how often the status is read again: often enough that the count moves visibly */
const POLL_MS = 1000;

export function PublishingStatus({ lang, texts, sld }: ConsoleProps & { sld: string }) {
  const [status, setStatus] = useState<PublishingAnswer | null>(null);
  const [notice, setNotice] = useState('');
  const t = adminTexts(lang);
  const load = useCallback(async () => {
    const result = await consoleCall<PublishingAnswer>(lang, `/_admin/rebuild/${sld}`);
    if (result.ok) setStatus(result.data);
    else setNotice(result.error || texts.loadFailed);
  }, [lang, sld, texts.loadFailed]);
  useEffect(() => {
    void load();
  }, [load]);
  const busy = status !== null && status.state !== 'idle';
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [busy, load]);
  const renderAgain = async () => {
    const result = await consoleCall(lang, '/_admin/rebuild', { method: 'POST', body: { site: sld } });
    setNotice(result.ok ? texts.renderRequested : result.error || texts.loadFailed);
    await load();
  };
  const stateName =
    status?.state === 'idle' ? texts.stateIdle : status?.state === 'running' ? texts.stateRunning : texts.stateQueued;
  const running = status?.pass.running ?? null;
  const last = status?.pass.last ?? null;
  const pages = last ? Object.values(last.pages).reduce((sum, count) => sum + count, 0) : 0;
  return (
    <section aria-labelledby="console-publishing-heading">
      <h2 id="console-publishing-heading">{texts.publishingHeading}</h2>
      {status === null ? (
        <p>{texts.loading}</p>
      ) : (
        <>
          <p className="console-state">{format(texts.state, { state: stateName })}</p>
          {running ? (
            <p className="console-pass-cause">{format(t.passCause, { causes: causeWords(running.causes, t, lang) })}</p>
          ) : null}
          {running && running.total === 0 ? (
            <p>{texts.passListing}</p>
          ) : running ? (
            <p>
              <progress max={Math.max(running.total, 1)} value={running.done} aria-label={texts.stateRunning} />{' '}
              {format(texts.passInProgress, { done: running.done, total: running.total })}
            </p>
          ) : (
            <p>{texts.noPassInProgress}</p>
          )}
          <h3>{texts.lastPass}</h3>
          {last ? (
            <>
              <p>
                <time dateTime={last.finishedAt}>
                  {new Date(last.finishedAt).toLocaleString(lang === 'zh' ? 'zh-CN' : 'en')}
                </time>{' '}
                {last.ok
                  ? format(texts.lastPassOk, { pages })
                  : format(texts.lastPassFailed, { error: last.problem ? problemWords(last.problem, t) : '' })}
              </p>
              <p>
                {causeWords(last.causes, t, lang)}
                {pages > 0 ? `${t.causeSeparator}${pagesWords(last.pages, t)}` : ''}
              </p>
              {last.ok ? null : <p>{t.passProblemLog}</p>}
              {last.failed.length > 0 ? (
                <>
                  <h4>{texts.failures}</h4>
                  <ul>
                    {last.failed.map((failure) => (
                      <li key={failure.path}>
                        {failure.path}: {problemWords(failure.problem, t)}
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
            </>
          ) : (
            <p>{texts.noLastPass}</p>
          )}
          <PassHistory lang={lang} passes={status.pass.history} />
        </>
      )}
      <button type="button" onClick={renderAgain}>
        {texts.renderAgain}
      </button>
      <p role="status">{notice}</p>
    </section>
  );
}
