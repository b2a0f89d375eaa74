/** An article's JATS XML among an import's files: found, read, parsed, and its graphics found beside it. */
import { dirname, posix } from 'node:path';
import type { KeyedProblem } from '../../../i18n/import-problems.ts';
import { extensionOf } from '../../../lib/publisher-files.ts';
import type { ImportProblem } from '../errors.ts';
import { checkFile } from '../file-check.ts';
import type { ImportFiles } from '../files.ts';
import { frontNotices, readFront } from './front.ts';
import { descendants, parseXml, type XElement } from './xml.ts';

const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp', 'tif', 'tiff'];

/** The root <article> of the file at `path`, or what is wrong with it. */
export function loadJats(files: ImportFiles | null, path: string): { root: XElement } | { problem: KeyedProblem } {
  if (extensionOf(path) !== 'xml') return { problem: { code: 'jatsNotXml', params: { file: path } } };
  const checked = checkFile(files, path, 'supplementary');
  if ('problem' in checked) return checked;
  const parsed = parseXml(new TextDecoder('utf-8', { fatal: false }).decode(checked.read()));
  if ('problem' in parsed) return { problem: { ...parsed.problem, params: { ...parsed.problem.params, file: path } } };
  if (parsed.root.name !== 'article')
    return { problem: { code: 'jatsNotArticle', params: { file: path, root: parsed.root.name } } };
  return parsed;
}

/**
 * The import path of a graphic the XML names (xlink:href, relative to the XML's own folder, often
 * without its extension), or null when the import's files have none.
 */
export function graphicPath(files: ImportFiles | null, jatsPath: string, href: string): string | null {
  if (!files || !href || /^[a-z]+:/i.test(href)) return null;
  const folder = dirname(jatsPath);
  const base = posix.normalize(folder === '.' ? href : `${folder}/${href}`);
  const candidates = IMAGE_EXTENSIONS.includes(extensionOf(base))
    ? [base]
    : [base, ...IMAGE_EXTENSIONS.map((extension) => `${base}.${extension}`)];
  return candidates.find((candidate) => files.locate(candidate) !== null) ?? null;
}

/** What an import must hear about a JATS file before anything is written. */
export function jatsProblems(files: ImportFiles | null, path: string): KeyedProblem[] {
  const loaded = loadJats(files, path);
  if ('problem' in loaded) return [loaded.problem];
  const problems: KeyedProblem[] = [];
  for (const name of ['graphic', 'inline-graphic']) {
    for (const graphic of descendants(loaded.root, name)) {
      const href = graphic.attrs['href'] ?? '';
      const found = graphicPath(files, path, href);
      if (!found) {
        problems.push(
          href
            ? { code: 'graphicMissing', params: { file: path, href } }
            : { code: 'graphicWithoutHref', params: { file: path } },
        );
        continue;
      }
      const checked = checkFile(files, found, 'supplementary');
      if ('problem' in checked) problems.push(checked.problem);
      else if (!checked.contentType.startsWith('image/'))
        problems.push({ code: 'graphicNotImage', params: { file: path, graphic: found } });
    }
  }
  return problems;
}

/**
 * What the import will report of an article's JATS file once written (its front matter disagreeing
 * with the record), for a check to show before anything is written; a file that cannot be read has
 * its problem reported by the check itself.
 */
export function jatsNotices(
  files: ImportFiles | null,
  path: readonly (string | number)[],
  a: Parameters<typeof frontNotices>[3] & { jats?: string | null | undefined },
): ImportProblem[] {
  if (!a.jats) return [];
  const loaded = loadJats(files, a.jats);
  return 'problem' in loaded ? [] : frontNotices(readFront(loaded.root), path, a.jats, a);
}
