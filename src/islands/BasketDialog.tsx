/**
 * The bulk-citation dialog (docs/product-rules.md#basket): the saved items with a checkbox and a
 * delete button each, select-all, one-click copy of the prepared citation text, clear (the selected
 * items), exports in the five formats, close, and a picture when empty. A native modal <dialog>:
 * it keeps focus inside and closes on Escape. Rendered inside the basket button's island.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { CITATION_FORMATS, citationDownloadUrl } from '../lib/citation-formats.ts';
import { CITATION_DIALOG_WIDTH } from '../lib/constants.ts';
import type { Lang } from '../lib/lang.ts';
import { plainText } from '../lib/plain-text.ts';
import { $basket, $basketOpen, closeBasket, removeFromBasket, setCitations } from './state/basket.ts';
import { citationText, fetchCitations } from './state/citations.ts';
import { showToast } from './state/toast.ts';

export type BasketLabels = {
  title: string;
  selectAll: string;
  select: string;
  remove: string;
  copy: string;
  clear: string;
  exportLabel: string;
  exportAs: string;
  close: string;
  empty: string;
  added: string;
  noDataSelected: string;
  noCitation: string;
  copySuccess: string;
  copyError: string;
  copied: string;
  emptied: string;
  deleted: string;
  paperGone: string;
};

type Props = { siteId: number; lang: Lang; labels: BasketLabels };

const fill = (template: string, name: string, value: string) => template.replace(`{${name}}`, value);

export function BasketDialog({ siteId, lang, labels }: Props) {
  const open = useStore($basketOpen);
  const items = useStore($basket);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [status, setStatus] = useState('');
  const dialog = useRef<HTMLDialogElement>(null);
  const idList = items.map((item) => item.id).join(',');

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  // after any change to the list the selection starts again (docs/product-rules.md#basket)
  const [listSeen, setListSeen] = useState(idList);
  if (listSeen !== idList) {
    setListSeen(idList);
    setSelected(new Set());
    setStatus('');
  }

  // on opening: fresh citation text in this page's language, and a word about deleted papers
  useEffect(() => {
    if (!open || idList === '') return;
    const ids = idList.split(',').map(Number);
    let current = true;
    fetchCitations(siteId, ids).then(
      (citations) => {
        if (!current) return;
        const texts = new Map(citations.map((citation) => [citation.id, citationText(citation, lang)]));
        setCitations(texts);
        const gone = $basket.get().filter((item) => !texts.has(item.id));
        const drop = gone.filter((item) => window.confirm(`${labels.paperGone}\n${plainText(item.resName)}`));
        if (drop.length > 0) removeFromBasket(drop.map((item) => item.id));
      },
      () => {
        // the client has shown why; the list keeps the text it had
      },
    );
    return () => {
      current = false;
    };
  }, [open, idList, siteId, lang, labels.paperGone]);

  const chosen = items.filter((item) => selected.has(item.id));
  const allChecked = items.length > 0 && chosen.length === items.length;

  /** Runs an action on the selection, or says that nothing is selected. */
  const withSelection = (action: () => void) => () => {
    if (chosen.length === 0) showToast(labels.noDataSelected, 'error');
    else action();
  };

  const copy = withSelection(() => {
    const texts = chosen.map((item) => item.resString).filter((text) => text.trim() !== '');
    if (texts.length === 0) {
      showToast(labels.noCitation, 'error');
      return;
    }
    const text = texts.map((line, index) => `[${index + 1}] ${line}`).join('\n');
    navigator.clipboard.writeText(text).then(
      () => {
        showToast(labels.copySuccess, 'success');
        setStatus(labels.copied);
      },
      () => showToast(labels.copyError, 'error'),
    );
  });

  const clear = withSelection(() => {
    removeFromBasket(chosen.map((item) => item.id));
    showToast(labels.emptied, 'success');
  });

  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };

  return (
    <dialog
      ref={dialog}
      className="basket-dialog"
      aria-labelledby="basket-dialog-title"
      style={{ width: CITATION_DIALOG_WIDTH }}
      onClose={closeBasket}
    >
      <header className="basket-head">
        <h2 id="basket-dialog-title">{labels.title}</h2>
        <button type="button" className="basket-close" aria-label={labels.close} onClick={closeBasket}>
          ×
        </button>
      </header>
      {items.length === 0 ? (
        <div className="basket-empty">
          <svg aria-hidden="true" width="120" height="96" viewBox="0 0 120 96" focusable="false">
            <rect x="18" y="14" width="84" height="68" rx="6" fill="none" stroke="currentColor" strokeWidth="3" />
            <path
              d="M32 34h56M32 48h56M32 62h32"
              stroke="currentColor"
              strokeWidth="3"
              strokeLinecap="round"
              opacity="0.45"
            />
          </svg>
          <p>{labels.empty}</p>
        </div>
      ) : (
        <>
          <label className="basket-select-all">
            <input
              type="checkbox"
              checked={allChecked}
              onChange={() => setSelected(allChecked ? new Set() : new Set(items.map((item) => item.id)))}
            />
            {labels.selectAll}
          </label>
          <ol className="basket-items">
            {items.map((item) => {
              const title = plainText(item.resName);
              return (
                <li key={item.id}>
                  <input
                    type="checkbox"
                    aria-label={fill(labels.select, 'title', title)}
                    checked={selected.has(item.id)}
                    onChange={() => toggle(item.id)}
                  />
                  <span className="basket-item-text">
                    <span className="basket-item-title">{title}</span>
                    {item.resString && <span className="basket-item-citation">{item.resString}</span>}
                  </span>
                  <button
                    type="button"
                    className="basket-delete"
                    aria-label={fill(labels.remove, 'title', title)}
                    onClick={() => {
                      removeFromBasket([item.id]);
                      showToast(labels.deleted, 'success');
                    }}
                  >
                    ×
                  </button>
                </li>
              );
            })}
          </ol>
        </>
      )}
      <footer className="basket-actions">
        <button type="button" onClick={copy}>
          {labels.copy}
        </button>
        <button type="button" onClick={clear}>
          {labels.clear}
        </button>
        <fieldset className="basket-exports">
          <legend className="visually-hidden">{labels.exportLabel}</legend>
          {CITATION_FORMATS.map((format) => (
            <button
              key={format}
              type="button"
              aria-label={fill(labels.exportAs, 'format', format)}
              onClick={withSelection(() =>
                location.assign(
                  citationDownloadUrl(
                    chosen.map((item) => item.id),
                    format,
                    lang,
                  ),
                ),
              )}
            >
              {format}
            </button>
          ))}
        </fieldset>
      </footer>
      <p className="basket-status" role="status">
        {status}
      </p>
    </dialog>
  );
}
