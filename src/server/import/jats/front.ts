/**
 * The front matter of a JATS file: what it says of the article (title, DOI, authors' names) is
 * checked against the record, and a disagreement is reported, never taken silently. Funding is
 * shown with the full text.
 */
import type { KeyedProblem } from '../../../i18n/import-problems.ts';
import { plainText } from '../../../lib/plain-text.ts';
import { type ImportProblem, problemFromPath } from '../errors.ts';
import { escapeHtml } from './escape.ts';
import { at, elements, first, textOf, type XElement } from './xml.ts';

export type JatsFront = { titles: string[]; doi: string | null; authors: string[]; fundingHtml: string };

function names(contrib: XElement): string[] {
  const name = first(contrib, 'name') ?? first(first(contrib, 'name-alternatives'), 'name');
  if (!name) return [textOf(first(contrib, 'string-name') ?? first(contrib, 'collab'))].filter(Boolean);
  const surname = textOf(first(name, 'surname'));
  const given = textOf(first(name, 'given-names'));
  // every way the same name is written: Western order, surname first, and run together (CJK)
  return [`${given} ${surname}`.trim(), `${surname} ${given}`.trim(), `${surname}${given}`];
}

export function readFront(root: XElement): JatsFront & { authorVariants: string[][] } {
  const meta = at(root, 'front', 'article-meta');
  const titleGroup = first(meta, 'title-group');
  const titles = [
    textOf(first(titleGroup, 'article-title')),
    ...elements(titleGroup, 'trans-title-group').map((group) => textOf(first(group, 'trans-title'))),
  ].filter(Boolean);
  const doi = textOf(elements(meta, 'article-id').find((id) => id.attrs['pub-id-type'] === 'doi')) || null;
  const authorVariants = elements(meta, 'contrib-group')
    .flatMap((group) => elements(group, 'contrib'))
    .filter((contrib) => (contrib.attrs['contrib-type'] ?? 'author') === 'author')
    .map(names)
    .filter((variants) => variants.length > 0);
  const awards = elements(first(meta, 'funding-group'), 'award-group').map((group) =>
    [textOf(first(group, 'funding-source')), textOf(first(group, 'award-id'))].filter(Boolean).join(' '),
  );
  const statement = textOf(first(first(meta, 'funding-group'), 'funding-statement'));
  const fundingHtml = [
    awards.length ? `<ul>${awards.map((award) => `<li>${escapeHtml(award)}</li>`).join('')}</ul>` : '',
    statement ? `<p>${escapeHtml(statement)}</p>` : '',
  ].join('');
  return { titles, doi, authors: authorVariants.map((v) => v[0] ?? ''), fundingHtml, authorVariants };
}

const same = (a: string, b: string) =>
  plainText(a).replace(/\s+/g, ' ').trim().toLowerCase() === plainText(b).replace(/\s+/g, ' ').trim().toLowerCase();

export type RecordFacts = {
  title: string | null;
  enTitle: string | null;
  doi: string | null;
  authors: readonly { name: string; enName: string | null }[] | null;
};

/** What the JATS front matter says differently from the record, as problems keyed for the import report (the file named by the caller). */
function frontDisagreements(front: ReturnType<typeof readFront>, record: RecordFacts): KeyedProblem[] {
  const found: KeyedProblem[] = [];
  const recordTitles = [record.title, record.enTitle].filter((t): t is string => !!t);
  const firstTitle = front.titles[0];
  if (firstTitle && recordTitles.length && !front.titles.some((t) => recordTitles.some((r) => same(t, r))))
    found.push({ code: 'jatsTitleDisagrees', params: { jats: firstTitle, record: plainText(recordTitles[0] ?? '') } });
  if (front.doi && record.doi && front.doi.toLowerCase() !== record.doi.toLowerCase())
    found.push({ code: 'jatsDoiDisagrees', params: { jats: front.doi, record: record.doi } });
  if (record.authors && front.authorVariants.length) {
    const recordNames = record.authors.map((a) => [a.name, a.enName].filter((n): n is string => !!n));
    const differs =
      recordNames.length !== front.authorVariants.length ||
      recordNames.some((known, i) => !known.some((n) => (front.authorVariants[i] ?? []).some((v) => same(n, v))));
    if (differs)
      found.push({
        code: 'jatsAuthorsDisagrees',
        params: { jats: front.authors.join(', '), record: recordNames.map((n) => n[0]).join(', ') },
      });
  }
  return found;
}

type ArticleRecord = {
  title?: string | null | undefined;
  enTitle?: string | null | undefined;
  doi?: string | null | undefined;
  authors?: readonly { name: string; enName?: string | null | undefined }[] | null | undefined;
};

/** The import report's notices of the JATS file at `jatsPath` of the article record at `path` (articles, 3). */
export function frontNotices(
  front: ReturnType<typeof readFront>,
  path: readonly (string | number)[],
  jatsPath: string,
  a: ArticleRecord,
): ImportProblem[] {
  const disagreements = frontDisagreements(front, {
    title: a.title ?? null,
    enTitle: a.enTitle ?? null,
    doi: a.doi ?? null,
    authors: a.authors?.map((author) => ({ name: author.name, enName: author.enName ?? null })) ?? null,
  });
  return disagreements.map((disagreement) =>
    problemFromPath([...path, 'jats'], { code: disagreement.code, params: { file: jatsPath, ...disagreement.params } }),
  );
}
