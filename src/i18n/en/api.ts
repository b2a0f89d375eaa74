import type { api as zh } from '../zh/api.ts';

export const api: typeof zh = {
  success: 'success',
  invalidParameter: 'Invalid parameter: {field}',
  siteNotFound: 'Site not found',
  siteForbidden: 'This website has expired or is disabled',
  notFound: 'Resource not found',
  unauthorized: 'Your session has expired, please log in again',
  serverError: 'Server error, please try again later',
  tooManyRequests: 'Too many requests, please try again later',
  siteMismatch: 'This request names a different site from the one you are visiting',
  routeNotFound: 'No such API path',
  searchInvalid: '{message}',
  logoutSuccess: 'Logged out successfully',
  subscribeCodeSent: 'A verification code has been sent to your e-mail',
  subscribeConfirmSent: 'Open the e-mail we sent you and follow its link to finish subscribing',
  subscribeAlreadySubscribed: 'This address is already subscribed',
  subscribeConfirmed: 'Subscribed! You will hear of new issues and online-first articles',
  subscribeUnsubscribed: 'Unsubscribed: you will receive no more subscription mail from this site',
  subscribeBadLink: 'This link is invalid or has been used',
  subscribeBadCode: 'The verification code is wrong or has expired',
  payloadTooLarge: 'The request body is too large',
};
