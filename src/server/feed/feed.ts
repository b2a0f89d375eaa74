/** A feed as plain text fields with absolute links, written out by rss-xml.ts or atom-xml.ts. */
import { inBatches } from '../../lib/in-batches.ts';

export type FeedItem = {
  title: string;
  link: string;
  /** a DOI URL, else the article URL */
  guid: string;
  /** whether guid is a URL a browser opens to the item (RSS 2.0 guid@isPermaLink) */
  guidIsPermaLink: boolean;
  pubDate: Date | null;
  /** when a reader was last told of a correction (docs/product-rules.md#feeds-and-oai-pmh); null when never */
  updated: Date | null;
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

/** An item's date in the feed: its correction, else its publication. */
export function lastDate(item: FeedItem): Date | null {
  return item.updated ?? item.pubDate;
}

/** The newest date of the feed's items, null when none has one. */
export function newestDate(items: readonly FeedItem[]): Date | null {
  const dates = items.flatMap((item) => {
    const date = lastDate(item);
    return date ? [date.getTime()] : [];
  });
  return dates.length > 0 ? new Date(Math.max(...dates)) : null;
}

/** Details are read a few at a time: an RcPubSource makes one HTTP call each. */
const DETAIL_CONCURRENCY = 8;

/** Each item's detail, in the items' order (null for one gone since its list was read). */
export async function detailsOf<T, D>(
  items: readonly T[],
  read: (item: T) => Promise<D | null>,
): Promise<(D | null)[]> {
  return inBatches(items, DETAIL_CONCURRENCY, read);
}

/** The date of the newest correction a reader is told of, null when none. */
export function correctedDate(corrections: readonly { date: string }[]): Date | null {
  const newest = corrections[0]?.date;
  const date = newest ? new Date(newest) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}
