import type { rss as zh } from '../zh/rss.ts';

export const rss: typeof zh = {
  issueTitle: '{journal}, {issue}',
  issueDescription: 'All articles of {journal}, {issue}',
  onlineFirstTitle: '{journal}: online first',
  onlineFirstDescription: 'The latest online-first articles of {journal}',
  newsTitle: '{site}: {column}',
  newsDescription: 'The latest items of the {column} column of {site}',
  newsColumn: 'News',
  latestTitle: '{journal}: latest articles',
  latestDescription: 'The latest published and online-first articles of {journal}',
  language: 'en',
};
