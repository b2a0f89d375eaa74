/**
 * What crawlers and reference managers read: Highwire Press citation_* tags (Google Scholar),
 * Dublin Core, schema.org JSON-LD, and the citation line shown under an article. Pure functions
 * of the DTOs; pages put the results into <head>.
 */
import type { ArticleDetail, Publication } from '../content/types.ts';
import { type Lang, pick } from './lang.ts';
import { articlePdfPath } from './routes.ts';
import { plainText } from './sanitize.ts';

export type MetaTag = { name: string; content: string };
export type JsonLd = Record<string, unknown>;
export type Crumb = { label: string; href?: string };

export function doiUrl(doi: string): string {
  return `https://doi.org/${doi.trim().replace(/^https?:\/\/(dx\.)?doi\.org\//i, '')}`;
}

export function absoluteUrl(url: string, origin: string): string {
  try {
    return new URL(url, origin).href;
  } catch {
    return url;
  }
}

/** Highwire wants YYYY/MM/DD (or YYYY); ISO dates and timestamps are cut to the day. */
export function highwireDate(date: string | null | undefined): string {
  const match = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?/.exec(date ?? '');
  if (!match) return '';
  return [match[1], match[2], match[3]].filter(Boolean).join('/');
}

/** YYYY-MM-DD (or shorter) for Dublin Core and schema.org. */
export function isoDate(date: string | null | undefined): string {
  const match = /^\d{4}(?:-\d{2}(?:-\d{2})?)?/.exec(date ?? '');
  return match ? match[0] : '';
}

function articleYear(article: ArticleDetail): number | null {
  if (article.year !== null) return article.year;
  const year = /^(\d{4})/.exec(article.publishedDate ?? '')?.[1];
  return year ? Number(year) : null;
}

/** An author's name in a language (the article's own language for metadata). */
function authorName(author: { name: string; enName: string | null }, lang: Lang): string {
  return pick(lang, author.name, author.enName);
}

function institutionsOf(article: ArticleDetail, positions: number[], lang: Lang): string[] {
  return positions
    .map((position) => article.institutions.find((institution) => institution.position === position))
    .filter((institution) => institution !== undefined)
    .map((institution) => pick(lang, institution.name, institution.enName));
}

function keywordsIn(article: ArticleDetail, lang: Lang): string[] {
  const primary = lang === 'en' ? article.enKeywords : article.keywords;
  return (primary.length > 0 ? primary : lang === 'en' ? article.keywords : article.enKeywords)
    .map((k) => plainText(k))
    .filter(Boolean);
}

function issnsOf(publication: { issn: string | null; eissn: string | null }): string[] {
  return [publication.issn, publication.eissn].filter((value): value is string => Boolean(value?.trim()));
}

/** A list of meta tags that skips empty values. */
function collector(): { tags: MetaTag[]; add(name: string, content: string | number | null | undefined): void } {
  const tags: MetaTag[] = [];
  return {
    tags,
    add(name, content) {
      if (content === null || content === undefined) return;
      const text = String(content).trim();
      if (text) tags.push({ name, content: text });
    },
  };
}

/** The PDF beside the abstract page of pageLang, when the article has one. */
function pdfBeside(article: ArticleDetail, origin: string, pageLang: Lang): string | null {
  return article.pdfUrl ? absoluteUrl(articlePdfPath(pageLang, article.id), origin) : null;
}

/** A reference as Scholar reads it: its text, with its DOI where the text does not carry it. */
function referenceText(reference: ArticleDetail['references'][number]): string {
  const text = plainText(reference.text).replace(/\s+/g, ' ').trim();
  const doi = reference.doi?.trim();
  if (!doi || text.toLowerCase().includes(doi.toLowerCase())) return text;
  return `${text} ${doiUrl(doi)}`.trim();
}

/** Google Scholar's tags, in the article's own language; the PDF is the one beside the page of pageLang. */
export function highwireTags(article: ArticleDetail, origin: string, pageLang: Lang = article.language): MetaTag[] {
  const lang = article.language;
  const { tags, add } = collector();
  add('citation_title', plainText(pick(lang, article.title, article.enTitle)));
  for (const author of article.authorDetails) {
    add('citation_author', authorName(author, lang));
    for (const institution of institutionsOf(article, author.institutionPositions, lang))
      add('citation_author_institution', institution);
  }
  add('citation_publication_date', highwireDate(article.publishedDate));
  add('citation_journal_title', pick(lang, article.publication.name, article.publication.enName));
  for (const issn of issnsOf(article.publication)) add('citation_issn', issn);
  add('citation_publisher', pick(lang, article.publication.publisher, article.publication.enPublisher));
  add('citation_volume', article.volume);
  add('citation_issue', article.issue);
  add('citation_firstpage', article.firstPage);
  add('citation_lastpage', article.lastPage);
  add('citation_doi', article.doi);
  add('citation_pdf_url', pdfBeside(article, origin, pageLang));
  add('citation_language', lang);
  add('citation_keywords', keywordsIn(article, lang).join('; '));
  add('citation_abstract', plainText(pick(lang, article.abstract, article.enAbstract)));
  for (const reference of [...article.references].sort((a, b) => a.position - b.position))
    add('citation_reference', referenceText(reference));
  return tags;
}

/** Dublin Core (DC.*) tags, in the article's own language; `noticeLine` is its notice as one line of text (noticeText). */
export function dublinCoreTags(article: ArticleDetail, url: string, noticeLine: string | null = null): MetaTag[] {
  const lang = article.language;
  const { tags, add } = collector();
  add('DC.title', plainText(pick(lang, article.title, article.enTitle)));
  for (const author of article.authorDetails) add('DC.creator', authorName(author, lang));
  add('DC.date', isoDate(article.publishedDate));
  // Crossref's display guidelines: a DOI is shown as its https://doi.org/ link, as the page does
  add('DC.identifier', article.doi ? doiUrl(article.doi) : url);
  add('DC.identifier', url);
  add('DC.language', lang);
  add('DC.publisher', pick(lang, article.publication.publisher, article.publication.enPublisher));
  add('DC.source', pick(lang, article.publication.name, article.publication.enName));
  for (const issn of issnsOf(article.publication)) add('DC.source.ISSN', issn);
  add('DC.type', 'Text.Serial.Journal');
  // a retraction, withdrawal or concern: what it is, and the notice it links to (Crossmark's relation)
  if (article.notice) {
    if (noticeLine) add('DC.description', noticeLine);
    if (article.notice.doi) add('DC.relation', doiUrl(article.notice.doi));
  }
  add('DC.format', 'text/html');
  for (const keyword of keywordsIn(article, lang)) add('DC.subject', keyword);
  return tags.filter((tag, index) => tags.findIndex((t) => t.name === tag.name && t.content === tag.content) === index);
}

/** schema.org ScholarlyArticle for one article page. */
export function scholarlyArticleJsonLd(
  article: ArticleDetail,
  url: string,
  origin: string,
  pageLang: Lang = article.language,
): JsonLd {
  const lang = article.language;
  const other: Lang = lang === 'zh' ? 'en' : 'zh';
  const title = plainText(pick(lang, article.title, article.enTitle));
  const otherTitle = plainText(other === 'en' ? article.enTitle : article.title);
  const journalName = pick(lang, article.publication.name, article.publication.enName);
  const publisher = pick(lang, article.publication.publisher, article.publication.enPublisher);
  const periodical: JsonLd = compact({
    '@type': 'Periodical',
    name: journalName,
    issn: issnsOf(article.publication),
    publisher: publisher ? { '@type': 'Organization', name: publisher } : undefined,
  });
  let isPartOf: JsonLd = periodical;
  if (article.volume !== null)
    isPartOf = { '@type': 'PublicationVolume', volumeNumber: String(article.volume), isPartOf };
  if (article.issue !== null) isPartOf = { '@type': 'PublicationIssue', issueNumber: String(article.issue), isPartOf };
  const keywords = keywordsIn(article, lang);
  return compact({
    '@context': 'https://schema.org',
    '@type': 'ScholarlyArticle',
    '@id': url,
    url,
    headline: title,
    name: title,
    alternativeHeadline: otherTitle && otherTitle !== title ? otherTitle : undefined,
    inLanguage: lang,
    author: article.authorDetails.map((author) => {
      const affiliations = institutionsOf(article, author.institutionPositions, lang);
      return compact({
        '@type': 'Person',
        name: authorName(author, lang),
        email: author.email ?? undefined,
        identifier: author.orcid ? `https://orcid.org/${author.orcid}` : undefined,
        affiliation:
          affiliations.length > 0 ? affiliations.map((name) => ({ '@type': 'Organization', name })) : undefined,
      });
    }),
    datePublished: isoDate(article.publishedDate) || undefined,
    dateModified: isoDate(article.updatedAt) || undefined,
    abstract: plainText(pick(lang, article.abstract, article.enAbstract)) || undefined,
    keywords: keywords.length > 0 ? keywords.join(', ') : undefined,
    identifier: article.doi ? { '@type': 'PropertyValue', propertyID: 'DOI', value: article.doi } : undefined,
    sameAs: article.doi ? doiUrl(article.doi) : undefined,
    pageStart: article.firstPage !== null ? String(article.firstPage) : undefined,
    pageEnd: article.lastPage !== null ? String(article.lastPage) : undefined,
    isPartOf,
    publisher: publisher ? { '@type': 'Organization', name: publisher } : undefined,
    isAccessibleForFree: article.openAccess === 1,
    encoding: article.pdfUrl
      ? { '@type': 'MediaObject', encodingFormat: 'application/pdf', contentUrl: pdfBeside(article, origin, pageLang) }
      : undefined,
  });
}

/** schema.org Periodical for a journal page. */
export function periodicalJsonLd(
  publication: Publication,
  lang: Lang,
  url: string,
  origin: string,
  indexedIn: string[] = [],
): JsonLd {
  const name = pick(lang, publication.name, publication.enName);
  const alternate = lang === 'zh' ? publication.enName : publication.name;
  const publisher = pick(lang, publication.publisher, publication.enPublisher);
  const sponsor = pick(lang, publication.sponsor, publication.enSponsor);
  return compact({
    '@context': 'https://schema.org',
    '@type': 'Periodical',
    '@id': url,
    url,
    name,
    alternateName: alternate && alternate !== name ? alternate : undefined,
    issn: issnsOf(publication),
    publisher: publisher ? { '@type': 'Organization', name: publisher } : undefined,
    sponsor: sponsor ? { '@type': 'Organization', name: sponsor } : undefined,
    editor: pick(lang, publication.editorInChief, publication.enEditorInChief)
      ? { '@type': 'Person', name: pick(lang, publication.editorInChief, publication.enEditorInChief) }
      : undefined,
    description: plainText(pick(lang, publication.introduction, publication.enIntroduction)) || undefined,
    image: publication.coverUrl ? absoluteUrl(publication.coverUrl, origin) : undefined,
    startDate: publication.foundedYear !== null ? String(publication.foundedYear) : undefined,
    inLanguage: lang,
    additionalProperty:
      indexedIn.length > 0
        ? indexedIn.map((value) => ({ '@type': 'PropertyValue', name: 'indexedIn', value }))
        : undefined,
  });
}

/** schema.org BreadcrumbList; a crumb without a link is the current page. */
export function breadcrumbListJsonLd(crumbs: Crumb[], currentUrl: string, origin: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      item: absoluteUrl(crumb.href ?? currentUrl, origin),
    })),
  };
}

/** JSON for a <script type="application/ld+json">: '<' and line separators escaped so nothing closes the script. */
export function jsonLdText(data: JsonLd | JsonLd[]): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Drops undefined, empty strings and empty arrays so the JSON-LD stays tidy. */
function compact(data: Record<string, unknown>): JsonLd {
  const out: JsonLd = {};
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    out[key] = value;
  }
  return out;
}

/**
 * The citation line shown on the article page: GB/T 7714-2015 in Chinese, APA-like in English.
 * Both use the page language's fields, falling back to the other language.
 */
export function citationLine(article: ArticleDetail, lang: Lang): string {
  const names = article.authors.map((author) => authorName(author, lang)).filter(Boolean);
  const title = plainText(pick(lang, article.title, article.enTitle));
  const journal = pick(lang, article.publication.name, article.publication.enName);
  const year = articleYear(article);
  const pages =
    article.firstPage !== null
      ? article.lastPage !== null && article.lastPage !== article.firstPage
        ? `${article.firstPage}-${article.lastPage}`
        : String(article.firstPage)
      : '';
  if (lang === 'zh') {
    const authors = names.length > 3 ? `${names.slice(0, 3).join(', ')}, 等` : names.join(', ');
    const kind = article.status === 'formal' ? '[J]' : '[J/OL]';
    let source = journal;
    if (year !== null) source += `, ${year}`;
    if (article.volume !== null) source += `, ${article.volume}`;
    if (article.issue !== null) source += article.volume !== null ? `(${article.issue})` : `, (${article.issue})`;
    if (pages) source += `: ${pages}`;
    const parts = [authors ? `${authors}. ` : '', `${title}${kind}. `, `${source}.`];
    if (article.doi) parts.push(` DOI: ${article.doi}.`);
    return parts.join('');
  }
  const authors =
    names.length <= 1
      ? (names[0] ?? '')
      : names.length > 20
        ? `${names.slice(0, 19).join(', ')}, … ${names.at(-1)}`
        : `${names.slice(0, -1).join(', ')}, & ${names.at(-1)}`;
  let source = journal;
  if (article.volume !== null) source += `, ${article.volume}`;
  if (article.issue !== null) source += `(${article.issue})`;
  if (pages) source += `, ${pages.replace('-', '–')}`;
  const parts = [
    authors ? `${authors} ` : '',
    `(${year ?? 'n.d.'}). `,
    `${title.replace(/[.?!]$/, '')}. `,
    `${source}.`,
  ];
  if (article.doi) parts.push(` ${doiUrl(article.doi)}`);
  return parts.join('');
}
