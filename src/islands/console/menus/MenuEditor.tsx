/**
 * A site's menu in the console: the channel tree (reorder, edit, delete), the form of the item
 * being added or edited with its page content, and a preview of the public header. Every change is
 * one admin API call; the site's pages follow by themselves.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { format } from '../../../i18n/format.ts';
import type { MenuRow } from '../../../lib/menu-preview.ts';
import { hasOwnContent } from '../../../lib/menu-rules.ts';
import { consoleCall } from '../console-api.ts';
import { DeleteConfirm } from './DeleteConfirm.tsx';
import { HeaderPreview } from './HeaderPreview.tsx';
import { ItemContent } from './ItemContent.tsx';
import { ItemForm } from './ItemForm.tsx';
import { MenuTree } from './MenuTree.tsx';
import { type ChannelList, type MenuEditorProps, rowName, siblingsOf } from './types.ts';

type Panel = { kind: 'edit'; id: number } | { kind: 'add' } | { kind: 'delete'; id: number } | null;

export function MenuEditor({ lang, texts, sld }: MenuEditorProps) {
  const t = texts.editor;
  const id = useId();
  const [list, setList] = useState<ChannelList | null>(null);
  const [panel, setPanel] = useState<Panel>(null);
  const [announcement, setAnnouncement] = useState('');
  const [error, setError] = useState('');
  const [focusId, setFocusId] = useState<number | null>(null);
  const tree = useRef<HTMLDivElement>(null);

  const load = useCallback(async () => {
    const result = await consoleCall<ChannelList>(lang, `/_admin/sites/${sld}/channels`);
    if (result.ok) setList(result.data);
    else setError(result.error || t.saveFailed);
  }, [lang, sld, t.saveFailed]);
  useEffect(() => {
    void load();
  }, [load]);
  // after a keyboard move the moved item keeps the focus in its new place
  useEffect(() => {
    if (focusId === null || !list) return;
    tree.current?.querySelector<HTMLButtonElement>(`[data-row-id="${focusId}"] .menu-row-name`)?.focus();
    setFocusId(null);
  }, [focusId, list]);

  if (!list) return <div role="alert">{error}</div>;
  const rows = list.channels;
  const byId = (rowId: number) => rows.find((row) => row.id === rowId) ?? null;

  const reorder = async (parentId: number, ids: number[], moved: MenuRow) => {
    setError('');
    const result = await consoleCall<{ channels: MenuRow[] }>(lang, `/_admin/sites/${sld}/channels/order`, {
      method: 'PUT',
      body: { parentId, ids },
    });
    if (!result.ok) {
      setError(result.error || t.saveFailed);
      return;
    }
    const others = rows.filter((row) => row.parentId !== parentId);
    setList({ ...list, channels: [...others, ...result.data.channels] });
    const siblings = siblingsOf(result.data.channels, parentId);
    setAnnouncement(
      format(t.moved, {
        name: rowName(moved, lang),
        position: siblings.findIndex((row) => row.id === moved.id) + 1,
        count: siblings.length,
      }),
    );
    setFocusId(moved.id);
  };

  const done = async (message: string, rowId?: number) => {
    await load();
    setAnnouncement(message);
    setPanel(rowId === undefined ? null : { kind: 'edit', id: rowId });
  };

  const edited = panel?.kind === 'edit' ? byId(panel.id) : null;
  const deleting = panel?.kind === 'delete' ? byId(panel.id) : null;
  return (
    <section aria-labelledby={`${id}-heading`} className="menu-editor">
      <h2 id={`${id}-heading`}>{t.heading}</h2>
      <p>{t.intro}</p>
      <p aria-live="polite" role="status" className="menu-announce">
        {announcement}
      </p>
      <div role="alert" className="console-error">
        {error}
      </div>
      <div className="menu-editor-grid">
        <div ref={tree}>
          <button type="button" onClick={() => setPanel({ kind: 'add' })}>
            {t.addItem}
          </button>
          <MenuTree
            lang={lang}
            texts={texts}
            rows={rows}
            selectedId={edited?.id ?? null}
            onEdit={(row) => setPanel({ kind: 'edit', id: row.id })}
            onDelete={(row) => setPanel({ kind: 'delete', id: row.id })}
            onReorder={(parentId, ids, moved) => void reorder(parentId, ids, moved)}
          />
        </div>
        <div className="menu-editor-side">
          {panel?.kind === 'add' ? (
            <ItemForm
              key="add"
              lang={lang}
              texts={texts}
              sld={sld}
              rows={rows}
              row={null}
              onSaved={(message, rowId) => void done(message, rowId)}
              onCancel={() => setPanel(null)}
            />
          ) : null}
          {edited ? (
            <>
              <ItemForm
                key={`edit-${edited.id}`}
                lang={lang}
                texts={texts}
                sld={sld}
                rows={rows}
                row={edited}
                onSaved={(message, rowId) => void done(message, rowId)}
                onCancel={() => setPanel(null)}
              />
              {hasOwnContent(edited) ? (
                <ItemContent key={`content-${edited.id}`} lang={lang} texts={texts} sld={sld} id={edited.id} />
              ) : null}
            </>
          ) : null}
          {deleting ? (
            <DeleteConfirm
              key={`delete-${deleting.id}`}
              lang={lang}
              texts={texts}
              sld={sld}
              rows={rows}
              row={deleting}
              onDeleted={(message) => void done(message)}
              onCancel={() => setPanel(null)}
            />
          ) : null}
          <HeaderPreview lang={lang} texts={texts} rows={rows} layout={list.header} />
        </div>
      </div>
    </section>
  );
}
