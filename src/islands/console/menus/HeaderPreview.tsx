/**
 * What the public header will show at the site's screen widths: the items the menu filter keeps,
 * measured as the header draws them, placed by the header's own overflow rule (the rest fold into
 * "More"), for the normal header and, on sites that have one, the fixed header.
 */
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { format } from '../../../i18n/format.ts';
import type { Lang } from '../../../lib/lang.ts';
import { barLabels, type HeaderLayout, type MenuRow, PREVIEW_WIDTHS, placementAt } from '../../../lib/menu-preview.ts';
import type { MenuEditorTexts } from './types.ts';

type Props = { lang: Lang; texts: MenuEditorTexts; rows: MenuRow[]; layout: HeaderLayout };

function Fold({
  labels,
  shown,
  texts,
  title,
}: {
  labels: string[];
  shown: number;
  texts: MenuEditorTexts;
  title: string;
}) {
  const t = texts.editor;
  const more = labels.slice(shown);
  return (
    <div className="menu-preview-fold">
      <p className="menu-preview-title">{title}</p>
      <ul className="menu-preview-bar" aria-label={t.previewBar}>
        {labels.slice(0, shown).map((label, index) => (
          // labels may repeat; their place is their identity here
          // biome-ignore lint/suspicious/noArrayIndexKey: the bar is redrawn whole
          <li key={index}>{label}</li>
        ))}
        {more.length > 0 ? <li className="menu-preview-more">{t.previewMoreButton} ▾</li> : null}
      </ul>
      <p>
        <strong>{t.previewMore}:</strong>{' '}
        <span className="menu-preview-folded">{more.join(' · ') || t.previewNone}</span>
      </p>
    </div>
  );
}

export function HeaderPreview({ lang, texts, rows, layout }: Props) {
  const t = texts.editor;
  const id = useId();
  const [previewLang, setPreviewLang] = useState<Lang>(lang);
  const labels = barLabels(rows, previewLang);
  const key = labels.join('\n');
  const measure = useRef<HTMLUListElement>(null);
  const [widths, setWidths] = useState<{ key: string; widths: number[] }>({ key: '', widths: [] });
  useLayoutEffect(() => {
    const items = measure.current?.querySelectorAll('li') ?? [];
    setWidths({ key, widths: [...items].map((item) => item.getBoundingClientRect().width) });
  }, [key]);
  return (
    <section className="menu-preview" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{t.previewHeading}</h3>
      <label>
        {t.previewLang}{' '}
        <select value={previewLang} onChange={(event) => setPreviewLang(event.target.value === 'en' ? 'en' : 'zh')}>
          <option value="zh">{t.langZh}</option>
          <option value="en">{t.langEn}</option>
        </select>
      </label>
      <ul
        className="menu-preview-measure"
        ref={measure}
        aria-hidden="true"
        lang={previewLang === 'zh' ? 'zh-CN' : 'en'}
      >
        {labels.map((label, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: measured in order, redrawn whole
          <li key={index}>{label}</li>
        ))}
      </ul>
      {widths.key === key
        ? PREVIEW_WIDTHS.map((width) => {
            const placement = placementAt(widths.widths, layout, width);
            return (
              <div key={width} className="menu-preview-width" data-width={width}>
                <h4>{format(t.previewWidth, { width })}</h4>
                {placement === null ? (
                  <p>{t.previewPhone}</p>
                ) : (
                  <>
                    <Fold labels={labels} shown={placement.shown} texts={texts} title={t.previewBar} />
                    {placement.fixedShown === null ? null : (
                      <Fold labels={labels} shown={placement.fixedShown} texts={texts} title={t.previewFixed} />
                    )}
                  </>
                )}
              </div>
            );
          })
        : null}
    </section>
  );
}
