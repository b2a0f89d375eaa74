/** The console's calls to the admin API: same-origin JSON, the staff cookie, messages in the console's language. */
import type { Lang } from '../../lib/lang.ts';

export type ConsoleResult<T> = { ok: true; data: T } | { ok: false; status: number; error: string };

export async function consoleCall<T>(
  lang: Lang,
  path: string,
  options: { method?: string; body?: unknown } = {},
): Promise<ConsoleResult<T>> {
  const url = `${path}${path.includes('?') ? '&' : '?'}lang=${lang}`;
  try {
    const response = await fetch(url, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      headers: options.body === undefined ? {} : { 'Content-Type': 'application/json' },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const json = (await response.json().catch(() => null)) as (T & { error?: string }) | null;
    if (!response.ok) return { ok: false, status: response.status, error: json?.error ?? String(response.status) };
    return { ok: true, data: json as T };
  } catch {
    return { ok: false, status: 0, error: '' };
  }
}
