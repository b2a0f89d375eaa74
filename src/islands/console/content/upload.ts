/** Sends an import file to the console's check or apply route, as the browser gave it (never read into memory here). */
import type { Lang } from '../../../lib/lang.ts';

export type ImportProblem = { path: string; message: string };
export type ImportAnswer = {
  ok?: boolean;
  error?: string;
  problems?: ImportProblem[];
  counts?: { articles: number; periods: number; news: number };
  summary?: Record<string, number | boolean | string[]>;
};

export async function sendImport(
  lang: Lang,
  sld: string,
  file: File,
  apply: boolean,
): Promise<{ status: number; answer: ImportAnswer }> {
  const query = new URLSearchParams({ lang, name: file.name });
  const zip = file.name.toLowerCase().endsWith('.zip');
  try {
    const response = await fetch(`/_admin/sites/${encodeURIComponent(sld)}/import${apply ? '' : '/check'}?${query}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': zip ? 'application/zip' : 'application/json' },
      body: file,
    });
    const answer = ((await response.json().catch(() => null)) as ImportAnswer | null) ?? {};
    return { status: response.status, answer };
  } catch {
    return { status: 0, answer: {} };
  }
}
