/** The browser's messages in the page's language: only the small client area of the dictionaries ships. */
import { client as en } from '../../i18n/en/client.ts';
import { client as zh } from '../../i18n/zh/client.ts';
import { browserLang } from './api-client.ts';

export function clientText(): typeof zh {
  return browserLang() === 'en' ? en : zh;
}
