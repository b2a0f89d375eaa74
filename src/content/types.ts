/**
 * The data contract between the store, the rc-pub API and the pages.
 * Field names follow rc-pub (camelCase, `enX` beside `x` for bilingual text) so the API JSON and
 * the ContentSource results are the same objects. RcPubSource parses upstream JSON with these
 * schemas; services build them from the store. Every DTO carries both languages; pages choose.
 */
import { z } from 'zod';
import { NOTICE_KINDS } from '../lib/article-notice.ts';

const text = z.string().nullable();
const url = z.string().nullable();

export const siteTypeSchema = z.enum(['single', 'group', 'all']);
export const siteStatusSchema = z.enum(['active', 'expired', 'forbidden']);

export const siteSchema = z.object({
  id: z.number().int(),
  sld: z.string(),
  domain: text,
  name: z.string(),
  enName: z.string(),
  templateId: z.number().int(),
  type: siteTypeSchema,
  colour: z.number().int().min(0).max(11),
  colour1: text,
  colour2: text,
  colour3: text,
  grayType: z.number().int(),
  umtFlag: z.number().int(),
  logo1Url: url,
  pictureUrl: url,
  keywords: text,
  enKeywords: text,
  status: siteStatusSchema,
});
export type Site = z.infer<typeof siteSchema>;

export const customButtonSchema = z.object({
  customButtonStatus: z.number().int(),
  customButtonName: z.string(),
  enCustomButtonName: text,
  customButtonLinkValue: z.string(),
});
export type CustomButton = z.infer<typeof customButtonSchema>;

export const headerConfigSchema = z.object({
  navStyle: z.number().int().min(1).max(6),
  isCeiling: z.number().int(),
  hasLoginAndRegister: z.number().int(),
  groupEntrance: z.number().int(),
  searchBox: z.number().int(),
  advSearch: z.number().int(),
  resourceSearch: z.number().int(),
  /** resource type ids separated by ';' or ',' (docs/product-rules.md#search-types-and-fields) */
  resourceType: z.string(),
  navDistribution: z.number().int(),
  switchLanguage: z.number().int(),
  hasGreeting: z.number().int(),
  greeting: text,
  enGreeting: text,
  backgroundUrl: url,
  pcLogoUrl: url,
  mobileLogoUrl: url,
  enPcLogoUrl: url,
  enMobileLogoUrl: url,
  /** 0 hides the logo picture (the site's name shows instead); an upstream without it shows it */
  hasLogo: z.number().int().default(1),
  /** the header's own logo, before the PC/mobile variants */
  logoUrl: url.default(null),
  /** 1 draws navBgUrl behind the navigation bar */
  hasNavBg: z.number().int().default(0),
  navBgUrl: url.default(null),
  configData: z.object({
    customButtonList: z.array(customButtonSchema),
    cssContent: text,
  }),
});
export type HeaderConfig = z.infer<typeof headerConfigSchema>;

export const footerConfigSchema = z.object({
  toolbarStyle: z.number().int(),
  showLogo: z.number().int(),
  qrUrl: url,
  qrMessage: text,
  enQrMessage: text,
  configData: z.object({ cssContent: text }),
  backgroundColor: text,
  postcode: text,
  phone: text,
  email: text,
  fax: text,
  chLogoUrl: url,
  enLogoUrl: url,
  chLogoName: text,
  enLogoName: text,
  address: text,
  enAddress: text,
  copyright: text,
  enCopyright: text,
  icp: text,
  picp: text,
  picpLink: text,
  linkAddress: text,
  showVisits: z.number().int(),
  sumVisits: z.number().int(),
  todayVisits: z.number().int(),
});
export type FooterConfig = z.infer<typeof footerConfigSchema>;

export const publicationConfigSchema = z.object({
  publicationId: z.number().int().nullable(),
  showCover: z.number().int(),
  showIssn: z.number().int(),
  tocPageSize: z.number().int(),
});
export type PublicationConfig = z.infer<typeof publicationConfigSchema>;

export type Channel = {
  id: number;
  parentId: number;
  code: string;
  name: string | null;
  enName: string | null;
  enable: string;
  linkValue: string | null;
  linkType: string | null;
  bannerId: number | null;
  bannerUrl: string | null;
  route: string | null;
  newsDataType: string | null;
  siteId: number;
  styleId: number | null;
  sortOrder: number;
  children: Channel[];
};
export const channelSchema: z.ZodType<Channel> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    parentId: z.number().int(),
    code: z.string(),
    name: text,
    enName: text,
    enable: z.string(),
    linkValue: text,
    linkType: text,
    bannerId: z.number().int().nullable(),
    bannerUrl: url,
    route: text,
    newsDataType: text,
    siteId: z.number().int(),
    styleId: z.number().int().nullable(),
    sortOrder: z.number().int(),
    children: z.array(channelSchema),
  }),
);

export const channelInfoSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int(),
  siteId: z.number().int(),
  code: z.string(),
  name: text,
  enName: text,
  linkValue: text,
  bannerId: z.number().int().nullable(),
  bannerUrl: url,
  newsDataType: text,
  /** sanitized HTML body of an about/info/catch-all channel */
  content: text,
  enContent: text,
});
export type ChannelInfo = z.infer<typeof channelInfoSchema>;

export const moduleTypeSchema = z.enum([
  'carousel',
  'latestIssue',
  'onlineFirst',
  'mostRead',
  'news',
  'albums',
  'quickLinks',
  'journals',
  /** member journals of other sites of this portal (config.siteIds), linked on their own hosts */
  'alliance',
]);
export const moduleSchema = z.object({
  id: z.number().int(),
  channelId: z.number().int(),
  type: moduleTypeSchema,
  name: z.string(),
  enName: z.string(),
  sortOrder: z.number().int(),
  config: z.record(z.string(), z.unknown()),
});
export type HomeModule = z.infer<typeof moduleSchema>;

export const basicInfoSchema = z.object({
  id: z.number().int(),
  /** indexed-in databases, ';'-separated */
  indexed: text,
  groupType: z.number().int(),
  description: text,
  enDescription: text,
});
export type BasicInfo = z.infer<typeof basicInfoSchema>;

export const toolSchema = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  type: z.enum(['pop', 'platform', 'external']),
  platformType: text,
  resName: z.string(),
  enResName: z.string(),
  cover: text,
  linkValue: text,
  linkValue2: text,
  linkType2: text,
  coverId: z.number().int().nullable(),
  indexId: z.number().int().nullable(),
  /** the icon */
  pictureUrl: url,
  /** what a pop tool pops up (a QR code); the icon stands in when absent */
  bouncePictureUrl: url,
  description: text,
  enDescription: text,
});
export type Tool = z.infer<typeof toolSchema>;

export const groupEntrySchema = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  sld: z.string(),
  publicationName: z.string(),
  enPublicationName: z.string(),
});
export type GroupEntry = z.infer<typeof groupEntrySchema>;

export const publicationSchema = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  name: z.string(),
  enName: z.string(),
  abbreviation: text,
  issn: text,
  eissn: text,
  cn: text,
  sponsor: text,
  enSponsor: text,
  publisher: text,
  enPublisher: text,
  editorInChief: text,
  enEditorInChief: text,
  frequency: text,
  enFrequency: text,
  foundedYear: z.number().int().nullable(),
  coverUrl: url,
  introduction: text,
  enIntroduction: text,
});
export type Publication = z.infer<typeof publicationSchema>;

export const periodSchema = z.object({
  id: z.number().int(),
  publicationId: z.number().int(),
  year: z.number().int(),
  volume: z.number().int(),
  issue: z.number().int(),
  publishDate: z.string(),
  coverUrl: url,
  articleCount: z.number().int(),
});
export type Period = z.infer<typeof periodSchema>;

export const periodYearSchema = z.object({ year: z.number().int(), periods: z.array(periodSchema) });
export type PeriodYear = z.infer<typeof periodYearSchema>;

export const articleStatusSchema = z.enum(['formal', 'online-first', 'just-accepted']);

export const authorNameSchema = z.object({ name: z.string(), enName: text });

export const articleSummarySchema = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  publicationId: z.number().int(),
  periodId: z.number().int().nullable(),
  columnId: z.number().int().nullable(),
  doi: text,
  title: z.string(),
  enTitle: text,
  authors: z.array(authorNameSchema),
  firstPage: z.number().int().nullable(),
  lastPage: z.number().int().nullable(),
  /** version label (docs/product-rules.md#version-labels): -1 accepted, 0 none, 1..10 proof priority, other corrected proof */
  version: z.number().int(),
  status: articleStatusSchema,
  openAccess: z.number().int(),
  publishedDate: text,
  year: z.number().int().nullable(),
  volume: z.number().int().nullable(),
  issue: z.number().int().nullable(),
  views: z.number().int(),
  downloads: z.number().int(),
  citations: z.number().int(),
  pdfUrl: url,
  /** retracted, withdrawn or an expression of concern: every list shows its label */
  noticeKind: z.enum(NOTICE_KINDS).nullable().default(null),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

/** One article of a ranking with what it is ranked by (views, downloads or citations in the period). */
export const rankedArticleSchema = z.object({ count: z.number().int(), article: articleSummarySchema });
export type RankedArticle = z.infer<typeof rankedArticleSchema>;

/** An article's views and downloads in one month (YYYY-MM). */
export const monthCountsSchema = z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), views: z.number().int(), downloads: z.number().int() });

export const articleDetailSchema = articleSummarySchema.extend({
  abstract: text,
  enAbstract: text,
  keywords: z.array(z.string()),
  enKeywords: z.array(z.string()),
  language: z.enum(['zh', 'en']),
  fund: text,
  enFund: text,
  receivedDate: text,
  revisedDate: text,
  updatedAt: z.string(),
  authorDetails: z.array(
    z.object({
      name: z.string(),
      enName: text,
      email: text,
      orcid: text,
      corresponding: z.number().int(),
      /** 1-based positions into institutions */
      institutionPositions: z.array(z.number().int()),
    }),
  ),
  institutions: z.array(z.object({ position: z.number().int(), name: z.string(), enName: text })),
  references: z.array(z.object({ position: z.number().int(), text: z.string(), doi: text })),
  figures: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(['picture', 'table']),
      position: z.number().int(),
      caption: z.string(),
      enCaption: text,
      imageUrl: url,
      tableHtml: text,
    }),
  ),
  /** the retraction, withdrawal or expression of concern, shown above the abstract; articleId: the notice article on this site */
  notice: z.object({ kind: z.enum(NOTICE_KINDS), date: z.string(), reason: z.string(), doi: text, articleId: z.number().int().nullable() }).nullable().default(null),
  /** the kept versions: when, and which fields changed (src/lib/article-notice.ts picks what a reader is told) */
  corrections: z.array(z.object({ date: z.string(), fields: z.array(z.string()) })).default([]),
  /** the videos and audios that belong to the article (video first) */
  media: z.array(z.object({ id: z.number().int(), kind: z.enum(['video', 'audio']), title: z.string(), enTitle: text })).default([]),
  /** what the PDF download serves: the journal's own full text, or the summary sheet drawn from the record */
  pdfKind: z.enum(['publisher', 'summary']).default('summary'),
  /** the publisher's supplementary files, in order; size in bytes */
  supplements: z
    .array(z.object({ url: z.string(), name: z.string(), label: text, enLabel: text, size: z.number().int(), contentType: z.string() }))
    .default([]),
  publication: z.object({
    id: z.number().int(),
    name: z.string(),
    enName: z.string(),
    issn: text,
    eissn: text,
    cn: text,
    publisher: text,
    enPublisher: text,
  }),
  column: z.object({ id: z.number().int(), name: z.string(), enName: z.string() }).nullable(),
});
export type ArticleDetail = z.infer<typeof articleDetailSchema>;

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  });
}
export type Paged<T> = { content: T[]; total: number; page: number; size: number };

export const issueTocSchema = z.object({
  period: periodSchema,
  publication: publicationSchema,
  columns: z.array(
    z.object({
      id: z.number().int().nullable(),
      name: z.string(),
      enName: z.string(),
      articles: z.array(articleSummarySchema),
    }),
  ),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export type IssueToc = z.infer<typeof issueTocSchema>;

export const newsTypeSchema = z.enum(['information', 'announcement', 'dynamic', 'statement']);
export type NewsType = z.infer<typeof newsTypeSchema>;

export const newsItemSchema = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  channelId: z.number().int().nullable(),
  type: newsTypeSchema,
  newsDataType: z.string(),
  /** 2 means the item is an external link (docs/product-rules.md#news) */
  original: z.number().int(),
  sourceLink: text,
  title: z.string(),
  enTitle: text,
  summary: text,
  enSummary: text,
  pictureUrl: url,
  topPictureUrl: url,
  isTop: z.number().int(),
  views: z.number().int(),
  publishedAt: z.string(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

export const newsDetailSchema = newsItemSchema.extend({
  content: text,
  enContent: text,
  previous: z.object({ id: z.number().int(), title: z.string(), enTitle: text }).nullable(),
  next: z.object({ id: z.number().int(), title: z.string(), enTitle: text }).nullable(),
});
export type NewsDetail = z.infer<typeof newsDetailSchema>;

export const albumSchema = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  channelId: z.number().int().nullable(),
  name: z.string(),
  enName: text,
  description: text,
  enDescription: text,
  coverUrl: url,
  itemCount: z.number().int(),
});
export type Album = z.infer<typeof albumSchema>;

export const albumItemSchema = z.object({
  resourceType: z.enum(['article', 'picture', 'table', 'video', 'audio', 'publication', 'expert']),
  resourceId: z.number().int(),
  title: z.string(),
  enTitle: text,
  coverUrl: url,
  /** canonical path without the language prefix, e.g. 'article/12' */
  path: text,
});
/** A picture, table, video or audio on a page of its own, with the article it belongs to (if any). */
export const resourceKindSchema = z.enum(['picture', 'table', 'video', 'audio']);
export type ResourceKind = z.infer<typeof resourceKindSchema>;
export const resourceDetailSchema = z.object({
  kind: resourceKindSchema,
  id: z.number().int(),
  siteId: z.number().int(),
  title: z.string(),
  enTitle: text,
  description: text,
  enDescription: text,
  /** the picture itself, or a video's poster / an audio's cover */
  imageUrl: url,
  /** a table's HTML (sanitized when shown) */
  tableHtml: text,
  /** a video's or audio's file */
  mediaUrl: url,
  publishedDate: text,
  article: z.object({ id: z.number().int(), title: z.string(), enTitle: text }).nullable(),
});
export type ResourceDetail = z.infer<typeof resourceDetailSchema>;

export const albumDetailSchema = albumSchema.extend({ items: z.array(albumItemSchema) });
export type AlbumDetail = z.infer<typeof albumDetailSchema>;

export const editorialTopicSchema = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  channelId: z.number().int().nullable(),
  publicationId: z.number().int().nullable(),
  name: z.string(),
  enName: z.string(),
});
export type EditorialTopic = z.infer<typeof editorialTopicSchema>;

export const expertSchema = z.object({
  id: z.number().int(),
  topicId: z.number().int(),
  name: z.string(),
  enName: text,
  role: text,
  enRole: text,
  institution: text,
  enInstitution: text,
  introduction: text,
  enIntroduction: text,
  photoUrl: url,
});
export type Expert = z.infer<typeof expertSchema>;

export const searchConfigEntrySchema = z.object({
  type: z.number().int(),
  code: z.string(),
  name: z.string(),
  enName: z.string(),
});
export type SearchConfigEntry = z.infer<typeof searchConfigEntrySchema>;

export const searchConditionSchema = z.object({
  field: z.string(),
  condition: z.string(),
  enCondition: z.string(),
});
export type SearchCondition = z.infer<typeof searchConditionSchema>;

/** Everything the page shell needs for one site, in the bootstrap order of docs/product-rules.md#site-bootstrap. */
export const siteShellSchema = z.object({
  site: siteSchema,
  header: headerConfigSchema,
  publicationConfig: publicationConfigSchema,
  channels: z.array(channelSchema),
  basicInfo: basicInfoSchema,
  tools: z.array(toolSchema),
  footer: footerConfigSchema,
  groupEntries: z.array(groupEntrySchema),
  topNews: z.array(newsItemSchema),
});
export type SiteShell = z.infer<typeof siteShellSchema>;

/** The rc-pub response envelope: status 0 is success. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ status: z.number().int(), message: z.string(), data });
}

/** One search result of any type: what a result list shows and where it links. */
export const searchHitSchema = z.object({
  type: z.enum(['article', 'publication', 'picture', 'table', 'video', 'audio', 'other', 'news']),
  id: z.number().int(),
  title: z.string(),
  enTitle: text,
  summary: text,
  enSummary: text,
  keywords: z.array(z.string()),
  enKeywords: z.array(z.string()),
  authors: z.array(authorNameSchema),
  institutions: z.array(z.string()),
  journal: text,
  enJournal: text,
  /** the article a figure or table belongs to */
  articleId: z.number().int().nullable(),
  doi: text,
  year: z.number().int().nullable(),
  publishedDate: text,
  openAccess: z.boolean(),
  views: z.number().int(),
  downloads: z.number().int(),
  citations: z.number().int(),
  /** an article's retraction, withdrawal or expression of concern (its label shows in the hit) */
  noticeKind: z.enum(NOTICE_KINDS).nullable().default(null),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

/** A page of search results: the hits, the total, and the terms the query was split into (for highlighting). */
export const searchResultSchema = pagedSchema(searchHitSchema).extend({ terms: z.array(z.string()) });
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchFacetValueSchema = z.object({ value: z.string(), name: z.string(), enName: text, count: z.number().int() });
export type SearchFacetValue = z.infer<typeof searchFacetValueSchema>;
/** Counts of the matching items by year, journal, column, keyword and author (the result page's facets). */
export const searchClustersSchema = z.object({
  year: z.array(searchFacetValueSchema),
  journal: z.array(searchFacetValueSchema),
  column: z.array(searchFacetValueSchema),
  keyword: z.array(searchFacetValueSchema),
  author: z.array(searchFacetValueSchema),
});
export type SearchClusters = z.infer<typeof searchClustersSchema>;
