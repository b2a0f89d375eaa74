/**
 * The login, quick-login, register and forgotten-password forms (docs/product-rules.md#account-rules). The rules
 * of src/lib/account-rules.ts are checked before the call; the server checks them again and its
 * message is toasted by the shared client. A successful login opens the personal centre; a
 * successful reset says so, then opens the login page.
 */
import { type FormEvent, useState } from 'react';
import type { Dictionary } from '../i18n/index.ts';
import { type AccountProblem, addressProblem, isPhone, newPasswordProblem } from '../lib/account-rules.ts';
import { apiPaths } from '../lib/api-paths.ts';
import { UNAUTHORIZED_REDIRECT_MS } from '../lib/constants.ts';
import { CaptchaRow, useCaptcha } from './captcha.tsx';
import { type CodePurpose, CodeRow } from './code-row.tsx';
import { reactIsland } from './react-island.ts';
import { browserApi } from './state/api.ts';
import { showToast } from './state/toast.ts';

export type AccountMode = 'login' | 'quickLogin' | 'register' | 'forgetCode';

type Props = {
  siteId: number;
  mode: AccountMode;
  labels: Dictionary['account'];
  problems: Record<AccountProblem, string>;
  /** the success toast of a password reset, before the login page opens */
  resetDone: string;
  links: { login: string; quickLogin: string; register: string; forgetCode: string; personal: string };
  /** false: mobile numbers get no codes here (no SMS sender), so the code forms ask for an e-mail address */
  smsCodes: boolean;
};

const codePurpose: Record<AccountMode, CodePurpose> = {
  login: 'login',
  quickLogin: 'login',
  register: 'register',
  forgetCode: 'reset',
};

function AccountForm({ siteId, mode, labels, problems, resetDone, links, smsCodes }: Props) {
  const api = browserApi(siteId);
  const captcha = useCaptcha(api);
  const [busy, setBusy] = useState(false);

  const refuse = (problem: AccountProblem | null): boolean => {
    if (problem) showToast(problems[problem], 'error');
    return problem !== null;
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const field = (name: string) => String(data.get(name) ?? '');
    const account = field('account').trim();
    if (mode !== 'login' && !smsCodes && isPhone(account)) return void showToast(labels.smsOff, 'error');
    setBusy(true);
    try {
      if (mode === 'login') {
        const body = { account, password: field('password'), ...captcha.answer(data) };
        await api.post(apiPaths.login, body);
      } else if (mode === 'quickLogin') {
        await api.post(apiPaths.loginByMessage, { account, code: field('code') });
      } else if (mode === 'register') {
        if (data.get('agreement') !== 'on') return void refuse('agreementRequired');
        if (refuse(addressProblem(account) ?? newPasswordProblem(field('password'), field('confirmPassword'), account)))
          return;
        await api.post(apiPaths.register, {
          account,
          code: field('code'),
          password: field('password'),
          confirmPassword: field('confirmPassword'),
          agreement: true,
        });
      } else {
        if (refuse(newPasswordProblem(field('password'), field('confirmPassword'), account))) return;
        await api.post(apiPaths.setNewPwd, {
          account,
          code: field('code'),
          password: field('password'),
          confirmPassword: field('confirmPassword'),
        });
        // the toast first, then the login page (as after a logout)
        showToast(resetDone, 'success');
        setTimeout(() => location.assign(links.login), UNAUTHORIZED_REDIRECT_MS);
        return;
      }
      location.assign(links.personal);
    } catch (error) {
      if (mode === 'login') await captcha.afterRefusal(error);
    } finally {
      setBusy(false);
    }
  }

  const withCode = mode !== 'login';
  const emailOnly = withCode && !smsCodes;
  const newPassword = mode === 'register' || mode === 'forgetCode';
  return (
    <form className="account-form" method="post" onSubmit={(event) => void submit(event)}>
      <label>
        <span>{emailOnly ? labels.email : withCode ? labels.mobileOrEmail : labels.account}</span>
        <input
          name="account"
          type={emailOnly ? 'email' : 'text'}
          required
          autoComplete={emailOnly ? 'email' : 'username'}
          maxLength={254}
        />
      </label>
      {emailOnly && <p className="hint">{labels.smsOff}</p>}
      {withCode && <CodeRow api={api} purpose={codePurpose[mode]} labels={labels} problems={problems} />}
      {mode !== 'quickLogin' && (
        <label>
          <span>{newPassword ? labels.newPassword : labels.password}</span>
          <input
            name="password"
            type="password"
            required
            autoComplete={newPassword ? 'new-password' : 'current-password'}
            maxLength={80}
          />
        </label>
      )}
      {newPassword && (
        <>
          <p className="hint">{labels.passwordHint}</p>
          <label>
            <span>{labels.confirmPassword}</span>
            <input name="confirmPassword" type="password" required autoComplete="new-password" maxLength={80} />
          </label>
        </>
      )}
      {mode === 'login' && <CaptchaRow captcha={captcha.captcha} labels={labels} reload={captcha.load} />}
      {mode === 'register' && (
        <label className="agreement">
          <input type="checkbox" name="agreement" />
          <span>{labels.agreement}</span>
        </label>
      )}
      <button type="submit" className="primary" disabled={busy}>
        {mode === 'register' ? labels.submitRegister : mode === 'forgetCode' ? labels.submitReset : labels.submitLogin}
      </button>
      <p className="account-links">
        {mode === 'login' && <a href={links.quickLogin}>{labels.toQuickLogin}</a>}
        {mode === 'quickLogin' && <a href={links.login}>{labels.toPasswordLogin}</a>}
        {(mode === 'login' || mode === 'quickLogin') && <a href={links.forgetCode}>{labels.toForget}</a>}
        {mode === 'register' ? (
          <a href={links.login}>{labels.toLogin}</a>
        ) : (
          <a href={links.register}>{labels.toRegister}</a>
        )}
      </p>
    </form>
  );
}

export default reactIsland(AccountForm);
