/**
 * Writes an article's JATS file: the full text (body, table of contents, footnotes,
 * acknowledgements, funding), its graphics as stored files, and its structured reference list
 * (which replaces the record's own). What the front matter says differently from the record goes
 * to the import report.
 */
import { fileUrl } from '../../store/files.ts';
import type { ImportFile } from '../schema.ts';
import { fail, type ImportRun } from '../write/writer.ts';
import { renderBody } from './body.ts';
import { frontNotices, readFront } from './front.ts';
import { graphicPath, loadJats } from './index.ts';
import { readReferences } from './references.ts';
import { first } from './xml.ts';

type ImportArticle = ImportFile['articles'][number];

/** Whether the article's full text or references changed. `jats: null` takes the full text away. */
export async function writeJats(
  run: ImportRun,
  path: (string | number)[],
  articleId: number,
  a: ImportArticle,
): Promise<boolean> {
  if (a.jats === undefined) return false;
  if (a.jats === null) return run.replaceChildren('article_fulltexts', 'article_id', articleId, []);
  const jatsPath = a.jats;
  const loaded = loadJats(run.files, jatsPath);
  if ('problem' in loaded) fail([...path, 'jats'], loaded.problem);
  const { root } = loaded;
  const front = readFront(root);
  run.notices.push(...frontNotices(front, path, jatsPath, a));
  const back = first(root, 'back');
  // the renderer asks for each graphic's URL as it goes: a first pass names the graphics, which
  // are stored (in the transaction) before the pass that renders with their URLs
  const hrefs = new Set<string>();
  renderBody(first(root, 'body'), back, {
    imageUrl: (href) => {
      hrefs.add(href);
      return null;
    },
  });
  const urls = new Map<string, string | null>();
  for (const href of hrefs) {
    const found = graphicPath(run.files, jatsPath, href);
    urls.set(href, found ? fileUrl(await run.fileId([...path, 'jats'], found, 'supplementary')) : null);
  }
  const body = renderBody(first(root, 'body'), back, { imageUrl: (href) => urls.get(href) ?? null });
  let changed = await run.replaceChildren('article_fulltexts', 'article_id', articleId, [
    {
      position: 1,
      body_html: body.html,
      toc: JSON.stringify(body.toc),
      footnotes_html: body.footnotesHtml || null,
      acknowledgements_html: body.acknowledgementsHtml || null,
      funding_html: front.fundingHtml || null,
    },
  ]);
  const references = readReferences(back);
  if (references.length > 0)
    changed =
      (await run.replaceChildren(
        'article_references',
        'article_id',
        articleId,
        references.map((ref, n) => ({ position: n + 1, ...ref })),
      )) || changed;
  return changed;
}
