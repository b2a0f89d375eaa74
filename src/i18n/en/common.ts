import type { common as zh } from '../zh/common.ts';

export const common: typeof zh = {
  siteLanguageName: 'English',
  home: 'Home',
  more: 'More',
  requireKeyword: 'Please enter the search term.',
  noRecords: 'Your search found no records',
  pageNotFound: 'This page could not be found',
  pageNotFoundLong: "We're sorry, the page you requested cannot be found.",
  articleNotExist: 'Article id is not exist.',
  maintenance: 'Please understand the inconvenience caused by system maintenance.',
  websiteExpired:
    'Website Expiration Reminder! This website has expired. Please contact the administrator to renew it.',
  siteForbidden: 'This website has been disabled.',
  backHome: 'Back to home',
  errorFallback: 'Something went wrong while showing this page.',
  articleRemoved: 'Article removed',
  articleRemovedNotice: 'This article was removed on {date} for legal reasons: {reason}',
  previewInvalid: 'This preview link has expired or is not valid.',
  previewNotice: 'Preview: this article is not public yet.',
  previewNewsNotice: 'Preview: this news item is not public yet.',
  previewIssueNotice: 'Preview: this issue is not public yet.',
};
