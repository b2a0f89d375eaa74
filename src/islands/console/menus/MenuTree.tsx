/**
 * The channel tree in menu order. Each level is reordered with the arrow buttons, Alt+ArrowUp/Down on
 * an item's name, or by dragging an item onto a sibling; an item's name opens it for editing.
 */
import { type DragEvent, type KeyboardEvent, useRef, useState } from 'react';
import { format } from '../../../i18n/format.ts';
import type { Lang } from '../../../lib/lang.ts';
import { HIDDEN_MENU_CODES } from '../../../lib/menu-filter.ts';
import type { MenuRow } from '../../../lib/menu-preview.ts';
import { menuWarnings } from '../../../lib/menu-rules.ts';
import { type MenuEditorTexts, rowName, siblingsOf } from './types.ts';

type Props = {
  lang: Lang;
  texts: MenuEditorTexts;
  rows: MenuRow[];
  selectedId: number | null;
  onEdit: (row: MenuRow) => void;
  onDelete: (row: MenuRow) => void;
  /** a new order of one parent's items; `moved` is the item that changed place */
  onReorder: (parentId: number, ids: number[], moved: MenuRow) => void;
};

/** The ids of a level with one item moved to another index. */
function moveTo(ids: number[], id: number, index: number): number[] {
  const rest = ids.filter((other) => other !== id);
  rest.splice(Math.max(0, Math.min(index, rest.length)), 0, id);
  return rest;
}

export function MenuTree({ lang, texts, rows, selectedId, onEdit, onDelete, onReorder }: Props) {
  const t = texts.editor;
  // the dragged item is read by the drop target's events before React renders again: a ref, and state for its style
  const dragging = useRef<MenuRow | null>(null);
  const [dragged, setDragged] = useState<MenuRow | null>(null);
  const drag = (row: MenuRow | null) => {
    dragging.current = row;
    setDragged(row);
  };

  const level = (parentId: number, depth: number) => {
    const siblings = siblingsOf(rows, parentId);
    if (siblings.length === 0) return null;
    const ids = siblings.map((row) => row.id);
    const move = (row: MenuRow, delta: number) => {
      const index = ids.indexOf(row.id) + delta;
      if (index < 0 || index >= ids.length) return;
      onReorder(parentId, moveTo(ids, row.id, index), row);
    };
    const onKey = (row: MenuRow) => (event: KeyboardEvent) => {
      if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
      event.preventDefault();
      move(row, event.key === 'ArrowUp' ? -1 : 1);
    };
    const sameLevel = (event: DragEvent) => {
      if (dragging.current?.parentId !== parentId) return;
      event.preventDefault();
      event.stopPropagation();
    };
    const drop = (target: MenuRow) => (event: DragEvent) => {
      const moving = dragging.current;
      if (!moving || moving.parentId !== parentId) return;
      event.preventDefault();
      event.stopPropagation();
      drag(null);
      if (moving.id !== target.id) onReorder(parentId, moveTo(ids, moving.id, ids.indexOf(target.id)), moving);
    };
    return (
      <ul
        className={depth === 0 ? 'menu-tree' : 'menu-tree-children'}
        aria-label={depth === 0 ? t.treeLabel : undefined}
      >
        {siblings.map((row, index) => {
          const name = rowName(row, lang);
          const partOfPage = HIDDEN_MENU_CODES.has(row.code);
          const hidden = partOfPage ? [] : menuWarnings(row);
          return (
            <li
              key={row.id}
              data-row-id={row.id}
              draggable
              onDragStart={(event) => {
                event.stopPropagation();
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', String(row.id));
                drag(row);
              }}
              onDragEnd={() => drag(null)}
              onDragOver={sameLevel}
              onDrop={drop(row)}
              className={dragged?.id === row.id ? 'menu-tree-item is-dragged' : 'menu-tree-item'}
            >
              <div className={selectedId === row.id ? 'menu-row is-selected' : 'menu-row'}>
                <button
                  type="button"
                  className="menu-row-name"
                  aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
                  aria-current={selectedId === row.id ? 'true' : undefined}
                  onClick={() => onEdit(row)}
                  onKeyDown={onKey(row)}
                >
                  {name}
                </button>
                <span className="menu-row-code">{row.code}</span>
                {row.enable !== '1' ? <span className="menu-badge">{t.disabled}</span> : null}
                {partOfPage ? <span className="menu-badge">{t.pagePart}</span> : null}
                {hidden.map((warning) => (
                  <span key={warning.lang} className="menu-badge menu-badge-warn">
                    {warning.lang === 'en' ? t.hiddenEn : t.hiddenZh}
                  </span>
                ))}
                <span className="menu-row-actions">
                  <button
                    type="button"
                    aria-label={format(t.moveUp, { name })}
                    disabled={index === 0}
                    onClick={() => move(row, -1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    aria-label={format(t.moveDown, { name })}
                    disabled={index === siblings.length - 1}
                    onClick={() => move(row, 1)}
                  >
                    ↓
                  </button>
                  <button type="button" aria-label={format(t.deleteLabel, { name })} onClick={() => onDelete(row)}>
                    {t.delete}
                  </button>
                </span>
              </div>
              {level(row.id, depth + 1)}
            </li>
          );
        })}
      </ul>
    );
  };

  return level(0, 0);
}
