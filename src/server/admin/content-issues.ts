/**
 * GET /_admin/sites/{sld}/issues lists a site's issues; PATCH /_admin/sites/{sld}/issues/{id}
 * corrects one's year, volume, number and dates. A change is the import of one issue record keyed
 * by the issue's id on the site, so it keeps versions and the re-render exactly as an imported
 * correction does; it is audited with before and after.
 */

import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { dictionary, format } from '../../i18n/index.ts';
import type { ConsoleIssue, IssueAnswer } from '../../lib/console-answers.ts';
import { PUBLICATION_YEAR_MAX, PUBLICATION_YEAR_MIN } from '../../lib/constants.ts';
import type { Lang } from '../../lib/lang.ts';
import { canonical } from '../../lib/routes.ts';
import { requestLang } from '../api/index.ts';
import { importContent } from '../import/index.ts';
import { recordAudit } from '../store/audit.ts';
import { changeOrigin } from '../store/changes.ts';
import { consoleIssue, listConsoleIssues } from '../store/console-issues.ts';
import type { Db } from '../store/db.ts';
import { issueHidden, previewLinks } from './console-preview.ts';
import { importOrRefuse, patchTarget } from './content-patch.ts';
import { siteOfPath } from './menu-answers.ts';
import { type AdminEnv, actorOf } from './principal.ts';

const FIELDS = ['year', 'volume', 'issue', 'publishDate', 'publishAt'] as const;
const changeBody = z
  .strictObject({
    year: z.number().int().min(PUBLICATION_YEAR_MIN).max(PUBLICATION_YEAR_MAX).optional(),
    volume: z.number().int().min(0).max(100_000).optional(),
    issue: z.number().int().min(0).max(100_000).optional(),
    publishDate: z.iso.date().optional(),
    publishAt: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { path: ['(record)'] });
type Change = z.infer<typeof changeBody>;

const texts = (lang: Lang) => dictionary(lang).consoleContent;

function invalid(c: Context, error: z.ZodError) {
  const issue = error.issues[0];
  const field = issue?.code === 'unrecognized_keys' ? issue.keys[0] : issue?.path.join('.');
  return c.json({ error: format(texts(requestLang(c)).invalidField, { field: String(field ?? '') }), field }, 400);
}

function beforeAndAfter(issue: ConsoleIssue, change: Change) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const key of FIELDS) {
    if (change[key] === undefined) continue;
    before[key] = issue[key];
    after[key] = change[key];
  }
  return { before, after };
}

const issuePatch = { body: changeBody, invalid, find: consoleIssue, notFound: 'issueNotFound' } as const;

export function contentIssueRoutes(
  admin: Hono<AdminEnv>,
  db: Db,
  now: () => Date,
  previewSecret: string | undefined,
): void {
  const preview = previewLinks(previewSecret, now);
  const shown = (issue: ConsoleIssue, siteId: number, lang: Lang): IssueAnswer => ({
    ...issue,
    preview: preview(siteId, lang, { kind: 'issue', id: issue.id }, issueHidden(issue, now())),
  });

  admin.get('/_admin/sites/:sld/issues', async (c) => {
    const site = await siteOfPath(c, db);
    if (site instanceof Response) return site;
    const lang = requestLang(c);
    const issues = await listConsoleIssues(db, site.siteId);
    return c.json({ issues: issues.map((issue) => shown(issue, site.siteId, lang)) });
  });

  admin.patch('/_admin/sites/:sld/issues/:id', async (c) => {
    const target = await patchTarget(c, db, issuePatch);
    if (target instanceof Response) return target;
    const { site, lang, body: change, item: issue } = target;
    const at = now();
    // keyed by the id on this site, so the year and number themselves can be corrected
    const record = {
      id: issue.id,
      issn: issue.issn,
      year: change.year ?? issue.year,
      issue: change.issue ?? issue.issue,
      ...(change.volume === undefined ? {} : { volume: change.volume }),
      ...(change.publishDate === undefined ? {} : { publishDate: change.publishDate }),
      ...(change.publishAt === undefined ? {} : { publishAt: change.publishAt }),
    };
    const actor = actorOf(c.get('principal'));
    const refused = await importOrRefuse(c, () =>
      importContent(
        db,
        { site: { sld: site.sld }, periods: [record] },
        at.toISOString(),
        null,
        actor,
        changeOrigin('console'),
      ),
    );
    if (refused) return refused;
    const { before, after } = beforeAndAfter(issue, change);
    await recordAudit(
      db,
      { siteId: site.siteId, actor, action: 'issue.change', target: `issue ${issue.id}`, before, after },
      at,
    );
    const changed = await consoleIssue(db, site.siteId, issue.id);
    return c.json({
      issue: changed && shown(changed, site.siteId, lang),
      publicPath: canonical.issue(lang, changed?.year ?? issue.year, changed?.issue ?? issue.issue),
    });
  });
}
