/** The import file (docs/import-format.md): a site and its content, records referring to each other by natural keys. */
import { z } from 'zod';
import type { ImportProblemCode } from '../../i18n/import-problems.ts';
import { NOTICE_KINDS } from '../../lib/article-notice.ts';
import {
  IMPORT_HTML_MAX_BYTES,
  IMPORT_LIST_MAX_ITEMS,
  IMPORT_SUPPLEMENTS_MAX,
  IMPORT_TEXT_MAX_CHARS,
  IMPORT_TITLE_MAX_CHARS,
  PUBLICATION_YEAR_MAX,
  PUBLICATION_YEAR_MIN,
} from '../../lib/constants.ts';
import { isId } from '../../lib/id.ts';
import { CHANNEL_CODE } from '../../lib/routes.ts';
import { siteDomain } from '../host.ts';
import { safeRelativePath } from './files.ts';

// every message below is a problem's code, worded by both dictionaries (src/i18n/import-problems.ts)
const code = (name: ImportProblemCode) => name;
/** A required field may be left out of an update (it is kept), but never cleared. */
const cannotClear = (issue: { input?: unknown }) => (issue.input === null ? code('cannotClear') : undefined);
const atMost = (max: number, tooLong: ImportProblemCode) =>
  z.string({ error: cannotClear }).superRefine((value, context) => {
    if (value.length > max)
      context.addIssue({ code: 'custom', message: tooLong, params: { max, length: value.length }, input: value });
  });
const shortText = atMost(IMPORT_TEXT_MAX_CHARS, 'textFieldTooLong');
const text = shortText.pipe(z.string().trim().min(1));
/** Required when the record is new (src/server/import/check.ts); an update may leave it out. */
const keptText = text.optional();
const optionalText = shortText.nullish();
/** A title (article, news, media): at most IMPORT_TITLE_MAX_CHARS characters. */
const title = atMost(IMPORT_TITLE_MAX_CHARS, 'titleTooLong').pipe(z.string().trim().min(1));
const optionalTitle = atMost(IMPORT_TITLE_MAX_CHARS, 'titleTooLong').nullish();
const htmlBytes = (value: string) => Buffer.byteLength(value, 'utf8');
/** An HTML field (abstract, content, introduction, description): at most IMPORT_HTML_MAX_BYTES bytes of UTF-8. */
const optionalHtml = z
  .string()
  .superRefine((value, context) => {
    const bytes = htmlBytes(value);
    if (bytes > IMPORT_HTML_MAX_BYTES)
      context.addIssue({
        code: 'custom',
        message: code('htmlTooLarge'),
        params: { max: IMPORT_HTML_MAX_BYTES / 1024, size: Math.ceil(bytes / 1024) },
        input: value,
      });
  })
  .nullish();
const listOf = <T extends z.ZodType>(item: T) => z.array(item).max(IMPORT_LIST_MAX_ITEMS, code('tooManyEntries'));
const flag = z.union([z.literal(0), z.literal(1)]);
const isoDate = z.string({ error: cannotClear }).regex(/^\d{4}-\d{2}-\d{2}$/, code('expectedDate'));
const issn = z.string({ error: cannotClear }).regex(/^\d{4}-\d{3}[\dX]$/, code('expectedIssn'));
const list = listOf(text);
/** The stable key of a news item, album or medium: a re-import with the same key updates it. */
const recordKey = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:/-]{0,199}$/, code('expectedKey'));
/** a record's id on the site it is imported to: the record is found by it (an article without a DOI, a news item without a key) */
const siteRecordId = z.number().refine(isId, code('expectedId'));
const doi = z.string().regex(/^10\.\d{4,9}\/\S+$/, code('expectedDoi'));

/** A file beside the import (docs/import-format.md "Files"): a path relative to the files folder or the zip. */
const filePath = z.string().max(500, code('filePathTooLong')).refine(safeRelativePath, code('expectedFilePath'));
const supplement = z.object({ file: filePath, label: optionalText, enLabel: optionalText }).strict();

const customButton = z.object({ status: flag.default(1), name: text, enName: optionalText, link: text });

const header = z
  .object({
    navStyle: z.number().int().min(1).max(6).optional(),
    isCeiling: flag.optional(),
    hasLoginAndRegister: flag.optional(),
    groupEntrance: flag.optional(),
    searchBox: flag.optional(),
    advSearch: flag.optional(),
    resourceSearch: flag.optional(),
    resourceType: z
      .string()
      .regex(/^-?\d+([;,]-?\d+)*$/, code('expectedResourceTypes'))
      .optional(),
    switchLanguage: flag.optional(),
    greeting: optionalText,
    enGreeting: optionalText,
    customButtons: z.array(customButton).max(10).optional(),
  })
  .strict();

const footer = z
  .object({
    backgroundColor: optionalText,
    postcode: optionalText,
    phone: optionalText,
    email: optionalText,
    fax: optionalText,
    address: optionalText,
    enAddress: optionalText,
    copyright: optionalText,
    enCopyright: optionalText,
    icp: optionalText,
    picp: optionalText,
    picpLink: optionalText,
    linkAddress: optionalText,
    qrMessage: optionalText,
    enQrMessage: optionalText,
    showVisits: flag.optional(),
  })
  .strict();

const tool = z
  .object({
    type: z.enum(['pop', 'platform', 'external']),
    platformType: optionalText,
    name: text,
    enName: text,
    icon: optionalText,
    link: optionalText,
    description: optionalHtml,
    enDescription: optionalHtml,
  })
  .strict();

export const siteSchema = z
  .object({
    sld: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, code('expectedSld')),
    domain: z
      .string()
      .nullish()
      .transform((value, context) => {
        if (value === undefined) return undefined;
        if (!value?.trim()) return null;
        const domain = siteDomain(value);
        if (domain === null) context.addIssue({ code: 'custom', message: code('expectedHost') });
        return domain;
      }),
    name: keptText,
    enName: keptText,
    type: z.enum(['single', 'group', 'all']).optional(),
    colour: z.number().int().min(0).max(11).optional(),
    colour1: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, code('expectedColour'))
      .nullish(),
    colour2: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, code('expectedColour'))
      .nullish(),
    colour3: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, code('expectedColour'))
      .nullish(),
    grayType: z.number().int().min(0).max(2).optional(),
    keywords: optionalText,
    enKeywords: optionalText,
    header: header.optional(),
    footer: footer.optional(),
    indexed: optionalText,
    description: optionalHtml,
    enDescription: optionalHtml,
    tools: z.array(tool).optional(),
  })
  .strict()
  // colour1 not named: the site's stored one counts (src/server/import/check.ts)
  .refine((site) => site.colour !== 0 || site.colour1 === undefined || Boolean(site.colour1), {
    message: code('colourNeedsColour1'),
    path: ['colour1'],
  });

export type ChannelInput = {
  code: string;
  name?: string | null | undefined;
  enName?: string | null | undefined;
  enable?: '0' | '1' | undefined;
  linkValue?: string | null | undefined;
  route?: string | null | undefined;
  newsDataType?: string | null | undefined;
  content?: string | null | undefined;
  enContent?: string | null | undefined;
  children: ChannelInput[];
};
const channel: z.ZodType<ChannelInput, unknown> = z.lazy(() =>
  z
    .object({
      code: z.string().regex(/^[A-Za-z][A-Za-z0-9_-]*$/, code('expectedMenuCode')),
      name: optionalText,
      enName: optionalText,
      enable: z.enum(['0', '1']).optional(),
      linkValue: optionalText,
      route: z.string().regex(CHANNEL_CODE, code('expectedRoute')).nullish(),
      newsDataType: optionalText,
      content: optionalHtml,
      enContent: optionalHtml,
      children: z.array(channel).default([]),
    })
    .strict(),
);

const publication = z
  .object({
    issn,
    eissn: issn.nullish(),
    cn: optionalText,
    name: keptText,
    enName: keptText,
    abbreviation: optionalText,
    sponsor: optionalText,
    enSponsor: optionalText,
    publisher: optionalText,
    enPublisher: optionalText,
    editorInChief: optionalText,
    enEditorInChief: optionalText,
    frequency: optionalText,
    enFrequency: optionalText,
    foundedYear: z.number().int().min(PUBLICATION_YEAR_MIN).max(PUBLICATION_YEAR_MAX).nullish(),
    introduction: optionalHtml,
    enIntroduction: optionalHtml,
    columns: z.array(z.object({ name: text, enName: text }).strict()).default([]),
  })
  .strict();

const year = z.number().int().min(PUBLICATION_YEAR_MIN).max(PUBLICATION_YEAR_MAX);

/** When the public may see a record: an ISO 8601 date-time with its offset, or a date (its midnight UTC). */
const publishAt = z.iso.datetime({ offset: true }).or(isoDate);

const period = z
  .object({
    issn,
    /** the issue's id on the site: the record corrects that issue, its year and number included */
    id: siteRecordId.optional(),
    year,
    volume: z.number({ error: cannotClear }).int().min(0).optional(),
    issue: z.number().int().min(0),
    publishDate: isoDate.optional(),
    publishAt: publishAt.optional(),
  })
  .strict();

/** COPE / Crossref: a retraction, withdrawal or expression of concern on an article (null removes it). */
const notice = z.object({ kind: z.enum(NOTICE_KINDS), date: isoDate, reason: text, noticeDoi: doi.nullish() }).strict();

/** Removal for legal reasons: the page answers 410 with this notice, OAI-PMH reports the record deleted. */
const removal = z.object({ date: publishAt, reason: text }).strict();

const author = z
  .object({
    name: text,
    enName: optionalText,
    email: z.email().nullish(),
    orcid: z
      .string()
      .regex(/^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/, code('expectedOrcid'))
      .nullish(),
    corresponding: z.boolean().default(false),
    institutions: z.array(z.number().int().min(1)).default([1]),
  })
  .strict();

const article = z
  .object({
    issn: issn.optional(),
    period: z
      .object({ year, issue: z.number().int().min(0) })
      .strict()
      .nullish(),
    column: optionalText,
    id: siteRecordId.optional(),
    doi: doi.nullish(),
    /** the DOI the article had: the article is found by it, takes `doi`, and the old DOI's URL redirects */
    previousDoi: doi.optional(),
    title: title.optional(),
    enTitle: optionalTitle,
    abstract: optionalHtml,
    enAbstract: optionalHtml,
    keywords: list.optional(),
    enKeywords: list.optional(),
    language: z.enum(['zh', 'en']).optional(),
    firstPage: z.number().int().min(0).nullish(),
    lastPage: z.number().int().min(0).nullish(),
    status: z.enum(['formal', 'online-first', 'just-accepted']).optional(),
    version: z.number().int().optional(),
    openAccess: z.boolean().optional(),
    fund: optionalText,
    enFund: optionalText,
    receivedDate: isoDate.nullish(),
    revisedDate: isoDate.nullish(),
    publishedDate: isoDate.optional(),
    publishAt: publishAt.optional(),
    removed: removal.nullish(),
    authors: z
      .array(author, { error: cannotClear })
      .max(IMPORT_LIST_MAX_ITEMS, code('tooManyEntries'))
      .min(1)
      .optional(),
    notice: notice.nullish(),
    institutions: listOf(z.object({ name: text, enName: optionalText }).strict()).optional(),
    references: listOf(
      z
        .object({
          text: atMost(IMPORT_TEXT_MAX_CHARS * 5, 'referenceTooLong').pipe(z.string().trim().min(1)),
          doi: optionalText,
          authors: optionalText,
          title: optionalText,
          source: optionalText,
          year: optionalText,
          volume: optionalText,
          pages: optionalText,
        })
        .strict(),
    ).optional(),
    pdf: filePath.nullish(),
    jats: filePath.nullish(),
    supplementary: z.array(supplement).max(IMPORT_SUPPLEMENTS_MAX, code('tooManySupplements')).optional(),
  })
  .strict()
  // the period a formal article needs may be stored already: src/server/import/check.ts
  .refine((a) => a.firstPage == null || a.lastPage == null || a.lastPage >= a.firstPage, {
    message: code('lastPageBeforeFirst'),
    path: ['lastPage'],
  });

const news = z
  .object({
    id: siteRecordId.optional(),
    key: recordKey.optional(),
    type: z.enum(['information', 'announcement', 'dynamic', 'statement'], { error: cannotClear }).optional(),
    title: title.optional(),
    enTitle: optionalTitle,
    summary: optionalHtml,
    enSummary: optionalHtml,
    content: optionalHtml,
    enContent: optionalHtml,
    sourceLink: z.url({ protocol: /^https?$/ }).nullish(),
    newsDataType: shortText.optional(),
    isTop: z.boolean().optional(),
    /** true: unpublished, hidden from the public whatever its publish time */
    draft: z.boolean().optional(),
    publishedAt: z.union([z.iso.datetime({ offset: true }), isoDate], { error: cannotClear }).optional(),
  })
  .strict();

const albumItem = z.discriminatedUnion('type', [
  z.object({ type: z.literal('article'), doi: text }).strict(),
  z.object({ type: z.literal('publication'), issn }).strict(),
]);

const album = z
  .object({
    key: recordKey.optional(),
    name: text,
    enName: optionalText,
    description: optionalHtml,
    enDescription: optionalHtml,
    items: listOf(albumItem).optional(),
  })
  .strict();

/** A video or audio; `articleDoi` names the article it belongs to (in this file or already on the site). */
const media = z
  .object({
    key: recordKey.optional(),
    kind: z.enum(['video', 'audio']),
    title,
    enTitle: optionalTitle,
    description: optionalHtml,
    enDescription: optionalHtml,
    url: z.url({ protocol: /^https?$/ }).nullish(),
    duration: z.number().int().min(0).nullish(),
    publishedDate: isoDate,
    articleDoi: doi.nullish(),
  })
  .strict();

const expert = z
  .object({
    name: text,
    enName: optionalText,
    role: optionalText,
    enRole: optionalText,
    institution: optionalText,
    enInstitution: optionalText,
    introduction: optionalHtml,
    enIntroduction: optionalHtml,
  })
  .strict();

const board = z
  .object({ name: text, enName: text, issn: issn.nullish(), experts: z.array(expert).default([]) })
  .strict();

/** Each section's record schema: the file is checked record by record, so every problem is found in one run. */
export const recordSchemas = {
  channels: channel,
  publications: publication,
  periods: period,
  articles: article,
  news,
  albums: album,
  media,
  editorialBoards: board,
} as const;

export type Section = keyof typeof recordSchemas;
export const SECTIONS = Object.keys(recordSchemas) as Section[];

/** The file's outline: the site and the sections as lists, their records checked one by one. */
export const importOutlineSchema = z
  .object({
    site: z.unknown(),
    ...Object.fromEntries(SECTIONS.map((section) => [section, z.array(z.unknown()).default([])])),
  })
  .strict();

export type ImportFile = { site: z.infer<typeof siteSchema> } & {
  [S in Section]: z.infer<(typeof recordSchemas)[S]>[];
};
