/** Articles: the summary a list shows, rankings, monthly counts, the detail page. */
import { z } from 'zod';
import { NOTICE_KINDS } from '../../lib/article-notice.ts';
import { text, url } from './common.ts';

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
export const monthCountsSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  views: z.number().int(),
  downloads: z.number().int(),
});

/** One reference; the parts are there when JATS or the import gave them; anchor: the id in-text citations link to. */
export const articleReferenceSchema = z.object({
  position: z.number().int(),
  text: z.string(),
  doi: text,
  anchor: text.optional(),
  authors: text.optional(),
  title: text.optional(),
  source: text.optional(),
  year: text.optional(),
  volume: text.optional(),
  pages: text.optional(),
});
export type ArticleReference = z.infer<typeof articleReferenceSchema>;

/** The HTML full text drawn from the article's JATS: body and table of contents, footnotes, acknowledgements, funding. */
export const articleFullTextSchema = z.object({
  bodyHtml: z.string(),
  toc: z.array(z.object({ id: z.string(), title: z.string(), level: z.number().int() })),
  footnotesHtml: text,
  acknowledgementsHtml: text,
  fundingHtml: text,
});
export type ArticleFullText = z.infer<typeof articleFullTextSchema>;

/** A publisher's supplementary file of an article (the `attachments` group); size in bytes. */
export const articleAttachmentSchema = z.object({
  url: z.string(),
  name: z.string(),
  label: text,
  enLabel: text,
  size: z.number().int(),
  contentType: z.string(),
});
export type ArticleAttachment = z.infer<typeof articleAttachmentSchema>;

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
  references: z.array(articleReferenceSchema),
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
  notice: z
    .object({
      kind: z.enum(NOTICE_KINDS),
      date: z.string(),
      reason: z.string(),
      doi: text,
      articleId: z.number().int().nullable(),
    })
    .nullable()
    .default(null),
  /** the kept versions: when, and which fields changed (src/lib/article-notice.ts picks what a reader is told) */
  corrections: z.array(z.object({ date: z.string(), fields: z.array(z.string()) })).default([]),
  /** the videos and audios that belong to the article (video first) */
  media: z
    .array(z.object({ id: z.number().int(), kind: z.enum(['video', 'audio']), title: z.string(), enTitle: text }))
    .default([]),
  /** what the PDF download serves: the journal's own full text, or the summary sheet drawn from the record */
  pdfKind: z.enum(['publisher', 'summary']).default('summary'),
  /** the HTML full text when an import brought the article's JATS; null: the abstract page alone */
  fullText: articleFullTextSchema.nullable().default(null),
  /** the publisher's supplementary files, in order; size in bytes */
  supplements: z.array(articleAttachmentSchema).default([]),
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

/** The parts of an article page record a citation prints: an ArticleDetail, or a list's lighter read of them. */
export type CitedArticle = Pick<
  ArticleDetail,
  | 'id'
  | 'language'
  | 'title'
  | 'enTitle'
  | 'institutions'
  | 'year'
  | 'publishedDate'
  | 'volume'
  | 'issue'
  | 'firstPage'
  | 'lastPage'
  | 'doi'
  | 'keywords'
  | 'enKeywords'
  | 'abstract'
  | 'enAbstract'
> & {
  authorDetails: Pick<ArticleDetail['authorDetails'][number], 'name' | 'enName' | 'institutionPositions'>[];
  publication: Omit<ArticleDetail['publication'], 'id'>;
  notice: Pick<NonNullable<ArticleDetail['notice']>, 'kind' | 'date' | 'reason' | 'doi'> | null;
};

/** the part of an article's detail a feed item shows beside its summary */
export type ArticleAbstract = Pick<
  ArticleDetail,
  'abstract' | 'enAbstract' | 'keywords' | 'enKeywords' | 'corrections'
>;
