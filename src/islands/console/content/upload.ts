/** Sends an import file to the console's check or apply route, as the browser gave it (never read into memory here). */
import type { ImportProblemAnswer } from '../../../lib/console-answers.ts';
import type { Lang } from '../../../lib/lang.ts';

export type ImportAnswer = {
  ok?: boolean;
  error?: string;
  problems?: ImportProblemAnswer[];
  /** what the check found to tell besides problems: the write would report them too */
  notices?: ImportProblemAnswer[];
  counts?: { articles: number; periods: number; news: number };
  /** the counts of what was written, and what the import tells besides them */
  summary?: Record<string, unknown> & { notices?: ImportProblemAnswer[] };
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
