/** The platform administrator's accounts screen: editors (create, disable, reset a password) and each site's API tokens. */
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { format } from '../../../i18n/format.ts';
import type { StaffAccount } from '../../../lib/console-answers.ts';
import { adminTexts } from '../admin-texts.ts';
import { consoleCall } from '../console-api.ts';
import type { ConsoleProps, SiteEntry } from '../types.ts';
import { SiteTokens } from './SiteTokens.tsx';

type Staff = StaffAccount;
export function Accounts({ lang, texts, sites }: ConsoleProps & { sites: SiteEntry[] }) {
  const t = adminTexts(lang);
  const [staff, setStaff] = useState<Staff[]>([]);
  const [notice, setNotice] = useState({ text: '', error: false });
  const load = useCallback(async () => {
    const result = await consoleCall<{ staff: Staff[] }>(lang, '/_admin/staff');
    if (result.ok) setStaff(result.data.staff);
    else setNotice({ text: result.error || texts.loadFailed, error: true });
  }, [lang, texts.loadFailed]);
  useEffect(() => {
    void load();
  }, [load]);
  const answer = async (result: { ok: boolean; error?: string }, success: string) => {
    setNotice(result.ok ? { text: success, error: false } : { text: result.error || texts.loadFailed, error: true });
    await load();
  };
  const toggle = async (account: Staff) => {
    const result = await consoleCall(lang, `/_admin/staff/${account.id}`, {
      method: 'PATCH',
      body: { disabled: !account.disabled },
    });
    await answer(result, '');
  };
  const reset = async (account: Staff) => {
    const result = await consoleCall<{ password: string }>(lang, `/_admin/staff/${account.id}/password`, {
      method: 'POST',
      body: {},
    });
    await answer(
      result,
      result.ok ? format(t.oneTimePassword, { email: account.email, password: result.data.password }) : '',
    );
  };
  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const email = String(data.get('email') ?? '').trim();
    const result = await consoleCall<{ password: string }>(lang, '/_admin/staff', {
      method: 'POST',
      body: { email, role: 'editor', sites: data.getAll('sites').map(String) },
    });
    if (result.ok) form.reset();
    await answer(result, result.ok ? format(t.oneTimePassword, { email, password: result.data.password }) : '');
  };
  const stateOf = (account: Staff) =>
    account.disabled ? t.stateDisabled : account.mustChangePassword ? t.stateMustChange : t.stateActive;
  return (
    <section aria-labelledby="console-accounts-heading">
      <h2 id="console-accounts-heading">{t.accountsHeading}</h2>
      <p role={notice.error ? 'alert' : 'status'} className={notice.error ? 'console-error' : 'console-secret'}>
        {notice.text}
      </p>
      <div className="console-table-wrap">
        <table className="console-audit">
          <thead>
            <tr>
              <th scope="col">{t.colEmail}</th>
              <th scope="col">{t.colRole}</th>
              <th scope="col">{t.colSites}</th>
              <th scope="col">{t.colState}</th>
              <th scope="col">{t.colActions}</th>
            </tr>
          </thead>
          <tbody>
            {staff.map((account) => (
              <tr key={account.id}>
                <td>{account.email}</td>
                <td>{account.role === 'admin' ? texts.roleAdmin : texts.roleEditor}</td>
                <td>{account.sites.join(', ')}</td>
                <td>{stateOf(account)}</td>
                <td>
                  {account.role === 'editor' ? (
                    <>
                      <button
                        type="button"
                        aria-label={`${t.resetPassword}: ${account.email}`}
                        onClick={() => reset(account)}
                      >
                        {t.resetPassword}
                      </button>{' '}
                      <button
                        type="button"
                        aria-label={`${account.disabled ? t.enable : t.disable}: ${account.email}`}
                        onClick={() => toggle(account)}
                      >
                        {account.disabled ? t.enable : t.disable}
                      </button>
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <form className="console-settings" onSubmit={create}>
        <fieldset>
          <legend>{t.createEditorHeading}</legend>
          <label>
            {t.colEmail}
            <input type="email" name="email" required maxLength={254} />
          </label>
          <fieldset>
            <legend>{t.editorSites}</legend>
            {sites.map((site) => (
              <label key={site.sld} className="console-check">
                <input type="checkbox" name="sites" value={site.sld} />
                {lang === 'zh' ? site.name : site.enName || site.name} ({site.sld})
              </label>
            ))}
          </fieldset>
          <button type="submit">{t.createEditor}</button>
        </fieldset>
      </form>
      <SiteTokens lang={lang} texts={texts} sites={sites} />
    </section>
  );
}
