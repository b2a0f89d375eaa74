/** Per-site API tokens: list, create (the token shown once), revoke. */
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { format } from '../../../i18n/format.ts';
import type { SiteToken } from '../../../lib/console-answers.ts';
import { adminTexts } from '../admin-texts.ts';
import { consoleCall } from '../console-api.ts';
import type { ConsoleProps, SiteEntry } from '../types.ts';

type Token = SiteToken;

export function SiteTokens({ lang, texts, sites }: ConsoleProps & { sites: SiteEntry[] }) {
  const t = adminTexts(lang);
  const [sld, setSld] = useState(sites[0]?.sld ?? '');
  const [tokens, setTokens] = useState<Token[]>([]);
  const [notice, setNotice] = useState({ text: '', error: false });
  const load = useCallback(async () => {
    if (!sld) return;
    const result = await consoleCall<{ tokens: Token[] }>(lang, `/_admin/sites/${sld}/tokens`);
    if (result.ok) setTokens(result.data.tokens);
  }, [lang, sld]);
  useEffect(() => {
    void load();
  }, [load]);
  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const label = String(new FormData(form).get('label') ?? '').trim();
    const result = await consoleCall<{ token: string }>(lang, `/_admin/sites/${sld}/tokens`, {
      method: 'POST',
      body: { label },
    });
    if (result.ok) {
      form.reset();
      setNotice({ text: format(t.newToken, { token: result.data.token }), error: false });
    } else setNotice({ text: result.error || texts.loadFailed, error: true });
    await load();
  };
  const revoke = async (token: Token) => {
    const result = await consoleCall(lang, `/_admin/sites/${sld}/tokens/${token.id}`, { method: 'DELETE' });
    setNotice(result.ok ? { text: '', error: false } : { text: result.error || texts.loadFailed, error: true });
    await load();
  };
  return (
    <section aria-labelledby="console-tokens-heading">
      <h3 id="console-tokens-heading">{t.tokensHeading}</h3>
      <label>
        {t.tokenSite}{' '}
        <select value={sld} onChange={(event) => setSld(event.target.value)}>
          {sites.map((site) => (
            <option key={site.sld} value={site.sld}>
              {site.sld}
            </option>
          ))}
        </select>
      </label>
      {tokens.length === 0 ? (
        <p>{t.noTokens}</p>
      ) : (
        <ul>
          {tokens.map((token) => (
            <li key={token.id}>
              {token.label} · {token.createdBy} ·{' '}
              <time dateTime={token.createdAt}>
                {new Date(token.createdAt).toLocaleString(lang === 'zh' ? 'zh-CN' : 'en')}
              </time>{' '}
              <button type="button" aria-label={`${t.revokeToken}: ${token.label}`} onClick={() => revoke(token)}>
                {t.revokeToken}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={create}>
        <label>
          {t.tokenLabel} <input name="label" required maxLength={100} />
        </label>{' '}
        <button type="submit">{t.createToken}</button>
      </form>
      <p role={notice.error ? 'alert' : 'status'} className={notice.error ? 'console-error' : 'console-secret'}>
        {notice.text}
      </p>
    </section>
  );
}
