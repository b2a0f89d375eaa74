/**
 * Deleting an item asks first, naming the sub-items that would block it; the server refuses while
 * anything links to the item and its answer names each link, shown here as it is.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { format } from '../../../i18n/format.ts';
import { menuRefusalText } from '../../../i18n/menu-messages.ts';
import type { Lang } from '../../../lib/lang.ts';
import type { MenuRow } from '../../../lib/menu-preview.ts';
import { homeRefusal } from '../../../lib/menu-rules.ts';
import { consoleCall } from '../console-api.ts';
import { type MenuEditorTexts, rowName, siblingsOf } from './types.ts';

type Props = {
  lang: Lang;
  texts: MenuEditorTexts;
  sld: string;
  rows: MenuRow[];
  row: MenuRow;
  onDeleted: (message: string) => void;
  onCancel: () => void;
};

export function DeleteConfirm({ lang, texts, sld, rows, row, onDeleted, onCancel }: Props) {
  const t = texts.editor;
  const id = useId();
  const [error, setError] = useState('');
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.focus();
  }, []);
  const name = rowName(row, lang);
  const children = siblingsOf(rows, row.id).map((child) => rowName(child, lang));
  const home = homeRefusal(row, { delete: true });
  const confirm = async () => {
    const result = await consoleCall(lang, `/_admin/sites/${sld}/channels/${row.id}`, { method: 'DELETE' });
    if (result.ok) onDeleted(format(t.deleted, { name }));
    else setError(result.error || t.saveFailed);
  };
  return (
    <div
      ref={box}
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-detail`}
      tabIndex={-1}
      className="menu-delete"
    >
      <p id={`${id}-title`}>
        <strong>{format(t.confirmDelete, { name })}</strong>
      </p>
      <div id={`${id}-detail`}>
        {home ? <p className="console-error">{menuRefusalText(home, texts.rules, lang)}</p> : null}
        {children.length > 0 ? (
          <p>{format(t.confirmDeleteChildren, { names: children.join(texts.rules.listSeparator) })}</p>
        ) : null}
        <p role="alert" className="console-error">
          {error}
        </p>
      </div>
      <div className="menu-form-row">
        <button type="button" disabled={home !== null} onClick={confirm}>
          {t.confirmDeleteYes}
        </button>
        <button type="button" className="console-secondary" onClick={onCancel}>
          {t.cancel}
        </button>
      </div>
    </div>
  );
}
