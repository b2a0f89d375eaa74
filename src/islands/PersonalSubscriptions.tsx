/**
 * The personal centre's e-mail subscriptions tab: the member's subscriptions with unsubscribe, and
 * a form to subscribe an address (the registered one at once; another with a code, then the
 * confirm link).
 */
import { type FormEvent, useEffect, useState } from 'react';
import type { Dictionary } from '../i18n/index.ts';
import { apiPaths } from '../lib/api-paths.ts';
import type { ApiClient } from './state/api-client.ts';
import { showToast } from './state/toast.ts';

type Subscription = { id: number; email: string; confirmed: boolean };
type Status = { email: string | null; verified: boolean };
type Outcome = 'subscribed' | 'confirmSent' | 'alreadySubscribed';

export type SubscriptionMessages = Record<Outcome | 'unsubscribed' | 'codeSent', string>;

type Props = { api: ApiClient; labels: Dictionary['account']; messages: SubscriptionMessages };

export function PersonalSubscriptions({ api, labels, messages }: Props) {
  const [rows, setRows] = useState<Subscription[] | null>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const [email, setEmail] = useState('');
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads on request only
  useEffect(() => {
    api.get<Subscription[]>(apiPaths.memberSubscribeList).then(setRows, () => {});
    api.get<Status>(apiPaths.memberIsSubscribe).then(
      (answer) => {
        setStatus(answer);
        setEmail((typed) => typed || answer.email || '');
      },
      () => {},
    );
  }, [round]);
  const reload = () => setRound((r) => r + 1);
  const proven = status?.verified === true && email.trim().toLowerCase() === status.email;

  async function subscribe(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const code = String(new FormData(form).get('code') ?? '').trim();
    const { outcome } = await api.post<{ outcome: Outcome }>(apiPaths.memberSubscribe, {
      email: email.trim(),
      ...(code ? { code } : {}),
    });
    showToast(messages[outcome], 'success');
    form.reset();
    reload();
  }
  async function sendCode() {
    await api.post(apiPaths.subscriptionCode, { email: email.trim() });
    showToast(messages.codeSent, 'success');
  }
  async function unsubscribe(id: number) {
    await api.post(apiPaths.memberUnSubscribe, { id });
    showToast(messages.unsubscribed, 'success');
    reload();
  }
  return (
    <>
      <p>{labels.subscribeIntro}</p>
      {rows && rows.length === 0 && <p>{labels.empty}</p>}
      <ul className="rows subscriptions">
        {rows?.map((row) => (
          <li key={row.id}>
            <span>{row.email}</span>
            <span>{row.confirmed ? labels.subscriptionConfirmed : labels.subscriptionPending}</span>
            <button type="button" onClick={() => void unsubscribe(row.id).catch(() => {})}>
              {labels.unsubscribe}
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={(event) => void subscribe(event).catch(() => {})}>
        <label>
          <span>{labels.email}</span>
          <input
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
        </label>
        {!proven && (
          <>
            <label>
              <span>{labels.code}</span>
              <input name="code" required inputMode="numeric" autoComplete="one-time-code" />
            </label>
            <button type="button" onClick={() => void sendCode().catch(() => {})}>
              {labels.getCode}
            </button>
          </>
        )}
        <p className="hint">{labels.subscribeCodeHint}</p>
        <button type="submit">{labels.subscribeSubmit}</button>
      </form>
    </>
  );
}
