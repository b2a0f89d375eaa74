/** The settings, accounts and history screens' texts in the console's language (their own dictionary area). */
import { consoleAdmin as en } from '../../i18n/en/console-admin.ts';
import { consoleAdmin as zh } from '../../i18n/zh/console-admin.ts';
import type { Lang } from '../../lib/lang.ts';

export type AdminTexts = typeof zh;

export const adminTexts = (lang: Lang): AdminTexts => (lang === 'zh' ? zh : en);
