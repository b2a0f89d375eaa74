/**
 * /emailSubscribe: the address and its verification code (the mail module sends it), then a
 * confirm mail (double opt-in). Opened from a mail's link (?confirm= or ?unsubscribe=), the same
 * island shows the one button that confirms or ends the subscription: a button, not the link
 * itself, so mail scanners that open links change nothing.
 */
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { emailProblem } from '../lib/account-rules.ts';
import { apiPaths } from '../lib/api-paths.ts';
import { reactIsland } from './react-island.ts';
import { browserApi } from './state/api.ts';
import { showToast } from './state/toast.ts';

export type SubscribeLabels = {
  emailLabel: string;
  codeLabel: string;
  sendCode: string;
  submit: string;
  badEmail: string;
  confirmTitle: string;
  confirmButton: string;
  unsubscribeTitle: string;
  unsubscribeButton: string;
  codeSent: string;
  confirmSent: string;
  alreadySubscribed: string;
  confirmed: string;
  unsubscribed: string;
};

type Mode = { kind: 'subscribe' } | { kind: 'confirm' | 'unsubscribe'; token: string };
type Props = { siteId: number; labels: SubscribeLabels };

function modeOf(search: string): Mode {
  const query = new URLSearchParams(search);
  const confirm = query.get('confirm');
  if (confirm) return { kind: 'confirm', token: confirm };
  const unsubscribe = query.get('unsubscribe');
  if (unsubscribe) return { kind: 'unsubscribe', token: unsubscribe };
  return { kind: 'subscribe' };
}

function SubscribeForm({ siteId, labels }: Props) {
  const api = useMemo(() => browserApi(siteId), [siteId]);
  const [mode, setMode] = useState<Mode>({ kind: 'subscribe' });
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => setMode(modeOf(location.search)), []);

  const run = async (call: () => Promise<string>) => {
    setBusy(true);
    try {
      const message = await call();
      setStatus(message);
      showToast(message, 'success');
    } catch {
      // browserApi has shown the server's message
    } finally {
      setBusy(false);
    }
  };

  if (mode.kind !== 'subscribe') {
    const confirming = mode.kind === 'confirm';
    return (
      <div className="subscribe-form">
        <h2>{confirming ? labels.confirmTitle : labels.unsubscribeTitle}</h2>
        <button
          type="button"
          disabled={busy || status !== ''}
          onClick={() =>
            run(async () => {
              await api.post(confirming ? apiPaths.subscriptionConfirm : apiPaths.unsubscribe, { token: mode.token });
              return confirming ? labels.confirmed : labels.unsubscribed;
            })
          }
        >
          {confirming ? labels.confirmButton : labels.unsubscribeButton}
        </button>
        <p role="status" className="subscribe-status">
          {status}
        </p>
      </div>
    );
  }

  const validEmail = () => {
    if (emailProblem(email.trim()) === null) return true;
    showToast(labels.badEmail, 'error');
    return false;
  };
  const sendCode = () => {
    if (!validEmail()) return;
    void run(async () => {
      await api.post(apiPaths.subscriptionCode, { email: email.trim() });
      return labels.codeSent;
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!validEmail()) return;
    void run(async () => {
      const answer = await api.post<{ outcome: string }>(apiPaths.subscribe, {
        email: email.trim(),
        code: code.trim(),
      });
      return answer.outcome === 'alreadySubscribed' ? labels.alreadySubscribed : labels.confirmSent;
    });
  };
  return (
    <form className="subscribe-form" onSubmit={submit}>
      <label>
        <span>{labels.emailLabel}</span>
        <input
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </label>
      <div className="subscribe-code">
        <label>
          <span>{labels.codeLabel}</span>
          <input
            type="text"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{4,8}"
            required
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        </label>
        <button type="button" disabled={busy} onClick={sendCode}>
          {labels.sendCode}
        </button>
      </div>
      <button type="submit" disabled={busy}>
        {labels.submit}
      </button>
      <p role="status" className="subscribe-status">
        {status}
      </p>
    </form>
  );
}

export default reactIsland(SubscribeForm);
