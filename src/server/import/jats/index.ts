/** An article's JATS XML among an import's files: found, read, parsed, and its graphics found beside it. */
import { dirname, posix } from 'node:path';
import { extensionOf } from '../../../lib/publisher-files.ts';
import { checkFile } from '../file-check.ts';
import type { ImportFiles } from '../files.ts';
import { descendants, parseXml, type XElement } from './xml.ts';

const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp', 'tif', 'tiff'];

/** The root <article> of the file at `path`, or what is wrong with it. */
export function loadJats(files: ImportFiles | null, path: string): { root: XElement } | { problem: string } {
  if (extensionOf(path) !== 'xml') return { problem: `${path}: a JATS file is an .xml file` };
  const checked = checkFile(files, path, 'supplementary');
  if ('problem' in checked) return checked;
  const parsed = parseXml(new TextDecoder('utf-8', { fatal: false }).decode(checked.read()));
  if ('problem' in parsed) return { problem: `${path}: ${parsed.problem}` };
  if (parsed.root.name !== 'article')
    return { problem: `${path}: not a JATS article (its root element is <${parsed.root.name}>, not <article>)` };
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
export function jatsProblems(files: ImportFiles | null, path: string): string[] {
  const loaded = loadJats(files, path);
  if ('problem' in loaded) return [loaded.problem];
  const problems: string[] = [];
  for (const name of ['graphic', 'inline-graphic']) {
    for (const graphic of descendants(loaded.root, name)) {
      const href = graphic.attrs['href'] ?? '';
      const found = graphicPath(files, path, href);
      if (!found) {
        problems.push(`${path}: the graphic ${href || '(without xlink:href)'} is not among the import's files`);
        continue;
      }
      const checked = checkFile(files, found, 'supplementary');
      if ('problem' in checked) problems.push(checked.problem);
      else if (!checked.contentType.startsWith('image/'))
        problems.push(`${path}: the graphic ${found} is not an image`);
    }
  }
  return problems;
}
