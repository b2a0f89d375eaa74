/** The import file (docs/import-format.md): a site and its content, records referring to each other by natural keys. */
import { z } from 'zod';
import { CHANNEL_CODE } from '../../lib/routes.ts';
import { siteDomain } from '../host.ts';

const text = z.string().trim().min(1);
const optionalText = z.string().nullish();
const flag = z.union([z.literal(0), z.literal(1)]);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date yyyy-mm-dd');
const issn = z.string().regex(/^\d{4}-\d{3}[\dX]$/, 'expected an ISSN such as 1005-0302');
const list = z.array(text).default([]);
const doi = z.string().regex(/^10\.\d{4,9}\/\S+$/, 'expected a DOI such as 10.13475/j.jmst.2024.03.012');

const customButton = z.object({ status: flag.default(1), name: text, enName: optionalText, link: text });

const header = z
  .object({
    navStyle: z.number().int().min(1).max(6).default(1),
    isCeiling: flag.default(0),
    hasLoginAndRegister: flag.default(1),
    groupEntrance: flag.default(0),
    searchBox: flag.default(1),
    advSearch: flag.default(1),
    resourceSearch: flag.default(1),
    resourceType: z.string().regex(/^-?\d+([;,]-?\d+)*$/, 'expected resource type ids separated by ; or ,').optional(),
    switchLanguage: flag.default(1),
    greeting: optionalText,
    enGreeting: optionalText,
    customButtons: z.array(customButton).max(10).default([]),
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
    showVisits: flag.default(0),
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
    description: optionalText,
    enDescription: optionalText,
  })
  .strict();

export const siteSchema = z
  .object({
    sld: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'expected a lower-case short name (letters, digits, -)'),
    domain: z
      .string()
      .nullish()
      .transform((value, context) => {
        if (!value?.trim()) return null;
        const domain = siteDomain(value);
        if (domain === null) context.addIssue({ code: 'custom', message: 'expected a host name such as www.jmst-demo.org' });
        return domain;
      }),
    name: text,
    enName: text,
    type: z.enum(['single', 'group', 'all']).default('single'),
    colour: z.number().int().min(0).max(11).default(1),
    colour1: z.string().regex(/^#[0-9a-fA-F]{6}$/).nullish(),
    colour2: z.string().regex(/^#[0-9a-fA-F]{6}$/).nullish(),
    colour3: z.string().regex(/^#[0-9a-fA-F]{6}$/).nullish(),
    grayType: z.number().int().min(0).max(2).default(0),
    keywords: optionalText,
    enKeywords: optionalText,
    header: header.optional(),
    footer: footer.optional(),
    indexed: optionalText,
    description: optionalText,
    enDescription: optionalText,
    tools: z.array(tool).optional(),
  })
  .strict()
  .refine((site) => site.colour !== 0 || Boolean(site.colour1), { message: 'colour 0 needs colour1', path: ['colour1'] });

export type ChannelInput = {
  code: string;
  name?: string | null | undefined;
  enName?: string | null | undefined;
  enable: '0' | '1';
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
      code: z.string().regex(/^[A-Za-z][A-Za-z0-9_-]*$/, 'expected a menu item code such as aboutus'),
      name: optionalText,
      enName: optionalText,
      enable: z.enum(['0', '1']).default('1'),
      linkValue: optionalText,
      route: z.string().regex(CHANNEL_CODE, 'expected a route of letters, digits, - and _ such as aboutus').nullish(),
      newsDataType: optionalText,
      content: optionalText,
      enContent: optionalText,
      children: z.array(channel).default([]),
    })
    .strict(),
);

const publication = z
  .object({
    issn,
    eissn: issn.nullish(),
    cn: optionalText,
    name: text,
    enName: text,
    abbreviation: optionalText,
    sponsor: optionalText,
    enSponsor: optionalText,
    publisher: optionalText,
    enPublisher: optionalText,
    editorInChief: optionalText,
    enEditorInChief: optionalText,
    frequency: optionalText,
    enFrequency: optionalText,
    foundedYear: z.number().int().min(1800).max(2100).nullish(),
    introduction: optionalText,
    enIntroduction: optionalText,
    columns: z.array(z.object({ name: text, enName: text }).strict()).default([]),
  })
  .strict();

const year = z.number().int().min(1800).max(2100);

const period = z.object({ issn, year, volume: z.number().int().min(0), issue: z.number().int().min(0), publishDate: isoDate }).strict();

const author = z
  .object({
    name: text,
    enName: optionalText,
    email: z.email().nullish(),
    orcid: z.string().regex(/^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/, 'expected an ORCID iD').nullish(),
    corresponding: z.boolean().default(false),
    institutions: z.array(z.number().int().min(1)).default([1]),
  })
  .strict();

const article = z
  .object({
    issn,
    period: z.object({ year, issue: z.number().int().min(0) }).strict().nullish(),
    column: optionalText,
    doi: doi.nullish(),
    title: text,
    enTitle: optionalText,
    abstract: optionalText,
    enAbstract: optionalText,
    keywords: list,
    enKeywords: list,
    language: z.enum(['zh', 'en']).default('zh'),
    firstPage: z.number().int().min(0).nullish(),
    lastPage: z.number().int().min(0).nullish(),
    status: z.enum(['formal', 'online-first', 'just-accepted']).default('formal'),
    version: z.number().int().default(0),
    openAccess: z.boolean().default(true),
    fund: optionalText,
    enFund: optionalText,
    receivedDate: isoDate.nullish(),
    revisedDate: isoDate.nullish(),
    publishedDate: isoDate,
    authors: z.array(author).min(1),
    institutions: z.array(z.object({ name: text, enName: optionalText }).strict()).default([]),
    references: z.array(z.object({ text, doi: optionalText }).strict()).default([]),
  })
  .strict()
  .refine((a) => a.status !== 'formal' || Boolean(a.period), { message: 'a formal article needs its period (year and issue)', path: ['period'] })
  .refine((a) => a.firstPage == null || a.lastPage == null || a.lastPage >= a.firstPage, { message: 'lastPage is before firstPage', path: ['lastPage'] });

const news = z
  .object({
    type: z.enum(['information', 'announcement', 'dynamic', 'statement']),
    title: text,
    enTitle: optionalText,
    summary: optionalText,
    enSummary: optionalText,
    content: optionalText,
    enContent: optionalText,
    sourceLink: z.url({ protocol: /^https?$/ }).nullish(),
    newsDataType: z.string().default('news'),
    isTop: z.boolean().default(false),
    publishedAt: z.iso.datetime({ offset: true }).or(isoDate),
  })
  .strict();

const albumItem = z.discriminatedUnion('type', [
  z.object({ type: z.literal('article'), doi: text }).strict(),
  z.object({ type: z.literal('publication'), issn }).strict(),
]);

const album = z.object({ name: text, enName: optionalText, description: optionalText, enDescription: optionalText, items: z.array(albumItem).default([]) }).strict();

/** A video or audio; `articleDoi` names the article it belongs to (in this file or already on the site). */
const media = z
  .object({
    kind: z.enum(['video', 'audio']),
    title: text,
    enTitle: optionalText,
    description: optionalText,
    enDescription: optionalText,
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
    introduction: optionalText,
    enIntroduction: optionalText,
  })
  .strict();

const board = z.object({ name: text, enName: text, issn: issn.nullish(), experts: z.array(expert).default([]) }).strict();

export const importFileSchema = z
  .object({
    site: siteSchema,
    channels: z.array(channel).default([]),
    publications: z.array(publication).default([]),
    periods: z.array(period).default([]),
    articles: z.array(article).default([]),
    news: z.array(news).default([]),
    albums: z.array(album).default([]),
    media: z.array(media).default([]),
    editorialBoards: z.array(board).default([]),
  })
  .strict();

export type ImportFile = z.infer<typeof importFileSchema>;
