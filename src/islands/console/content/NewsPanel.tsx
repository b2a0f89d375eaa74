/** News: write an item in both languages, publish it now or at a set time; publish, unpublish or preview the listed ones. */
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { format } from '../../../i18n/format.ts';
import type { NewsAnswer } from '../../../lib/console-answers.ts';
import type { Lang } from '../../../lib/lang.ts';
import { consoleCall } from '../console-api.ts';
import { type ContentTexts, contentTexts } from './content-texts.ts';
import './content.css';
import { ConsoleTable } from '../ConsoleTable.tsx';

type Item = NewsAnswer;
type Message = { ok: boolean; text: string } | null;

const TYPES = ['information', 'announcement', 'dynamic', 'statement'] as const;

const typeLabel = (t: ContentTexts, type: string) =>
  ({
    information: t.typeInformation,
    announcement: t.typeAnnouncement,
    dynamic: t.typeDynamic,
    statement: t.typeStatement,
  })[type] ?? type;

function stateText(t: ContentTexts, item: Item, lang: Lang): string {
  if (item.state === 'published') return t.newsPublished;
  if (item.state === 'unpublished') return t.newsUnpublished;
  return format(t.newsScheduled, { at: new Date(item.publishAt).toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-GB') });
}

export function NewsPanel({ lang, sld }: { lang: Lang; sld: string }) {
  const t = contentTexts(lang);
  const base = `/_admin/sites/${encodeURIComponent(sld)}/news`;
  const [items, setItems] = useState<Item[] | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const result = await consoleCall<{ news: Item[] }>(lang, base);
    if (result.ok) setItems(result.data.news);
    else setMessage({ ok: false, text: result.error });
  }, [lang, base]);
  useEffect(() => {
    void load();
  }, [load]);

  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const value = (name: string) => String(form.get(name) ?? '').trim();
    const at = value('publishAt');
    const body: Record<string, unknown> = { type: value('type'), title: value('title') };
    if (value('enTitle')) body['enTitle'] = value('enTitle');
    if (value('content')) body['content'] = value('content');
    if (value('enContent')) body['enContent'] = value('enContent');
    if (at) body['publishAt'] = new Date(at).toISOString();
    setBusy(true);
    const result = await consoleCall<{ item: Item }>(lang, base, { method: 'POST', body });
    setBusy(false);
    if (!result.ok) {
      setMessage({ ok: false, text: result.error });
      return;
    }
    formElement.reset();
    setMessage({ ok: true, text: t.newsCreated });
    await load();
  };

  const change = async (item: Item, publishAt: 'now' | null) => {
    setBusy(true);
    const result = await consoleCall<{ item: Item }>(lang, `${base}/${item.id}`, {
      method: 'PATCH',
      body: { publishAt },
    });
    setBusy(false);
    if (!result.ok) setMessage({ ok: false, text: result.error });
    else {
      setMessage({ ok: true, text: t.saved });
      await load();
    }
  };

  return (
    <section aria-labelledby="console-news-heading">
      <h2 id="console-news-heading">{t.newsHeading}</h2>
      <div role="status" aria-live="polite">
        {message ? <p className={message.ok ? 'console-ok' : 'console-error'}>{message.text}</p> : null}
      </div>
      {items && items.length === 0 ? <p>{t.newsNone}</p> : null}
      {items && items.length > 0 ? (
        <ConsoleTable
          className="console-news"
          rows={items}
          rowKey={(item) => item.id}
          columns={[
            { heading: t.colTitle, cell: (item) => (lang === 'en' && item.enTitle ? item.enTitle : item.title) },
            { heading: t.newsType, cell: (item) => typeLabel(t, item.type) },
            { heading: t.newsState, cell: (item) => stateText(t, item, lang) },
            {
              heading: t.edit,
              quiet: true,
              cell: (item) => (
                <div className="console-actions">
                  {item.state !== 'published' ? (
                    <button
                      type="button"
                      disabled={busy}
                      aria-label={`${t.newsPublishNow}: ${item.title}`}
                      onClick={() => void change(item, 'now')}
                    >
                      {t.newsPublishNow}
                    </button>
                  ) : null}
                  {item.state !== 'unpublished' ? (
                    <button
                      type="button"
                      disabled={busy}
                      aria-label={`${t.newsUnpublish}: ${item.title}`}
                      onClick={() => void change(item, null)}
                    >
                      {t.newsUnpublish}
                    </button>
                  ) : null}
                  {item.preview ? (
                    <a href={item.preview} target="_blank" rel="noopener">
                      {t.newsPreview}
                    </a>
                  ) : null}
                </div>
              ),
            },
          ]}
        />
      ) : null}
      <h3>{t.newsWrite}</h3>
      <form className="console-form" onSubmit={create}>
        <label>
          {t.newsType}
          <select name="type" defaultValue="information">
            {TYPES.map((type) => (
              <option key={type} value={type}>
                {typeLabel(t, type)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.newsTitle}
          <input name="title" required />
        </label>
        <label>
          {t.newsEnTitle}
          <input name="enTitle" />
        </label>
        <label>
          {t.newsBody}
          <textarea name="content" />
        </label>
        <label>
          {t.newsEnBody}
          <textarea name="enContent" />
        </label>
        <label>
          {t.newsPublishAt}
          <input name="publishAt" type="datetime-local" />
        </label>
        <div className="console-actions">
          <button type="submit" disabled={busy}>
            {t.newsSave}
          </button>
        </div>
      </form>
    </section>
  );
}
