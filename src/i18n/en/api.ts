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
};
