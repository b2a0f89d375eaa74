/** The only screen of a staff member holding a one-time password: choose their own (the server refuses everything else). */
import { type FormEvent, useState } from 'react';
import { staffPasswordProblem } from '../../../lib/staff-password.ts';
import { adminTexts } from '../admin-texts.ts';
import { consoleCall } from '../console-api.ts';
import type { ConsoleProps } from '../types.ts';

const MESSAGES = {
  length: 'staffPasswordLength',
  mismatch: 'staffPasswordMismatch',
  unchanged: 'staffPasswordUnchanged',
} as const;

export function ChangePassword({ lang, onChanged }: Pick<ConsoleProps, 'lang'> & { onChanged: () => void }) {
  const t = adminTexts(lang);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const [current, password, confirm] = ['current', 'password', 'confirm'].map((key) => String(form.get(key) ?? ''));
    const problem = staffPasswordProblem(password ?? '', confirm ?? '', current ?? '');
    if (problem) {
      setError(t[MESSAGES[problem]]);
      return;
    }
    setBusy(true);
    const result = await consoleCall(lang, '/_admin/password', {
      method: 'POST',
      body: { current, password, confirm },
    });
    setBusy(false);
    if (result.ok) onChanged();
    else setError(result.error);
  };
  return (
    <form className="console-login" onSubmit={submit} aria-labelledby="console-password-heading">
      <h1 id="console-password-heading">{t.changePasswordHeading}</h1>
      <p>{t.changePasswordIntro}</p>
      <label>
        {t.currentPassword}
        <input type="password" name="current" autoComplete="current-password" required />
      </label>
      <label>
        {t.newPassword}
        <input type="password" name="password" autoComplete="new-password" required minLength={12} />
      </label>
      <label>
        {t.confirmPassword}
        <input type="password" name="confirm" autoComplete="new-password" required minLength={12} />
      </label>
      <button type="submit" disabled={busy}>
        {t.changePassword}
      </button>
      <p role="alert" className="console-error">
        {error}
      </p>
    </form>
  );
}
