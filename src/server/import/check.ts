/**
 * Checks an import file record by record and then its references, so that one run reports every
 * problem of the file: a bad record does not hide the next, nor a schema error a broken reference.
 */

import type { KeyedProblem } from '../../i18n/import-problems.ts';
import {
  articleIdByDoi,
  columnId,
  currentDoiOfFormer,
  importedArticle,
  newsIdByKey,
  newsIdOnSite,
  periodId,
  periodIdOnSite,
  publicationIdsByIssn,
  siteColour1,
  siteIdBySld,
} from '../store/bulk/import-reads.ts';
import type { Db } from '../store/db.ts';
import { kysely } from '../store/kysely.ts';
import { type ImportProblem, problemFromPath, problemsFromZod } from './errors.ts';
import { fileProblem } from './file-check.ts';
import type { ImportFiles } from './files.ts';
import { jatsProblems } from './jats/index.ts';
import { type ImportFile, importOutlineSchema, recordSchemas, SECTIONS, type Section, siteSchema } from './schema.ts';
import type { StreamedValue } from './stream.ts';

type Path = (string | number)[];
type Checked = { site: ImportFile['site'] | undefined } & { [S in Section]: (ImportFile[S][number] | undefined)[] };
/** The keys records name in the file as written, those that failed their own check included. */
type FileKeys = { sld: string | undefined; issns: string[]; periods: Set<string>; dois: Set<string> };
type Parsed = { checked: Checked; keys: FileKeys };

const field = (raw: unknown, key: string): unknown =>
  raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>)[key] : undefined;
const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
const periodKey = (issn: unknown, year: unknown, issue: unknown) => `${String(issn)}|${String(year)}|${String(issue)}`;

/** A record whose key is new must name these; an update may leave them out (they are kept). */
function requireFields(problems: ImportProblem[], path: Path, record: Record<string, unknown>, fields: string[]) {
  for (const name of fields)
    if (record[name] === undefined) problems.push(problemFromPath([...path, name], { code: 'required' }));
}

const noKeys = (): FileKeys => ({ sld: undefined, issns: [], periods: new Set(), dois: new Set() });

/** Notes the keys of one record as the file writes it, before its own check. */
function noteKeys(keys: FileKeys, section: Section, record: unknown): void {
  if (section === 'publications') {
    const issn = str(field(record, 'issn'));
    if (issn !== undefined) keys.issns.push(issn);
  } else if (section === 'periods')
    keys.periods.add(periodKey(field(record, 'issn'), field(record, 'year'), field(record, 'issue')));
  else if (section === 'articles') {
    const doi = str(field(record, 'doi'))?.toLowerCase();
    if (doi !== undefined) keys.dois.add(doi);
  }
}

const emptyChecked = (): Checked =>
  ({ site: undefined, ...Object.fromEntries(SECTIONS.map((section) => [section, []])) }) as unknown as Checked;

/** Checks one record of a section, keeping its checked copy (or a hole) and its problems. */
function checkRecord(parsed: Parsed, section: Section, i: number, record: unknown, problems: ImportProblem[]): void {
  noteKeys(parsed.keys, section, record);
  const result = recordSchemas[section].safeParse(record, { reportInput: true });
  (parsed.checked[section] as unknown[]).push(result.success ? result.data : undefined);
  if (!result.success) problems.push(...problemsFromZod(result.error, [section, i]));
}

function checkSite(parsed: Parsed, raw: unknown, problems: ImportProblem[]): void {
  const site = siteSchema.safeParse(raw, { reportInput: true });
  if (!site.success) problems.push(...problemsFromZod(site.error, ['site']));
  parsed.checked.site = site.success ? site.data : undefined;
  parsed.keys.sld = parsed.checked.site?.sld ?? str(field(raw, 'sld'));
}

/** The file's outline: unknown top-level keys are one problem each; false when a section is not a list. */
function outlineHolds(outline: unknown, problems: ImportProblem[]): boolean {
  const result = importOutlineSchema.safeParse(outline, { reportInput: true });
  if (!result.success) problems.push(...problemsFromZod(result.error));
  // an unknown top-level key is one problem; the records are still checked
  return result.success || importOutlineSchema.strip().safeParse(outline).success;
}

function parseRecords(json: unknown, problems: ImportProblem[]): Parsed | null {
  if (!outlineHolds(json, problems)) return null;
  const raw = importOutlineSchema.strip().parse(json) as Record<Section, unknown[]> & { site: unknown };
  const parsed: Parsed = { checked: emptyChecked(), keys: noKeys() };
  checkSite(parsed, raw.site, problems);
  for (const section of SECTIONS)
    for (const [i, record] of raw[section].entries()) checkRecord(parsed, section, i, record, problems);
  return parsed;
}

/** Names the first record of a file that uses the same key again. */
function duplicates(
  problems: ImportProblem[],
  section: Section,
  keys: (string | undefined)[],
  fieldName: string,
  keyed: (key: string, other: string) => KeyedProblem,
) {
  const first = new Map<string, number>();
  for (const [i, key] of keys.entries()) {
    if (key === undefined) continue;
    const seen = first.get(key);
    if (seen === undefined) first.set(key, i);
    else problems.push(problemFromPath([section, i, fieldName], keyed(key, `${section}[${seen}]`)));
  }
}

async function referenceProblems(db: Db, { checked, keys }: Parsed, problems: ImportProblem[]): Promise<void> {
  const q = kysely(db);
  const sld = keys.sld;
  const siteId = sld === undefined ? null : await siteIdBySld(q, sld);
  const stored = siteId === null ? new Map<string, number>() : await publicationIdsByIssn(q, siteId);
  if (checked.site && siteId === null) requireFields(problems, ['site'], checked.site, ['name', 'enName']);
  for (const [i, p] of checked.publications.entries())
    if (p && !stored.has(p.issn)) requireFields(problems, ['publications', i], p, ['name', 'enName']);
  for (const [i, p] of checked.periods.entries()) {
    const publicationId = p ? stored.get(p.issn) : undefined;
    if (p?.id !== undefined) {
      const found = publicationId === undefined ? null : await periodIdOnSite(q, siteId ?? 0, publicationId, p.id);
      const other = publicationId === undefined ? null : await periodId(q, publicationId, p.year, p.issue);
      if (found === null)
        problems.push(problemFromPath(['periods', i, 'id'], { code: 'noIssueId', params: { id: p.id, issn: p.issn } }));
      else if (other !== null && other !== found)
        problems.push(
          problemFromPath(['periods', i, 'issue'], { code: 'issueTaken', params: { issue: `${p.year}/${p.issue}` } }),
        );
    } else if (p && (publicationId === undefined || (await periodId(q, publicationId, p.year, p.issue)) === null))
      requireFields(problems, ['periods', i], p, ['volume', 'publishDate']);
  }
  for (const [i, n] of checked.news.entries()) {
    if (n?.id !== undefined) {
      if (siteId === null || (await newsIdOnSite(q, siteId, n.id)) === null)
        problems.push(problemFromPath(['news', i, 'id'], { code: 'noNewsId', params: { id: n.id } }));
    } else if (n && (n.key === undefined || siteId === null || (await newsIdByKey(q, siteId, n.key)) === null))
      requireFields(problems, ['news', i], n, ['type', 'title', 'publishedAt']);
  }
  if (
    checked.site?.colour === 0 &&
    checked.site.colour1 === undefined &&
    (sld === undefined || (await siteColour1(q, sld)) === null)
  ) {
    problems.push(problemFromPath(['site', 'colour1'], { code: 'colourNeedsColour1' }));
  }
  // keys of records that failed their own check count as listed, so they raise no second problem
  const issns = new Set([...stored.keys(), ...keys.issns]);
  const { periods, dois } = keys;
  const columns = new Set<string>();
  for (const p of checked.publications) for (const c of p?.columns ?? []) if (p) columns.add(`${p.issn}|${c.name}`);

  const knownIssn = (issn: string, path: Path) => {
    if (issns.has(issn)) return true;
    problems.push(problemFromPath(path, { code: 'unknownIssn', params: { issn } }));
    return false;
  };
  const storedId = (issn: string) => stored.get(issn);

  duplicates(
    problems,
    'publications',
    checked.publications.map((p) => p?.issn),
    'issn',
    (issn, other) => ({ code: 'duplicateIssn', params: { issn, other } }),
  );
  duplicates(
    problems,
    'periods',
    checked.periods.map((p) => (p ? `${p.issn} ${p.year}/${p.issue}` : undefined)),
    'issue',
    (issue, other) => ({ code: 'duplicateIssue', params: { issue, other } }),
  );
  duplicates(
    problems,
    'articles',
    checked.articles.map((a) => a?.doi?.toLowerCase() ?? undefined),
    'doi',
    (doi, other) => ({ code: 'duplicateDoi', params: { doi, other } }),
  );
  for (const section of ['news', 'albums', 'media'] as const)
    duplicates(
      problems,
      section,
      checked[section].map((r) => r?.key),
      'key',
      (key, other) => ({ code: 'duplicateKey', params: { key, other } }),
    );

  for (const [i, p] of checked.periods.entries()) if (p) knownIssn(p.issn, ['periods', i, 'issn']);

  for (const [i, a] of checked.articles.entries()) {
    if (!a) continue;
    const path: Path = ['articles', i];
    const article = siteId === null ? null : await importedArticle(q, siteId, a.doi, a.previousDoi, a.id);
    const keyProblems = problems.length;
    if (a.id !== undefined && article === null)
      problems.push(problemFromPath([...path, 'id'], { code: 'noArticleId', params: { id: a.id } }));
    if (siteId !== null && a.doi && article?.doi?.toLowerCase() !== a.doi.toLowerCase()) {
      const current = await currentDoiOfFormer(q, siteId, a.doi);
      if (current !== null && current.toLowerCase() !== a.previousDoi?.toLowerCase()) {
        problems.push(problemFromPath([...path, 'doi'], { code: 'doiChanged', params: { doi: a.doi, current } }));
      }
    }
    // a second run of the same file finds the article by its new DOI, the previous one among its former DOIs
    const renamedBefore = async (previous: string) =>
      siteId !== null && (await currentDoiOfFormer(q, siteId, previous))?.toLowerCase() === article?.doi?.toLowerCase();
    if (
      a.previousDoi &&
      article?.doi?.toLowerCase() !== a.previousDoi.toLowerCase() &&
      !(article !== null && (await renamedBefore(a.previousDoi)))
    ) {
      problems.push(
        problemFromPath(
          [...path, 'previousDoi'],
          article === null
            ? { code: 'noArticleDoi', params: { doi: a.previousDoi } }
            : { code: 'doiTaken', params: { doi: a.doi ?? '', previous: a.previousDoi } },
        ),
      );
    }
    // a record naming the wrong article raises that problem alone, not every field a new one would need
    if (problems.length > keyProblems) continue;
    if (article === null) requireFields(problems, path, a, ['issn', 'title', 'publishedDate', 'authors']);
    if (
      (a.status ?? article?.status ?? 'formal') === 'formal' &&
      !(a.period === undefined ? article?.periodId : a.period)
    ) {
      problems.push(problemFromPath([...path, 'period'], { code: 'formalNeedsPeriod' }));
    }
    const issn = a.issn ?? article?.issn;
    if (!issn || !knownIssn(issn, [...path, 'issn'])) continue;
    const publicationId = storedId(issn);
    if (
      a.period &&
      !periods.has(periodKey(issn, a.period.year, a.period.issue)) &&
      (publicationId === undefined || (await periodId(q, publicationId, a.period.year, a.period.issue)) === null)
    ) {
      problems.push(
        problemFromPath([...path, 'period'], {
          code: 'unknownPeriod',
          params: { period: `${a.period.year}/${a.period.issue}`, issn },
        }),
      );
    }
    if (
      a.column &&
      !columns.has(`${issn}|${a.column}`) &&
      (publicationId === undefined || (await columnId(q, publicationId, a.column)) === null)
    ) {
      problems.push(
        problemFromPath([...path, 'column'], { code: 'unknownColumn', params: { column: a.column, issn } }),
      );
    }
    const institutionCount = a.institutions?.length ?? 0;
    for (const [n, author] of a.authors?.entries() ?? []) {
      const bad = author.institutions.find((position) => position > Math.max(1, institutionCount));
      if (bad !== undefined && institutionCount > 0)
        problems.push(
          problemFromPath([...path, 'authors', n, 'institutions'], {
            code: 'institutionNotListed',
            params: { position: bad, count: institutionCount },
          }),
        );
    }
  }

  const knownDoi = async (doi: string, path: Path) => {
    if (dois.has(doi.toLowerCase()) || (siteId !== null && (await articleIdByDoi(q, siteId, doi)) !== null)) return;
    problems.push(problemFromPath(path, { code: 'unknownArticleDoi', params: { doi } }));
  };
  for (const [i, album] of checked.albums.entries()) {
    for (const [n, item] of album?.items?.entries() ?? []) {
      if (item.type === 'article') await knownDoi(item.doi, ['albums', i, 'items', n, 'doi']);
      else knownIssn(item.issn, ['albums', i, 'items', n, 'issn']);
    }
  }
  for (const [i, m] of checked.media.entries())
    if (m?.articleDoi) await knownDoi(m.articleDoi, ['media', i, 'articleDoi']);
  for (const [i, board] of checked.editorialBoards.entries())
    if (board?.issn) knownIssn(board.issn, ['editorialBoards', i, 'issn']);
}

/** Every file an article names must be there, within its size limit, and of the type its bytes show. */
function filesProblems(articles: Checked['articles'], files: ImportFiles | null, problems: ImportProblem[]): void {
  for (const [i, a] of articles.entries()) {
    const named = (path: Path, file: string, role: 'pdf' | 'supplementary') => {
      const problem = fileProblem(files, file, role);
      if (problem) problems.push(problemFromPath(path, problem));
    };
    if (a?.pdf) named(['articles', i, 'pdf'], a.pdf, 'pdf');
    if (a?.jats)
      for (const problem of jatsProblems(files, a.jats))
        problems.push(problemFromPath(['articles', i, 'jats'], problem));
    for (const [n, supplement] of a?.supplementary?.entries() ?? [])
      named(['articles', i, 'supplementary', n, 'file'], supplement.file, 'supplementary');
  }
}

/**
 * The file, when it has no problem at all; otherwise every problem found, in the file's order of
 * sections. `files` is where the files records name are (null: none given).
 */
export function checkImportFile(
  db: Db,
  json: unknown,
  files: ImportFiles | null = null,
): Promise<{ file: ImportFile; problems: [] } | { file: null; problems: ImportProblem[] }> {
  const problems: ImportProblem[] = [];
  return checked(db, parseRecords(json, problems), files, problems);
}

/**
 * The same check over a file read as a stream (src/server/import/stream.ts): records are checked
 * as they arrive and only their checked copies are kept; the references are checked at the end,
 * and the problems are reported in the order checkImportFile reports them.
 */
export async function checkImportStream(
  db: Db,
  values: AsyncIterable<StreamedValue>,
  files: ImportFiles | null = null,
): Promise<{ file: ImportFile; problems: [] } | { file: null; problems: ImportProblem[] }> {
  const parsed: Parsed = { checked: emptyChecked(), keys: noKeys() };
  const bySection = new Map<string, ImportProblem[]>();
  // the top-level values with each list standing as [], for the outline's check
  const outline: Record<string, unknown> = {};
  let root: unknown = outline;
  for await (const { key, index, value } of values) {
    if (index === null) {
      if (key === '') root = value;
      else outline[key] = value;
      continue;
    }
    if (!(SECTIONS as string[]).includes(key)) continue;
    const problems = bySection.get(key) ?? [];
    bySection.set(key, problems);
    checkRecord(parsed, key as Section, index, value, problems);
  }
  const problems: ImportProblem[] = [];
  if (!outlineHolds(root, problems)) return { file: null, problems };
  checkSite(parsed, outline['site'], problems);
  for (const section of SECTIONS) problems.push(...(bySection.get(section) ?? []));
  return checked(db, parsed, files, problems);
}

async function checked(
  db: Db,
  parsed: Parsed | null,
  files: ImportFiles | null,
  problems: ImportProblem[],
): Promise<{ file: ImportFile; problems: [] } | { file: null; problems: ImportProblem[] }> {
  if (parsed) await referenceProblems(db, parsed, problems);
  if (parsed) filesProblems(parsed.checked.articles, files, problems);
  if (problems.length > 0 || !parsed?.checked.site) return { file: null, problems };
  return { file: parsed.checked as ImportFile, problems: [] };
}
