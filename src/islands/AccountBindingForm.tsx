/**
 * /accountBinding after a third-party login found no member: prove an account of this site by its
 * password or by a code, and the third-party account is bound to it (the bind ticket is an
 * HttpOnly cookie the server set); then the personal centre opens. After repeated wrong passwords
 * the picture code is asked for, as on the login page.
 */
import { type FormEvent, useState } from 'react';
import type { Dictionary } from '../i18n/index.ts';
import type { AccountProblem } from '../lib/account-rules.ts';
import { apiPaths } from '../lib/api-paths.ts';
import { CaptchaRow, useCaptcha } from './captcha.tsx';
import { CodeRow } from './code-row.tsx';
import { reactIsland } from './react-island.ts';
import { browserApi } from './state/api.ts';

type Props = {
  siteId: number;
  labels: Dictionary['account'];
  problems: Record<AccountProblem, string>;
  personalHref: string;
};

function AccountBindingForm({ siteId, labels, problems, personalHref }: Props) {
  const api = browserApi(siteId);
  const [byCode, setByCode] = useState(false);
  const [busy, setBusy] = useState(false);
  const captcha = useCaptcha(api);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const account = String(data.get('account') ?? '').trim();
    const proof = byCode
      ? { code: String(data.get('code') ?? '').trim() }
      : { password: String(data.get('password') ?? ''), ...captcha.answer(data) };
    setBusy(true);
    try {
      await api.post(apiPaths.thirdBind, { account, ...proof });
      location.assign(personalHref);
    } catch (error) {
      if (!byCode) await captcha.afterRefusal(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="account-form" method="post" onSubmit={(event) => void submit(event)}>
      <p>{labels.bindIntro}</p>
      <fieldset className="bind-proof">
        <legend className="visually-hidden">{labels.submitBind}</legend>
        <label>
          <input type="radio" name="proof" checked={!byCode} onChange={() => setByCode(false)} />
          <span>{labels.bindWithPassword}</span>
        </label>
        <label>
          <input type="radio" name="proof" checked={byCode} onChange={() => setByCode(true)} />
          <span>{labels.bindWithCode}</span>
        </label>
      </fieldset>
      <label>
        <span>{byCode ? labels.mobileOrEmail : labels.account}</span>
        <input name="account" required autoComplete="username" maxLength={254} />
      </label>
      {byCode ? (
        <CodeRow api={api} purpose="login" labels={labels} problems={problems} />
      ) : (
        <label>
          <span>{labels.password}</span>
          <input name="password" type="password" required autoComplete="current-password" maxLength={80} />
        </label>
      )}
      {!byCode && <CaptchaRow captcha={captcha.captcha} labels={labels} reload={captcha.load} />}
      <button type="submit" className="primary" disabled={busy}>
        {labels.submitBind}
      </button>
    </form>
  );
}

export default reactIsland(AccountBindingForm);
