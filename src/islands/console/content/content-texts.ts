/** The content screens' words in the console's language (only these two small dictionaries reach the browser). */
import { consoleContent as en } from '../../../i18n/en/console-content.ts';
import { consoleContent as zh } from '../../../i18n/zh/console-content.ts';
import type { Lang } from '../../../lib/lang.ts';

export type ContentTexts = typeof zh;

export const contentTexts = (lang: Lang): ContentTexts => (lang === 'zh' ? zh : en);
