/** Articles: find one by id, DOI or title, correct its titles and abstracts, or put a notice on it (or remove it) with the reason. */
import { type FormEvent, useState } from 'react';
import { format } from '../../../i18n/format.ts';
import type { ArticleAnswer } from '../../../lib/console-answers.ts';
import type { Lang } from '../../../lib/lang.ts';
import { siteJumpPath } from '../../../lib/site-jump.ts';
import { consoleCall } from '../console-api.ts';
import { type ContentTexts, contentTexts } from './content-texts.ts';
import './content.css';
import { ConsoleTable } from '../ConsoleTable.tsx';

type Article = ArticleAnswer;
type Saved = { article: Article; publicPath: string };
type Message = { ok: boolean; text: string; link?: string } | null;

const ACTIONS = ['retracted', 'withdrawn', 'concern', 'removed', 'none'] as const;
type Action = (typeof ACTIONS)[number];

function actionLabel(t: ContentTexts, action: Action | string): string {
  const labels: Record<Action, string> = {
    retracted: t.kindRetracted,
    withdrawn: t.kindWithdrawn,
    concern: t.kindConcern,
    removed: t.kindRemoved,
    none: t.kindNone,
  };
  return labels[action as Action] ?? action;
}

/** What the public sees of the article: its notice or removal, a schedule or draft, else its status. */
function stateText(t: ContentTexts, article: Article, lang: Lang): string {
  if (article.removed) return t.kindRemoved;
  if (article.notice) return actionLabel(t, article.notice.kind);
  if (article.status === 'draft') return t.statusDraft;
  if (article.preview !== null || article.publishAt > new Date().toISOString())
    return format(t.stateScheduled, {
      at: new Date(article.publishAt).toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-GB'),
    });
  const labels: Record<string, string> = {
    formal: t.statusFormal,
    'online-first': t.statusOnlineFirst,
    'just-accepted': t.statusJustAccepted,
  };
  return labels[article.status] ?? article.status;
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '');

function ArticleEditor({
  lang,
  sld,
  article,
  onSaved,
}: {
  lang: Lang;
  sld: string;
  article: Article;
  onSaved: (article: Article) => void;
}) {
  const t = contentTexts(lang);
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);

  const send = async (body: Record<string, unknown>) => {
    setBusy(true);
    const result = await consoleCall<Saved>(lang, `/_admin/sites/${encodeURIComponent(sld)}/articles/${article.id}`, {
      method: 'PATCH',
      body,
    });
    setBusy(false);
    if (!result.ok) {
      setMessage({ ok: false, text: result.error });
      return;
    }
    onSaved(result.data.article);
    setMessage({ ok: true, text: t.saved, link: siteJumpPath(sld, lang, result.data.publicPath) });
  };

  const correct = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body: Record<string, unknown> = {};
    const title = text(form, 'title').trim();
    if (title && title !== article.title) body['title'] = title;
    for (const key of ['enTitle', 'abstract', 'enAbstract'] as const) {
      const value = text(form, key).trim();
      if (value !== (article[key] ?? '')) body[key] = value === '' ? null : value;
    }
    if (Object.keys(body).length === 0) setMessage({ ok: false, text: t.nothingChanged });
    else void send(body);
  };

  const notice = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const action = text(form, 'action') as Action;
    const reason = text(form, 'reason').trim();
    if (action === 'none') {
      void send({ notice: null, removed: null });
      return;
    }
    if (!reason) {
      setMessage({ ok: false, text: t.reasonRequired });
      return;
    }
    const noticeDoi = text(form, 'noticeDoi').trim();
    if (action === 'removed') void send({ removed: { reason } });
    else void send({ notice: { kind: action, reason, ...(noticeDoi ? { noticeDoi } : {}) } });
  };

  const id = `article-${article.id}`;
  return (
    <section aria-labelledby={`${id}-heading`} className="console-article">
      <h3 id={`${id}-heading`}>
        {article.title} <span className="console-sld">({article.doi ?? article.id})</span>
      </h3>
      {article.notice ? (
        <p>
          {format(t.currentNotice, {
            kind: actionLabel(t, article.notice.kind),
            date: article.notice.date ?? '',
            reason: article.notice.reason ?? '',
          })}
        </p>
      ) : null}
      {article.removed ? (
        <p>{format(t.currentRemoved, { date: article.removed.date, reason: article.removed.reason ?? '' })}</p>
      ) : null}
      <div role="status" aria-live="polite">
        {message ? (
          <p className={message.ok ? 'console-ok' : 'console-error'}>
            {message.text}{' '}
            {message.link ? (
              <a href={message.link} target="_blank" rel="noopener">
                {t.viewPublic}
              </a>
            ) : null}
          </p>
        ) : null}
      </div>
      <h4>{t.correctHeading}</h4>
      <form className="console-form" onSubmit={correct}>
        <label>
          {t.fieldTitle}
          <input name="title" defaultValue={article.title} />
        </label>
        <label>
          {t.fieldEnTitle}
          <input name="enTitle" defaultValue={article.enTitle ?? ''} />
        </label>
        <label>
          {t.fieldAbstract}
          <textarea name="abstract" defaultValue={article.abstract ?? ''} />
        </label>
        <label>
          {t.fieldEnAbstract}
          <textarea name="enAbstract" defaultValue={article.enAbstract ?? ''} />
        </label>
        <div className="console-actions">
          <button type="submit" disabled={busy}>
            {t.saveCorrection}
          </button>
        </div>
      </form>
      <h4>{t.noticeHeading}</h4>
      <form className="console-form" onSubmit={notice}>
        <label>
          {t.noticeKind}
          <select name="action" defaultValue="retracted">
            {ACTIONS.map((action) => (
              <option key={action} value={action}>
                {actionLabel(t, action)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.reason}
          <textarea name="reason" />
        </label>
        <label>
          {t.noticeDoi}
          <input name="noticeDoi" />
        </label>
        <div className="console-actions">
          <button type="submit" disabled={busy}>
            {t.applyNotice}
          </button>
        </div>
      </form>
    </section>
  );
}

export function ArticlesPanel({ lang, sld }: { lang: Lang; sld: string }) {
  const t = contentTexts(lang);
  const [found, setFound] = useState<Article[] | null>(null);
  const [error, setError] = useState('');
  const [chosen, setChosen] = useState<Article | null>(null);

  const find = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = text(new FormData(event.currentTarget), 'q').trim();
    if (!q) return;
    const result = await consoleCall<{ articles: Article[] }>(
      lang,
      `/_admin/sites/${encodeURIComponent(sld)}/articles?q=${encodeURIComponent(q)}`,
    );
    setChosen(null);
    if (result.ok) {
      setFound(result.data.articles);
      setError('');
    } else setError(result.error);
  };

  const saved = (article: Article) => {
    setChosen(article);
    setFound((list) => list?.map((entry) => (entry.id === article.id ? article : entry)) ?? null);
  };

  return (
    <section aria-labelledby="console-articles-heading">
      <h2 id="console-articles-heading">{t.articlesHeading}</h2>
      <form className="console-filters" onSubmit={find}>
        <label>
          {t.articlesSearch}
          <input name="q" type="search" />
        </label>
        <button type="submit">{t.articlesFind}</button>
      </form>
      {error ? <p className="console-error">{error}</p> : null}
      {found && found.length === 0 ? <p>{t.articlesNone}</p> : null}
      {found && found.length > 0 ? (
        <ConsoleTable
          rows={found}
          rowKey={(article) => article.id}
          columns={[
            { heading: t.colId, cell: (article) => article.id },
            { heading: t.colDoi, cell: (article) => article.doi ?? '' },
            {
              heading: t.colTitle,
              cell: (article) => (lang === 'en' && article.enTitle ? article.enTitle : article.title),
            },
            {
              heading: t.colStatus,
              cell: (article) => stateText(t, article, lang),
            },
            {
              heading: t.edit,
              quiet: true,
              cell: (article) => (
                <div className="console-actions">
                  <button
                    type="button"
                    className="console-link"
                    aria-label={`${t.edit}: ${article.title}`}
                    onClick={() => setChosen(article)}
                  >
                    {t.edit}
                  </button>
                  {article.preview ? (
                    <a
                      href={article.preview}
                      target="_blank"
                      rel="noopener"
                      aria-label={format(t.previewOf, { title: article.title })}
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
      {chosen ? <ArticleEditor key={`${chosen.id}`} lang={lang} sld={sld} article={chosen} onSaved={saved} /> : null}
    </section>
  );
}
