import type { rss as zh } from '../zh/rss.ts';

export const rss: typeof zh = {
  issueTitle: '{journal}, {issue}',
  issueDescription: 'All articles of {journal}, {issue}',
  latestTitle: '{journal}: latest articles',
  latestDescription: 'The latest published and online-first articles of {journal}',
  language: 'en',
};
