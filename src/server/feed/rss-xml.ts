/**
 * Writes an RSS 2.0 document (with the Atom self link and Dublin Core creators) from plain text
 * fields. Every value is escaped here, so callers pass text, never markup.
 */
import { element, escapeXml } from '../xml/escape.ts';
import { rfc3339 } from './atom-xml.ts';
import { type FeedChannel, type FeedItem, newestDate } from './feed.ts';

/** RFC 822 date-time (RSS 2.0 pubDate), in GMT. */
export function rfc822(date: Date): string {
  return date.toUTCString();
}

function itemXml(item: FeedItem): string {
  const parts = [
    element('title', item.title),
    element('link', item.link),
    `<guid isPermaLink="${item.guidIsPermaLink}">${escapeXml(item.guid)}</guid>`,
  ];
  if (item.pubDate) parts.push(element('pubDate', rfc822(item.pubDate)));
  // RSS 2.0 has no date of change for an item; Atom's element in its namespace is what readers know
  if (item.updated) parts.push(element('atom:updated', rfc3339(item.updated)));
  if (item.description) parts.push(element('description', item.description));
  for (const creator of item.creators) parts.push(element('dc:creator', creator));
  for (const category of item.categories) parts.push(element('category', category));
  return `<item>${parts.join('')}</item>`;
}

/** lastBuildDate: the newest publication or correction of the items. */
export function rssXml(channel: FeedChannel): string {
  const lastBuild = newestDate(channel.items);
  const head = [
    element('title', channel.title),
    element('link', channel.link),
    element('description', channel.description),
    element('language', channel.language),
    ...(lastBuild ? [element('lastBuildDate', rfc822(lastBuild))] : []),
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
