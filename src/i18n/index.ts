import type { Lang } from '../lib/lang.ts';
import { api as enApi } from './en/api.ts';
import { common as enCommon } from './en/common.ts';
import { api as zhApi } from './zh/api.ts';
import { common as zhCommon } from './zh/common.ts';

/** Add an area: write src/i18n/zh/{area}.ts, its typed twin in en/, and list both here. */
export const zh = { common: zhCommon, api: zhApi };
export type Dictionary = typeof zh;
export const en: Dictionary = { common: enCommon, api: enApi };

const dictionaries: Record<Lang, Dictionary> = { zh, en };

export function dictionary(lang: Lang): Dictionary {
  return dictionaries[lang];
}

/** Fills {name} placeholders. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
