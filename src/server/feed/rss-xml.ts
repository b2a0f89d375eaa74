/**
 * Writes an RSS 2.0 document (with the Atom self link and Dublin Core creators) from plain text
 * fields. Every value is escaped here, so callers pass text, never markup.
 */

export type RssItem = {
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

export type RssChannel = {
  title: string;
  link: string;
  description: string;
  /** RFC 1766, e.g. zh-CN */
  language: string;
  selfUrl: string;
  items: RssItem[];
};

/** Whether XML 1.0 allows this code point at all (C0 controls other than tab and line ends, U+FFFE/U+FFFF are not). */
function isXmlChar(code: number): boolean {
  return (code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d) && code !== 0xfffe && code !== 0xffff;
}

/** Drops what XML forbids: a single such character would make the whole feed unreadable. */
function xmlText(text: string): string {
  let out = '';
  // lone surrogates become U+FFFD
  for (const char of text.toWellFormed()) if (isXmlChar(char.codePointAt(0) ?? 0)) out += char;
  return out;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text safe inside an element or a double-quoted attribute. */
export function escapeXml(text: string): string {
  return xmlText(text).replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** RFC 822 date-time (RSS 2.0 pubDate), in GMT. */
export function rfc822(date: Date): string {
  return date.toUTCString();
}

function element(name: string, text: string): string {
  return `<${name}>${escapeXml(text)}</${name}>`;
}

function itemXml(item: RssItem): string {
  const parts = [
    element('title', item.title),
    element('link', item.link),
    `<guid isPermaLink="${item.guidIsPermaLink}">${escapeXml(item.guid)}</guid>`,
  ];
  if (item.pubDate) parts.push(element('pubDate', rfc822(item.pubDate)));
  if (item.description) parts.push(element('description', item.description));
  for (const creator of item.creators) parts.push(element('dc:creator', creator));
  for (const category of item.categories) parts.push(element('category', category));
  return `<item>${parts.join('')}</item>`;
}

export function rssXml(channel: RssChannel): string {
  const head = [
    element('title', channel.title),
    element('link', channel.link),
    element('description', channel.description),
    element('language', channel.language),
    `<atom:link href="${escapeXml(channel.selfUrl)}" rel="self" type="application/rss+xml"/>`,
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    `<channel>${head.join('')}`,
    ...channel.items.map(itemXml),
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}
