import type { FormEvent } from 'react';
import { type AccountProblem, newPasswordProblem, phoneProblem } from '../../lib/account-rules.ts';
import { apiPaths } from '../../lib/api-paths.ts';
import type { MemberInfo } from '../../lib/member-info.ts';
import { clearLogin } from '../state/login.ts';
import { showToast } from '../state/toast.ts';
import type { Api, Labels } from './types.ts';
import { useLoad } from './use-load.ts';

export function Security({
  api,
  labels,
  problems,
  loginHref,
  smsCodes,
}: {
  api: Api;
  labels: Labels;
  problems: Record<AccountProblem, string>;
  loginHref: string;
  smsCodes: boolean;
}) {
  const [info] = useLoad(() => api.get<MemberInfo>(apiPaths.memberInfo));
  const refuse = (problem: AccountProblem | null) => {
    if (problem) showToast(problems[problem], 'error');
    return problem !== null;
  };
  async function changePassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body = {
      oldPassword: String(data.get('oldPassword')),
      password: String(data.get('password')),
      confirmPassword: String(data.get('confirmPassword')),
    };
    if (refuse(newPasswordProblem(body.password, body.confirmPassword, info?.userName ?? ''))) return;
    if (body.password === body.oldPassword) return void refuse('passwordSameAsOld');
    await api.post(apiPaths.changePwd, body);
    clearLogin();
    location.assign(loginHref);
  }
  async function sendCode(form: HTMLFormElement | null) {
    const mobile = String(new FormData(form ?? undefined).get('mobile') ?? '').trim();
    if (refuse(phoneProblem(mobile))) return;
    await api.post(apiPaths.sendReceiverMessage, { account: mobile, purpose: 'mobile' });
  }
  async function changeMobile(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    await api.post(apiPaths.changeMobile, {
      mobile: String(data.get('mobile')).trim(),
      code: String(data.get('code')),
    });
    form.reset();
  }
  return (
    <>
      {info?.passwordChangeDue && <p className="reminder">{labels.passwordReminder}</p>}
      <h3>{labels.changePassword}</h3>
      <form onSubmit={(event) => void changePassword(event).catch(() => {})}>
        <label>
          <span>{labels.oldPassword}</span>
          <input name="oldPassword" type="password" required autoComplete="current-password" />
        </label>
        <label>
          <span>{labels.newPassword}</span>
          <input name="password" type="password" required autoComplete="new-password" />
        </label>
        <label>
          <span>{labels.confirmPassword}</span>
          <input name="confirmPassword" type="password" required autoComplete="new-password" />
        </label>
        <p className="hint">{labels.passwordHint}</p>
        <button type="submit">{labels.changePassword}</button>
      </form>
      <h3>{labels.changeMobile}</h3>
      {smsCodes ? (
        <form onSubmit={(event) => void changeMobile(event).catch(() => {})}>
          <label>
            <span>{labels.newMobile}</span>
            <input name="mobile" required inputMode="tel" autoComplete="tel" />
          </label>
          <label>
            <span>{labels.code}</span>
            <input name="code" required inputMode="numeric" autoComplete="one-time-code" />
          </label>
          <button type="button" onClick={(event) => void sendCode(event.currentTarget.form).catch(() => {})}>
            {labels.getCode}
          </button>
          <button type="submit">{labels.changeMobile}</button>
        </form>
      ) : (
        <p className="hint">{labels.mobileChangeOff}</p>
      )}
    </>
  );
}
