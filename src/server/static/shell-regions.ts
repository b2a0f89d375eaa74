/**
 * A site version's shell templates (shell-compose.ts), kept in the version folder beside its pages
 * (hidden: never served): written when the shell changes without its pages being rendered again,
 * carried over by later versions, absent after a full build (whose pages all have the current shell).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { issueListSchema } from '../../lib/issue-browser.ts';
import { shellRecordSchema } from '../../lib/shell-marks.ts';
import { siteMetaSiteSchema } from '../../lib/site-meta.ts';
import type { ShellTemplates } from './shell-compose.ts';

export const SHELL_TEMPLATES_FILE = '.shell-templates.json';

const template = z.object({
  record: shellRecordSchema,
  top: z.string(),
  bottom: z.string(),
  head: z.string().optional(),
  meta: siteMetaSiteSchema.optional(),
});
const variants = z.object({ page: template, detail: template });
const templatesSchema = z.object({
  version: z.string().min(1),
  pages: z.object({ zh: variants.optional(), en: variants.optional() }),
  issueList: issueListSchema.optional(),
});

/** The templates of a version folder; null when it has none (or an unreadable file: then pages are served as written). */
export async function readShellTemplates(folder: string): Promise<ShellTemplates | null> {
  const text = await readFile(join(folder, SHELL_TEMPLATES_FILE), 'utf8').catch(() => null);
  if (text === null) return null;
  try {
    const parsed = templatesSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
