/** The console's login: e-mail and password; the server's refusal (wrong password, rate limit) is shown as it is worded. */
import { type FormEvent, useState } from 'react';
import { consoleCall } from './console-api.ts';
import type { ConsoleProps } from './types.ts';

export function LoginForm({ lang, texts, onLoggedIn }: ConsoleProps & { onLoggedIn: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    const result = await consoleCall(lang, '/_admin/login', {
      method: 'POST',
      body: { email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') },
    });
    setBusy(false);
    if (result.ok) onLoggedIn();
    else setError(result.error || texts.loadFailed);
  };
  return (
    <form className="console-login" onSubmit={submit} aria-labelledby="console-login-heading">
      <h1 id="console-login-heading">{texts.loginHeading}</h1>
      <label>
        {texts.email}
        <input name="email" type="email" autoComplete="username" required />
      </label>
      <label>
        {texts.password}
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      {error ? (
        <p className="console-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" disabled={busy}>
        {busy ? texts.loggingIn : texts.login}
      </button>
    </form>
  );
}
