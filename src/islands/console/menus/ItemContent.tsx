/**
 * The body of an item's or about page, per language: HTML in a textarea with a few formatting
 * buttons. The server cleans it (the rich-text allow-list) and answers what it stored; that cleaned
 * result is shown in a sandboxed frame, so nothing in it can run.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { Lang } from '../../../lib/lang.ts';
import { consoleCall } from '../console-api.ts';
import type { MenuEditorTexts } from './types.ts';

type Content = { content: string | null; enContent: string | null };
type Props = { lang: Lang; texts: MenuEditorTexts; sld: string; id: number };

/** the formatting buttons: the markup put around the selected text */
const WRAPS = {
  bold: ['<strong>', '</strong>'],
  italic: ['<em>', '</em>'],
  link: ['<a href="https://">', '</a>'],
  bulletList: ['<ul>\n<li>', '</li>\n</ul>'],
  subheading: ['<h2>', '</h2>'],
} as const;

function ContentField({
  label,
  textLang,
  value,
  onChange,
  texts,
}: {
  label: string;
  textLang: Lang;
  value: string;
  onChange: (value: string) => void;
  texts: MenuEditorTexts;
}) {
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const wrap = ([open, close]: readonly [string, string]) => {
    const field = area.current;
    if (!field) return;
    const { selectionStart: start, selectionEnd: end } = field;
    onChange(`${value.slice(0, start)}${open}${value.slice(start, end)}${close}${value.slice(end)}`);
    requestAnimationFrame(() => {
      field.focus();
      field.setSelectionRange(start + open.length, end + open.length);
    });
  };
  return (
    <div className="menu-content-field">
      <label htmlFor={id}>{label}</label>
      <div role="toolbar" aria-label={`${texts.editor.formatting}: ${label}`} className="menu-toolbar">
        {Object.entries(WRAPS).map(([command, pair]) => (
          <button key={command} type="button" onClick={() => wrap(pair)}>
            {texts.editor[command as keyof typeof WRAPS]}
          </button>
        ))}
      </div>
      <textarea
        id={id}
        ref={area}
        lang={textLang === 'zh' ? 'zh-CN' : 'en'}
        rows={8}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

export function ItemContent({ lang, texts, sld, id }: Props) {
  const t = texts.editor;
  const [draft, setDraft] = useState<{ content: string; enContent: string } | null>(null);
  const [saved, setSaved] = useState<Content | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const path = `/_admin/sites/${sld}/channels/${id}/content`;
  useEffect(() => {
    let live = true;
    void consoleCall<Content>(lang, path).then((result) => {
      if (!live) return;
      if (!result.ok) {
        setError(result.error || t.saveFailed);
        return;
      }
      setDraft({ content: result.data.content ?? '', enContent: result.data.enContent ?? '' });
    });
    return () => {
      live = false;
    };
  }, [lang, path, t.saveFailed]);
  if (!draft) return <div role="alert">{error}</div>;
  const save = async () => {
    setError('');
    setMessage('');
    const result = await consoleCall<Content>(lang, path, {
      method: 'PUT',
      body: { content: draft.content || null, enContent: draft.enContent || null },
    });
    if (!result.ok) {
      setError(result.error || t.saveFailed);
      return;
    }
    setSaved(result.data);
    setDraft({ content: result.data.content ?? '', enContent: result.data.enContent ?? '' });
    setMessage(t.contentSaved);
  };
  const frame = (html: string | null, title: string) => (
    <iframe
      className="menu-content-result"
      title={title}
      sandbox=""
      srcDoc={`<!doctype html><meta charset="utf-8"><body style="font-family:system-ui,sans-serif">${html ?? `<p>${t.noContent}</p>`}`}
    />
  );
  return (
    <section className="menu-content" aria-labelledby={`content-${id}`}>
      <h3 id={`content-${id}`}>{t.contentHeading}</h3>
      <div className="menu-content-fields">
        <ContentField
          label={t.contentZh}
          textLang="zh"
          texts={texts}
          value={draft.content}
          onChange={(content) => setDraft({ ...draft, content })}
        />
        <ContentField
          label={t.contentEn}
          textLang="en"
          texts={texts}
          value={draft.enContent}
          onChange={(enContent) => setDraft({ ...draft, enContent })}
        />
      </div>
      <button type="button" onClick={save}>
        {t.saveContent}
      </button>
      <div role="alert" className="console-error">
        {error}
      </div>
      <p role="status">{message}</p>
      {saved ? (
        <div className="menu-content-fields">
          {frame(saved.content, `${t.savedResult}: ${t.contentZh}`)}
          {frame(saved.enContent, `${t.savedResult}: ${t.contentEn}`)}
        </div>
      ) : null}
    </section>
  );
}
