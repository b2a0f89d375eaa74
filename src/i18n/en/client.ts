import type { client as zh } from '../zh/client.ts';

export const client: typeof zh = {
  getDataErrorMessage: 'Data acquisition failed',
  offline: 'You are offline. Please check your network connection.',
  online: 'You are back online.',
  loading: 'Loading',
  notifications: 'Notifications',
  dismiss: 'Dismiss message',
};
