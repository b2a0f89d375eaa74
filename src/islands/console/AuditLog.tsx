/**
 * One site's audit log, newest first, with the actor, action and date-range filters; without a site,
 * the platform's (accounts and tokens), which the admin API answers to administrators only.
 */
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { AUDIT_ACTIONS, type AuditAction } from '../../lib/audit-actions.ts';
import type { AuditRecord } from '../../lib/console-answers.ts';
import { ConsoleTable } from './ConsoleTable.tsx';
import { consoleCall } from './console-api.ts';
import type { ConsoleProps } from './types.ts';

type Entry = AuditRecord;
const shown = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value, null, 1));

export function AuditLog({ lang, texts, sld }: ConsoleProps & { sld: string | null }) {
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [error, setError] = useState('');
  const load = useCallback(async () => {
    const query = new URLSearchParams({ ...(sld === null ? { scope: 'platform' } : { site: sld }), ...filters });
    const result = await consoleCall<{ entries: Entry[] }>(lang, `/_admin/audit?${query}`);
    if (result.ok) {
      setEntries(result.data.entries);
      setError('');
    } else setError(result.error || texts.loadFailed);
  }, [lang, sld, filters, texts.loadFailed]);
  useEffect(() => {
    void load();
  }, [load]);
  const filter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next: Record<string, string> = {};
    for (const key of ['actor', 'action', 'from', 'to']) {
      const value = String(form.get(key) ?? '').trim();
      if (value) next[key] = value;
    }
    setFilters(next);
  };
  const headingId = sld === null ? 'console-platform-audit-heading' : 'console-audit-heading';
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{sld === null ? texts.platformAuditHeading : texts.auditHeading}</h2>
      <form className="console-filters" onSubmit={filter}>
        <label>
          {texts.filterActor}
          <input name="actor" />
        </label>
        <label>
          {texts.filterAction}
          <select name="action" defaultValue="">
            <option value="">{texts.filterAnyAction}</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {texts.auditActions[action]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {texts.filterFrom}
          <input name="from" type="date" />
        </label>
        <label>
          {texts.filterTo}
          <input name="to" type="date" />
        </label>
        <button type="submit">{texts.applyFilters}</button>
      </form>
      {error ? (
        <p className="console-error" role="alert">
          {error}
        </p>
      ) : null}
      {entries === null ? (
        <p>{texts.loading}</p>
      ) : entries.length === 0 ? (
        <p>{texts.auditEmpty}</p>
      ) : (
        <ConsoleTable
          rows={entries}
          rowKey={(entry) => entry.id}
          columns={[
            {
              heading: texts.colTime,
              cell: (entry) => (
                <time dateTime={entry.createdAt}>
                  {new Date(entry.createdAt).toLocaleString(lang === 'zh' ? 'zh-CN' : 'en')}
                </time>
              ),
            },
            { heading: texts.colActor, cell: (entry) => entry.actor },
            {
              heading: texts.colAction,
              cell: (entry) =>
                Object.hasOwn(texts.auditActions, entry.action)
                  ? texts.auditActions[entry.action as AuditAction]
                  : entry.action,
            },
            { heading: texts.colTarget, cell: (entry) => entry.target ?? '' },
            { heading: texts.colBefore, cell: (entry) => <pre>{shown(entry.before)}</pre> },
            { heading: texts.colAfter, cell: (entry) => <pre>{shown(entry.after)}</pre> },
          ]}
        />
      )}
    </section>
  );
}
