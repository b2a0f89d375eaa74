/** A feed as plain text fields with absolute links, written out by rss-xml.ts or atom-xml.ts. */

export type FeedItem = {
  title: string;
  link: string;
  /** a DOI URL, else the article URL */
  guid: string;
  /** whether guid is a URL a browser opens to the item (RSS 2.0 guid@isPermaLink) */
  guidIsPermaLink: boolean;
  pubDate: Date | null;
  description: string;
  creators: string[];
  categories: string[];
};

export type FeedChannel = {
  title: string;
  link: string;
  description: string;
  /** RFC 1766, e.g. zh-CN */
  language: string;
  /** the feed's own absolute URL */
  selfUrl: string;
  items: FeedItem[];
};
