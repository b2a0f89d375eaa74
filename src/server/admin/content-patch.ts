/**
 * What the console's PATCH of one article, news item or issue shares: the site of the path, the editor's
 * language, the record's id, the checked body and the record itself (another site's id is not
 * found: 404); and the answer when the import refuses the change.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import { importProblemText } from '../../i18n/import-problems.ts';
import { dictionary, format } from '../../i18n/index.ts';
import type { Lang } from '../../lib/lang.ts';
import { requestLang } from '../api/index.ts';
import { idParam } from '../api/params.ts';
import { ImportError } from '../import/index.ts';
import type { Db } from '../store/db.ts';
import { jsonBody } from './json-body.ts';
import { type SiteRef, siteOfPath } from './menu-answers.ts';
import type { AdminEnv } from './principal.ts';

export type PatchTarget<Body, Item> = { site: SiteRef; lang: Lang; body: Body; item: Item };

type PatchOf<Body, Item> = {
  body: z.ZodType<Body>;
  /** the answer to a body that fails its schema */
  invalid: (c: Context, error: z.ZodError) => Response;
  /** the record of that id on that site, or null */
  find: (db: Db, siteId: number, id: number) => Promise<Item | null>;
  notFound: 'articleNotFound' | 'newsNotFound' | 'issueNotFound';
};

/** The PATCH's target, or the answer that refuses the request. */
export async function patchTarget<Body, Item>(
  c: Context<AdminEnv>,
  db: Db,
  of: PatchOf<Body, Item>,
): Promise<PatchTarget<Body, Item> | Response> {
  const site = await siteOfPath(c, db);
  if (site instanceof Response) return site;
  const lang = requestLang(c);
  const texts = dictionary(lang).consoleContent;
  const id = idParam.safeParse(c.req.param('id'));
  if (!id.success) return c.json({ error: format(texts.invalidField, { field: 'id' }) }, 400);
  const parsed = of.body.safeParse(await jsonBody(c));
  if (!parsed.success) return of.invalid(c, parsed.error);
  const item = await of.find(db, site.siteId, id.data);
  if (item === null) return c.json({ error: format(texts[of.notFound], { id: id.data }) }, 404);
  return { site, lang, body: parsed.data, item };
}

/** Runs the import of the change; a refusal is answered 400 with every problem in the editor's language. */
export async function importOrRefuse(c: Context, write: () => Promise<unknown>): Promise<Response | null> {
  try {
    await write();
    return null;
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    const lang = requestLang(c);
    const problems = error.problems.map((problem) => ({
      path: problem.field,
      code: problem.code,
      params: problem.params,
      message: importProblemText(problem, lang),
    }));
    const first = problems[0];
    const refused = dictionary(lang).consoleContent.importRefused;
    return c.json({ error: first ? `${first.path}: ${first.message}` : refused, problems }, 400);
  }
}
