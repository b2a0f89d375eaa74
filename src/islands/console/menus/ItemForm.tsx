/**
 * Adding or editing one menu item: names in both languages side by side, link value, enabled,
 * parent. The menu rules the server applies (src/lib/menu-rules.ts) are checked as the editor
 * types, so a refusal or a "hidden in English" warning shows before anything is sent; what the
 * server still refuses is shown as its message.
 */
import { type FormEvent, useId, useState } from 'react';
import { format } from '../../../i18n/format.ts';
import { menuRefusalText, menuWarningText } from '../../../i18n/menu-messages.ts';
import type { Lang } from '../../../lib/lang.ts';
import type { MenuRow } from '../../../lib/menu-preview.ts';
import {
  homeRefusal,
  isLinkCode,
  linkValueRefusal,
  menuWarnings,
  nameRefusal,
  parentRefusal,
} from '../../../lib/menu-rules.ts';
import { consoleCall } from '../console-api.ts';
import { type MenuEditorTexts, rowName, siblingsOf } from './types.ts';

/** the kinds of item an editor adds here; the others come with the site */
const NEW_CODES = { item: 'typeItem', newItem: 'typeNewItem', aboutus: 'typeAboutus', jump: 'typeJump' } as const;

type Props = {
  lang: Lang;
  texts: MenuEditorTexts;
  sld: string;
  rows: MenuRow[];
  /** the item edited, or null to add one */
  row: MenuRow | null;
  onSaved: (message: string, id: number) => void;
  onCancel: () => void;
};

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

export function ItemForm({ lang, texts, sld, rows, row, onSaved, onCancel }: Props) {
  const t = texts.editor;
  const id = useId();
  const [code, setCode] = useState<string>(row?.code ?? 'item');
  const [name, setName] = useState(row?.name ?? '');
  const [enName, setEnName] = useState(row?.enName ?? '');
  const [linkValue, setLinkValue] = useState(row?.linkValue ?? '');
  const [enable, setEnable] = useState(row ? row.enable === '1' : true);
  const [parentId, setParentId] = useState(row?.parentId ?? 0);
  const [serverError, setServerError] = useState('');
  const [saving, setSaving] = useState(false);

  const link = orNull(linkValue);
  const linkChanged = link !== (row?.linkValue ?? null);
  const parentChanged = parentId !== (row?.parentId ?? 0);
  const refusal =
    (row ? homeRefusal(row, { enable, parentId }) : null) ??
    nameRefusal(name, enName) ??
    (linkChanged ? linkValueRefusal(code, link) : null) ??
    (parentChanged ? parentRefusal(rows, parentId, row?.id) : null);
  const warnings = menuWarnings({ name, enName, enable: enable ? '1' : '0', code });
  const parents = siblingsOf(rows, 0).filter((other) => other.id !== row?.id);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError('');
    if (refusal) return;
    const change = {
      ...(row === null || orNull(name) !== row.name ? { name: orNull(name) } : {}),
      ...(row === null || orNull(enName) !== row.enName ? { enName: orNull(enName) } : {}),
      ...(row === null || enable !== (row.enable === '1') ? { enable } : {}),
      ...(linkChanged ? { linkValue: link } : {}),
      ...(parentChanged ? { parentId } : {}),
    };
    const shown = rowName({ id: row?.id ?? 0, name: orNull(name), enName: orNull(enName) }, lang);
    if (row && Object.keys(change).length === 0) {
      onSaved(format(t.saved, { name: shown }), row.id);
      return;
    }
    setSaving(true);
    const result = row
      ? await consoleCall<{ channel: MenuRow }>(lang, `/_admin/sites/${sld}/channels/${row.id}`, {
          method: 'PATCH',
          body: change,
        })
      : await consoleCall<{ channel: MenuRow }>(lang, `/_admin/sites/${sld}/channels`, {
          method: 'POST',
          body: { code, ...change },
        });
    setSaving(false);
    if (!result.ok) {
      setServerError(result.error || t.saveFailed);
      return;
    }
    onSaved(format(row ? t.saved : t.created, { name: shown }), result.data.channel.id);
  };

  const message = refusal ? menuRefusalText(refusal, texts.rules, lang) : serverError;
  return (
    <form className="menu-form" onSubmit={submit} aria-labelledby={`${id}-heading`} noValidate>
      <h3 id={`${id}-heading`}>{row ? format(t.editHeading, { name: rowName(row, lang) }) : t.addHeading}</h3>
      {row ? null : (
        <label>
          {t.type}
          <select value={code} onChange={(event) => setCode(event.target.value)}>
            {Object.entries(NEW_CODES).map(([option, label]) => (
              <option key={option} value={option}>
                {t[label]}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className="menu-form-names">
        <label>
          {t.nameZh}
          <input lang="zh-CN" value={name} onChange={(event) => setName(event.target.value)} />
        </label>
        <label>
          {t.nameEn}
          <input lang="en" value={enName} onChange={(event) => setEnName(event.target.value)} />
        </label>
      </div>
      <label>
        {t.linkValue}
        <input
          value={linkValue}
          aria-describedby={`${id}-link-hint`}
          onChange={(event) => setLinkValue(event.target.value)}
        />
      </label>
      <p id={`${id}-link-hint`} className="menu-hint">
        {isLinkCode(code) ? t.linkHintJump : t.linkHintOther}
      </p>
      <div className="menu-form-row">
        <label className="menu-check">
          <input type="checkbox" checked={enable} onChange={(event) => setEnable(event.target.checked)} />
          {t.enabled}
        </label>
        <label>
          {t.parent}
          <select value={parentId} onChange={(event) => setParentId(Number(event.target.value))}>
            <option value={0}>{t.topLevel}</option>
            {parents.map((parent) => (
              <option key={parent.id} value={parent.id}>
                {rowName(parent, lang)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div role="alert" className="console-error">
        {message}
      </div>
      <div role="status" className="menu-warning">
        {warnings.map((warning) => (
          <p key={warning.lang}>{menuWarningText(warning, texts.rules)}</p>
        ))}
      </div>
      <div className="menu-form-row">
        <button type="submit" disabled={saving}>
          {saving ? t.saving : t.save}
        </button>
        <button type="button" className="console-secondary" onClick={onCancel}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}
