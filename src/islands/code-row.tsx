/**
 * A verification code field with its 'get code' button (docs/product-rules.md#verification-codes): the address (a mobile
 * number, or an e-mail when it holds '@') is checked first, the server sends the code, and the
 * button waits CODE_WAIT_SECONDS before another. The register, quick-login, reset and binding
 * forms use it.
 */
import { useEffect, useState } from 'react';
import type { Dictionary } from '../i18n/index.ts';
import { type AccountProblem, addressProblem } from '../lib/account-rules.ts';
import { apiPaths } from '../lib/api-paths.ts';
import type { ApiClient } from './state/api-client.ts';
import { showToast } from './state/toast.ts';

const CODE_WAIT_SECONDS = 60;

export type CodePurpose = 'login' | 'register' | 'reset';

type Props = {
  api: ApiClient;
  purpose: CodePurpose;
  labels: Dictionary['account'];
  problems: Record<AccountProblem, string>;
};

export function CodeRow({ api, purpose, labels, problems }: Props) {
  const [wait, setWait] = useState(0);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  async function sendCode(form: HTMLFormElement | null) {
    const account = String(new FormData(form ?? undefined).get('account') ?? '').trim();
    const problem = addressProblem(account);
    if (problem) {
      showToast(problems[problem], 'error');
      return;
    }
    await api.post(apiPaths.sendReceiverMessage, { account, purpose });
    setWait(CODE_WAIT_SECONDS);
  }

  return (
    <div className="code-row">
      <label>
        <span>{labels.code}</span>
        <input name="code" required inputMode="numeric" autoComplete="one-time-code" maxLength={8} />
      </label>
      <button
        type="button"
        disabled={wait > 0}
        onClick={(event) => void sendCode(event.currentTarget.form).catch(() => {})}
      >
        {wait > 0 ? labels.resendIn.replace('{seconds}', String(wait)) : labels.getCode}
      </button>
    </div>
  );
}
