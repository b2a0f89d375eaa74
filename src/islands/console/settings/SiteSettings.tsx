/** One site's settings: theme colour (with the header-contrast check as the editor types), gray mode, header, footer. */
import { type FormEvent, useEffect, useState } from 'react';
import { format } from '../../../i18n/format.ts';
import { contrastRatio, HEADER_TEXT_COLOUR, headerContrastProblems, isHexColour } from '../../../lib/contrast.ts';
import { adminTexts } from '../admin-texts.ts';
import { consoleCall } from '../console-api.ts';
import type { ConsoleProps } from '../types.ts';
import { type Logos, LogoUpload } from './LogoUpload.tsx';
import { FooterFields, HeaderFields } from './ShellFields.tsx';
import type { Settings } from './settings-types.ts';

const PRESETS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

export function SiteSettings({ lang, texts, sld }: ConsoleProps & { sld: string }) {
  const t = adminTexts(lang);
  const [settings, setSettings] = useState<Settings | null>(null);
  const [logos, setLogos] = useState<Logos>({ zh: null, en: null });
  const [notice, setNotice] = useState({ text: '', error: false });
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    void consoleCall<{ settings: Settings; logos: Logos }>(lang, `/_admin/sites/${sld}/settings`).then((result) => {
      if (result.ok) {
        setSettings(result.data.settings);
        setLogos(result.data.logos);
      } else setNotice({ text: result.error || texts.loadFailed, error: true });
    });
  }, [lang, sld, texts.loadFailed]);
  if (!settings) {
    return (
      <section aria-labelledby="console-settings-heading">
        <h2 id="console-settings-heading">{t.settingsHeading}</h2>
        <p role="status">{notice.text || texts.loading}</p>
      </section>
    );
  }
  const theme = settings.theme;
  const setTheme = (patch: Partial<Settings['theme']>) => setSettings({ ...settings, theme: { ...theme, ...patch } });
  const primary = theme.colour1 ?? '';
  const hover = theme.colour2 || primary;
  const problems = theme.colour === 0 ? headerContrastProblems({ colour1: primary, colour2: hover }) : [];
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    const result = await consoleCall<{ settings: Settings; message: string }>(lang, `/_admin/sites/${sld}/settings`, {
      method: 'PUT',
      body: settings,
    });
    setSaving(false);
    if (result.ok) {
      setSettings(result.data.settings);
      setNotice({ text: result.data.message, error: false });
    } else setNotice({ text: result.error || texts.loadFailed, error: true });
  };
  const colourField = (key: 'colour1' | 'colour2' | 'colour3', label: string) => (
    <label>
      {label}
      <input
        name={key}
        value={theme[key] ?? ''}
        placeholder="#0b5394"
        pattern="#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})"
        onChange={(event) => setTheme({ [key]: event.target.value })}
      />
    </label>
  );
  return (
    <section aria-labelledby="console-settings-heading">
      <h2 id="console-settings-heading">{t.settingsHeading}</h2>
      <form className="console-settings" onSubmit={save}>
        <fieldset>
          <legend>{t.themeHeading}</legend>
          <label>
            {t.themePreset}
            <select
              name="colour"
              value={theme.colour}
              onChange={(event) => setTheme({ colour: Number(event.target.value) })}
            >
              {PRESETS.map((id) => (
                <option key={id} value={id}>
                  {id}
                </option>
              ))}
              <option value={0}>{t.themeCustom}</option>
            </select>
          </label>
          {theme.colour === 0 ? (
            <>
              {colourField('colour1', t.colourPrimary)}
              {colourField('colour2', t.colourHover)}
              {colourField('colour3', t.colourLine)}
              <p aria-live="polite" className={problems.length > 0 ? 'console-error' : undefined}>
                {problems.length > 0
                  ? problems
                      .map((problem) =>
                        format(t.contrastTooLow, { colour: problem.colour, ratio: problem.ratio.toFixed(2) }),
                      )
                      .join(' ')
                  : isHexColour(primary)
                    ? format(t.contrastOk, { ratio: contrastRatio(primary, HEADER_TEXT_COLOUR).toFixed(2) })
                    : ''}
              </p>
            </>
          ) : null}
        </fieldset>
        <fieldset>
          <legend>{t.grayHeading}</legend>
          {[
            [0, t.grayNone],
            [1, t.grayHome],
            [2, t.grayPage],
          ].map(([value, label]) => (
            <label key={value} className="console-check">
              <input
                type="radio"
                name="grayType"
                checked={settings.grayType === value}
                onChange={() => setSettings({ ...settings, grayType: Number(value) })}
              />
              {label}
            </label>
          ))}
        </fieldset>
        <HeaderFields t={t} header={settings.header} onChange={(header) => setSettings({ ...settings, header })} />
        <FooterFields t={t} footer={settings.footer} onChange={(footer) => setSettings({ ...settings, footer })} />
        <button type="submit" disabled={saving}>
          {saving ? t.saving : t.save}
        </button>
        <p role={notice.error ? 'alert' : 'status'} className={notice.error ? 'console-error' : undefined}>
          {notice.text}
        </p>
      </form>
      <LogoUpload key={`${logos.zh}|${logos.en}`} lang={lang} sld={sld} logos={logos} />
    </section>
  );
}
