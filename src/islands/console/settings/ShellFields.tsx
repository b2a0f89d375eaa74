/** The header's and the footer's fields of the settings form. */
import type { AdminTexts } from '../admin-texts.ts';
import { type CustomButton, FOOTER_LINES, type FooterSettings, type HeaderSettings } from './settings-types.ts';

const MAX_BUTTONS = 10;
const SWITCHES = ['isCeiling', 'hasLoginAndRegister', 'searchBox', 'switchLanguage'] as const;

export function HeaderFields({
  t,
  header,
  onChange,
}: {
  t: AdminTexts;
  header: HeaderSettings;
  onChange: (header: HeaderSettings) => void;
}) {
  const setButton = (index: number, patch: Partial<CustomButton>) =>
    onChange({
      ...header,
      customButtons: header.customButtons.map((button, i) => (i === index ? { ...button, ...patch } : button)),
    });
  return (
    <fieldset>
      <legend>{t.headerHeading}</legend>
      <label>
        {t.navStyle}
        <select
          name="navStyle"
          value={header.navStyle}
          onChange={(event) => onChange({ ...header, navStyle: Number(event.target.value) })}
        >
          {[1, 2, 3, 4, 5, 6].map((style) => (
            <option key={style} value={style}>
              {style}
            </option>
          ))}
        </select>
      </label>
      {SWITCHES.map((key) => (
        <label key={key} className="console-check">
          <input
            type="checkbox"
            name={key}
            checked={header[key]}
            onChange={(event) => onChange({ ...header, [key]: event.target.checked })}
          />
          {t[key]}
        </label>
      ))}
      <fieldset>
        <legend>{t.customButtons}</legend>
        {header.customButtons.map((button, index) => (
          // buttons have no id of their own; their place is their identity
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <div key={index} className="console-button-row">
            <label className="console-check">
              <input
                type="checkbox"
                checked={button.status === 1}
                onChange={(event) => setButton(index, { status: event.target.checked ? 1 : 0 })}
              />
              {t.buttonShown}
            </label>
            <label>
              {t.buttonName}
              <input value={button.name} onChange={(event) => setButton(index, { name: event.target.value })} />
            </label>
            <label>
              {t.buttonEnName}
              <input
                value={button.enName ?? ''}
                onChange={(event) => setButton(index, { enName: event.target.value || null })}
              />
            </label>
            <label>
              {t.buttonLink}
              <input value={button.link} onChange={(event) => setButton(index, { link: event.target.value })} />
            </label>
            <button
              type="button"
              onClick={() => onChange({ ...header, customButtons: header.customButtons.filter((_, i) => i !== index) })}
            >
              {t.removeButton}
            </button>
          </div>
        ))}
        {header.customButtons.length < MAX_BUTTONS ? (
          <button
            type="button"
            onClick={() =>
              onChange({
                ...header,
                customButtons: [...header.customButtons, { status: 1, name: '', enName: null, link: '' }],
              })
            }
          >
            {t.addButton}
          </button>
        ) : null}
      </fieldset>
    </fieldset>
  );
}

export function FooterFields({
  t,
  footer,
  onChange,
}: {
  t: AdminTexts;
  footer: FooterSettings;
  onChange: (footer: FooterSettings) => void;
}) {
  return (
    <fieldset>
      <legend>{t.footerHeading}</legend>
      {FOOTER_LINES.map((key) => (
        <label key={key}>
          {t[key]}
          <input
            name={`footer-${key}`}
            value={footer[key] ?? ''}
            onChange={(event) => onChange({ ...footer, [key]: event.target.value })}
          />
        </label>
      ))}
      <label className="console-check">
        <input
          type="checkbox"
          name="showVisits"
          checked={footer.showVisits}
          onChange={(event) => onChange({ ...footer, showVisits: event.target.checked })}
        />
        {t.showVisits}
      </label>
    </fieldset>
  );
}
