/**
 * The picture code of the login (docs/product-rules.md#sessions-and-tokens): the server asks for it after repeated failed
 * passwords of an account (`captchaRequired` in the refusal's data); then the form shows it and
 * sends its answer. The password login and the third-party binding form both use it.
 */
import { useState } from 'react';
import { apiPaths } from '../lib/api-paths.ts';
import { type ApiClient, ApiStatusError } from './state/api-client.ts';

type Captcha = { captchaId: string; image: string };

export function useCaptcha(api: ApiClient) {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const load = async () => setCaptcha(await api.get<Captcha>(apiPaths.captcha));
  return {
    captcha,
    load,
    /** after a refused call: shows a fresh picture code when the server asks for one */
    async afterRefusal(error: unknown): Promise<void> {
      const wanted =
        error instanceof ApiStatusError &&
        (error.data as { captchaRequired?: boolean } | null)?.captchaRequired === true;
      if (wanted) await load().catch(() => {});
    },
    /** the fields the call carries: the code's id and the typed answer, once a code is shown */
    answer(data: FormData): { captchaId?: string; captcha?: string } {
      return captcha ? { captchaId: captcha.captchaId, captcha: String(data.get('captcha') ?? '') } : {};
    },
  };
}

export function CaptchaRow({
  captcha,
  labels,
  reload,
}: {
  captcha: Captcha | null;
  labels: { captcha: string; refreshCaptcha: string };
  reload: () => Promise<void>;
}) {
  if (!captcha) return null;
  return (
    <div className="code-row">
      <label>
        <span>{labels.captcha}</span>
        <input name="captcha" required maxLength={8} autoComplete="off" />
      </label>
      <button
        type="button"
        className="captcha-image"
        onClick={() => void reload().catch(() => {})}
        aria-label={labels.refreshCaptcha}
      >
        <img src={captcha.image} alt={labels.captcha} width="110" height="40" />
      </button>
    </div>
  );
}
