/** Issues: the site's issues listed; one's year, volume, number and dates corrected. */
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { format } from '../../../i18n/format.ts';
import type { IssueAnswer } from '../../../lib/console-answers.ts';
import type { Lang } from '../../../lib/lang.ts';
import { siteJumpPath } from '../../../lib/site-jump.ts';
import { ConsoleTable } from '../ConsoleTable.tsx';
import { consoleCall } from '../console-api.ts';
import { contentTexts } from './content-texts.ts';
import './content.css';

type Issue = IssueAnswer;
type Message = { ok: boolean; text: string; link?: string } | null;
const NUMBERS = ['year', 'volume', 'issue'] as const;

export function IssuesPanel({ lang, sld }: { lang: Lang; sld: string }) {
  const t = contentTexts(lang);
  const base = `/_admin/sites/${encodeURIComponent(sld)}/issues`;
  const [issues, setIssues] = useState<Issue[] | null>(null);
  const [editing, setEditing] = useState<Issue | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const result = await consoleCall<{ issues: Issue[] }>(lang, base);
    if (result.ok) setIssues(result.data.issues);
    else setMessage({ ok: false, text: result.error });
  }, [lang, base]);
  useEffect(() => {
    void load();
  }, [load]);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!editing) return;
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim();
    const body: Record<string, unknown> = {};
    for (const key of NUMBERS) {
      const number = Number(value(key));
      if (value(key) !== '' && number !== editing[key]) body[key] = number;
    }
    if (value('publishDate') && value('publishDate') !== editing.publishDate)
      body['publishDate'] = value('publishDate');
    if (value('publishAt')) body['publishAt'] = new Date(value('publishAt')).toISOString();
    if (Object.keys(body).length === 0) {
      setMessage({ ok: false, text: t.nothingChanged });
      return;
    }
    setBusy(true);
    const result = await consoleCall<{ issue: Issue; publicPath: string }>(lang, `${base}/${editing.id}`, {
      method: 'PATCH',
      body,
    });
    setBusy(false);
    if (!result.ok) {
      setMessage({ ok: false, text: result.error });
      return;
    }
    setEditing(null);
    setMessage({ ok: true, text: t.saved, link: siteJumpPath(sld, lang, result.data.publicPath) });
    await load();
  };

  const journal = (issue: Issue) => (lang === 'en' && issue.enJournal ? issue.enJournal : (issue.journal ?? ''));
  return (
    <section aria-labelledby="console-issues-heading">
      <h2 id="console-issues-heading">{t.issuesHeading}</h2>
      <div role="status" aria-live="polite">
        {message ? (
          <p className={message.ok ? 'console-ok' : 'console-error'}>
            {message.text}{' '}
            {message.link ? (
              <a href={message.link} target="_blank" rel="noopener">
                {t.issueView}
              </a>
            ) : null}
          </p>
        ) : null}
      </div>
      {issues && issues.length === 0 ? <p>{t.issuesNone}</p> : null}
      {issues && issues.length > 0 ? (
        <ConsoleTable
          className="console-issues"
          rows={issues}
          rowKey={(issue) => issue.id}
          columns={[
            { heading: t.issueJournal, cell: journal },
            { heading: t.issueYear, cell: (issue) => issue.year },
            { heading: t.issueVolume, cell: (issue) => issue.volume },
            { heading: t.issueNumber, cell: (issue) => issue.issue },
            { heading: t.issuePublishDate, cell: (issue) => issue.publishDate },
            {
              heading: t.newsState,
              cell: (issue) =>
                issue.preview === null
                  ? t.statePublic
                  : format(t.stateScheduled, {
                      at: new Date(issue.publishAt).toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-GB'),
                    }),
            },
            {
              heading: t.edit,
              quiet: true,
              cell: (issue) => (
                <div className="console-actions">
                  <button
                    type="button"
                    disabled={busy}
                    aria-label={format(t.issueEdit, { year: issue.year, issue: issue.issue })}
                    onClick={() => {
                      setMessage(null);
                      setEditing(issue);
                    }}
                  >
                    {t.edit}
                  </button>
                  {issue.preview ? (
                    <a
                      href={issue.preview}
                      target="_blank"
                      rel="noopener"
                      aria-label={format(t.previewOf, {
                        title: format(t.issueTitle, { year: issue.year, issue: issue.issue }),
                      })}
                    >
                      {t.preview}
                    </a>
                  ) : null}
                </div>
              ),
            },
          ]}
        />
      ) : null}
      {editing ? (
        <form key={editing.id} className="console-form" onSubmit={save}>
          <h3>{format(t.issueEdit, { year: editing.year, issue: editing.issue })}</h3>
          <label>
            {t.issueYear}
            <input name="year" type="number" min={1800} max={2100} required defaultValue={editing.year} />
          </label>
          <label>
            {t.issueVolume}
            <input name="volume" type="number" min={0} required defaultValue={editing.volume} />
          </label>
          <label>
            {t.issueNumber}
            <input name="issue" type="number" min={0} required defaultValue={editing.issue} />
          </label>
          <label>
            {t.issuePublishDate}
            <input name="publishDate" type="date" required defaultValue={editing.publishDate} />
          </label>
          <label>
            {t.issuePublishAt}
            <input name="publishAt" type="datetime-local" />
          </label>
          <div className="console-actions">
            <button type="submit" disabled={busy}>
              {t.issueSave}
            </button>
            <button type="button" onClick={() => setEditing(null)}>
              {t.issueCancel}
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
