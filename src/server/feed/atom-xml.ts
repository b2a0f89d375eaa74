/**
 * Writes an Atom 1.0 (RFC 4287) document from the same feed description as the RSS writer.
 * Every value is escaped here, so callers pass text, never markup.
 */
import { element, escapeXml } from '../xml/escape.ts';
import { type FeedChannel, type FeedItem, lastDate, newestDate } from './feed.ts';

/** RFC 3339 in UTC, without milliseconds */
export function rfc3339(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function link(href: string, rel: string, type?: string): string {
  return `<link rel="${rel}" href="${escapeXml(href)}"${type ? ` type="${escapeXml(type)}"` : ''}/>`;
}

function entryXml(item: FeedItem, fallbackUpdated: Date): string {
  const updated = lastDate(item) ?? fallbackUpdated;
  const parts = [
    element('id', item.guid),
    element('title', item.title),
    link(item.link, 'alternate', 'text/html'),
    element('updated', rfc3339(updated)),
  ];
  if (item.pubDate) parts.push(element('published', rfc3339(item.pubDate)));
  for (const creator of item.creators) parts.push(`<author>${element('name', creator)}</author>`);
  for (const category of item.categories) parts.push(`<category term="${escapeXml(category)}"/>`);
  if (item.description) parts.push(`<summary type="text">${escapeXml(item.description)}</summary>`);
  return `<entry>${parts.join('')}</entry>`;
}

/**
 * An entry's updated time is its correction's, else its publication's; the feed's is the newest
 * of them. now: stands in for the feed's updated time when no item has a date; an entry without a
 * date takes the feed's. The feed's own author is its title (the journal), which RFC 4287 requires
 * for entries without authors.
 */
export function atomXml(channel: FeedChannel, now: Date): string {
  const updated = newestDate(channel.items) ?? now;
  const head = [
    element('id', channel.selfUrl),
    element('title', channel.title),
    `<subtitle type="text">${escapeXml(channel.description)}</subtitle>`,
    link(channel.selfUrl, 'self', 'application/atom+xml'),
    link(channel.link, 'alternate', 'text/html'),
    element('updated', rfc3339(updated)),
    `<author>${element('name', channel.title)}</author>`,
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeXml(channel.language)}">${head.join('')}`,
    ...channel.items.map((item) => entryXml(item, updated)),
    '</feed>',
    '',
  ].join('\n');
}
