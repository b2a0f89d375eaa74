/**
 * The articles behind an RSS feed, read only through ContentSource so an RcPubSource deployment
 * serves the same feed: every article of one issue in TOC order, or the latest formal and
 * online-first articles of the site's main journal.
 */
import { issueHref, journalQuery, primaryPublicationId } from '../../content/primary-publication.ts';
import type { ContentSource } from '../../content/source.ts';
import type { ArticleAbstract, ArticleSummary, Publication, Site } from '../../content/types.ts';
import { dictionary, format } from '../../i18n/index.ts';
import { noticeLabel, titleWithNotice } from '../../i18n/notice-label.ts';
import { readerCorrections } from '../../lib/article-notice.ts';
import { type Lang, pick } from '../../lib/lang.ts';
import { canonical, withQuery } from '../../lib/routes.ts';
import { plainText } from '../../lib/sanitize.ts';
import { doiUrl } from '../../lib/scholarly-meta.ts';
import { correctedDate, type FeedChannel, type FeedItem } from './feed.ts';

/** The issue TOC API serves at most 100 articles a page. */
const TOC_PAGE = 100;
/** A bound on the pages read, so a wrong total upstream cannot loop for ever. */
const MAX_TOC_PAGES = 200;
export const LATEST_COUNT = 50;

export type FeedRequest = { source: ContentSource; site: Site; lang: Lang; origin: string; selfUrl: string };

/** Every article of the issue in TOC order, or null when the site has no such issue. */
export async function issueFeed(request: FeedRequest, periodId: number): Promise<FeedChannel | null> {
  const { source, site, lang, origin } = request;
  const first = await source.getIssueToc(site.id, periodId, 0, TOC_PAGE);
  if (!first) return null;
  const articles = first.columns.flatMap((column) => column.articles);
  for (let page = 1; page < MAX_TOC_PAGES && articles.length < first.total; page += 1) {
    const next = await source.getIssueToc(site.id, periodId, page, TOC_PAGE);
    const more = next?.columns.flatMap((column) => column.articles) ?? [];
    if (more.length === 0) break;
    articles.push(...more);
  }
  const { period, publication } = first;
  const t = dictionary(lang);
  const journal = journalName(lang, publication);
  const issue = format(t.pages.issueTitle, { year: period.year, volume: period.volume, issue: period.issue });
  const primary = await primaryPublicationId(source, site.id);
  return {
    title: format(t.rss.issueTitle, { journal, issue }),
    link: `${origin}${issueHref(lang, period.year, period.issue, journalQuery(publication.id, primary))}`,
    description: format(t.rss.issueDescription, { journal, issue }),
    language: t.rss.language,
    selfUrl: request.selfUrl,
    items: await itemsOf(request, articles),
  };
}

/** The newest issue of a journal (the site's main one when publicationId is null), or null. */
export async function currentIssueFeed(
  request: FeedRequest,
  publicationId: number | null,
): Promise<FeedChannel | null> {
  const journal = publicationId ?? (await primaryPublicationId(request.source, request.site.id));
  if (journal === null) return null;
  const [newest] = await request.source.getFirstTwoPeriods(request.site.id, journal);
  return newest ? issueFeed(request, newest.id) : null;
}

/** The online-first articles of a journal (the main one when publicationId is null), newest first. */
export async function onlineFirstFeed(request: FeedRequest, publicationId: number | null): Promise<FeedChannel | null> {
  const { source, site, lang, origin } = request;
  const journalId = publicationId ?? (await primaryPublicationId(source, site.id));
  const publication = journalId === null ? null : await source.getPublication(site.id, journalId);
  if (!publication) return null;
  const list = await source.listFirstArticles(site.id, 'online-first', LATEST_COUNT, publication.id);
  const t = dictionary(lang);
  const journal = journalName(lang, publication);
  return {
    title: format(t.rss.onlineFirstTitle, { journal }),
    link: `${origin}${withQuery(canonical.onlineFirst(lang), { journal: String(publication.id) })}`,
    description: format(t.rss.onlineFirstDescription, { journal }),
    language: t.rss.language,
    selfUrl: request.selfUrl,
    items: await itemsOf(request, list),
  };
}

/** The newest formal and online-first articles of the site's main journal. */
export async function latestFeed(request: FeedRequest): Promise<FeedChannel> {
  const { source, site, lang, origin } = request;
  const publicationId = await primaryPublicationId(source, site.id);
  const publication = publicationId === null ? null : await source.getPublication(site.id, publicationId);
  const lists =
    publicationId === null
      ? []
      : await Promise.all(
          (['latest', 'online-first'] as const).map((kind) =>
            source.listFirstArticles(site.id, kind, LATEST_COUNT, publicationId),
          ),
        );
  const articles = lists
    .flat()
    .sort((a, b) => (b.publishedDate ?? '').localeCompare(a.publishedDate ?? '') || b.id - a.id)
    .slice(0, LATEST_COUNT);
  const t = dictionary(lang);
  const journal = publication ? journalName(lang, publication) : pick(lang, site.name, site.enName);
  return {
    title: format(t.rss.latestTitle, { journal }),
    link: `${origin}${canonical.home(lang)}`,
    description: format(t.rss.latestDescription, { journal }),
    language: t.rss.language,
    selfUrl: request.selfUrl,
    items: await itemsOf(request, articles),
  };
}

function journalName(lang: Lang, publication: Publication): string {
  return plainText(pick(lang, publication.name, publication.enName));
}

async function itemsOf(request: FeedRequest, articles: ArticleSummary[]): Promise<FeedItem[]> {
  const details = await request.source.getArticleAbstracts(
    request.site.id,
    articles.map((article) => article.id),
  );
  return articles.map((article, index) => itemOf(request, article, details[index] ?? null));
}

/** The detail adds abstract and keywords; an article gone since the list was read keeps its summary. */
function itemOf({ lang, origin }: FeedRequest, article: ArticleSummary, detail: ArticleAbstract | null): FeedItem {
  const link = `${origin}${canonical.article(lang, article.id)}`;
  const doi = article.doi?.trim();
  const keywords = detail ? (lang === 'en' && detail.enKeywords.length > 0 ? detail.enKeywords : detail.keywords) : [];
  const fallbackKeywords = detail && keywords.length === 0 ? (lang === 'en' ? detail.keywords : detail.enKeywords) : [];
  return {
    title: titleWithNotice(plainText(pick(lang, article.title, article.enTitle)), article.noticeKind, lang),
    link,
    guid: doi ? doiUrl(doi) : link,
    // both open the article in a browser: the DOI URL through the resolver, the article URL directly
    guidIsPermaLink: true,
    pubDate: dateOf(article.publishedDate),
    updated: detail ? correctedDate(readerCorrections(detail.corrections)) : null,
    description: detail ? plainText(pick(lang, detail.abstract, detail.enAbstract)) : '',
    creators: article.authors.map((author) => pick(lang, author.name, author.enName)).filter(Boolean),
    categories: [
      ...(article.noticeKind ? [noticeLabel(article.noticeKind, lang)] : []),
      ...[...keywords, ...fallbackKeywords].map((keyword) => plainText(keyword)).filter(Boolean),
    ],
  };
}

function dateOf(value: string | null): Date | null {
  if (!value) return null;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}
