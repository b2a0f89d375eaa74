/** The site's header logo per language: the current one, and an upload sent as the image itself. */
import { type ChangeEvent, useState } from 'react';
import { format } from '../../../i18n/format.ts';
import { LANGS, type Lang } from '../../../lib/lang.ts';
import { acceptOf } from '../../../lib/upload-rules.ts';
import { adminTexts } from '../admin-texts.ts';

export type Logos = Record<Lang, string | null>;

export function LogoUpload({ lang, sld, logos }: { lang: Lang; sld: string; logos: Logos }) {
  const t = adminTexts(lang);
  const [shown, setShown] = useState(logos);
  const [notice, setNotice] = useState({ text: '', error: false });
  const send = async (of: Lang, event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    const response = await fetch(`/_admin/sites/${sld}/logo?for=${of}&lang=${lang}`, {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { 'Content-Type': file.type || 'application/octet-stream' },
      body: file,
    }).catch(() => null);
    const json = (await response?.json().catch(() => null)) as { logo?: string; error?: string } | null;
    if (response?.ok && json?.logo) {
      setShown({ ...shown, [of]: json.logo });
      setNotice({ text: t.logoUploaded, error: false });
    } else setNotice({ text: json?.error ?? String(response?.status ?? ''), error: true });
  };
  return (
    <fieldset>
      <legend>{t.logoHeading}</legend>
      {LANGS.map((of) => (
        <div key={of}>
          {shown[of] ? <img src={shown[of] ?? ''} alt={`${t.logoHeading} (${of})`} height={40} /> : null}
          <label>
            {format(t.logoUpload, { lang: of === 'zh' ? '中文' : 'English' })}
            <input type="file" accept={acceptOf('logo')} onChange={(event) => void send(of, event)} />
          </label>
        </div>
      ))}
      <p role={notice.error ? 'alert' : 'status'} className={notice.error ? 'console-error' : undefined}>
        {notice.text}
      </p>
    </fieldset>
  );
}
