import type { Lang } from '../lib/lang.ts';
import { account as enAccount } from './en/account.ts';
import { api as enApi } from './en/api.ts';
import { client as enClient } from './en/client.ts';
import { common as enCommon } from './en/common.ts';
import { console as enConsole } from './en/console.ts';
import { consoleAdmin as enConsoleAdmin } from './en/console-admin.ts';
import { consoleContent as enConsoleContent } from './en/console-content.ts';
import { importProblems as enImportProblems } from './en/import-problems.ts';
import { mail as enMail } from './en/mail.ts';
import { menuEditor as enMenuEditor } from './en/menuEditor.ts';
import { menus as enMenus } from './en/menus.ts';
import { oai as enOai } from './en/oai.ts';
import { pages as enPages } from './en/pages.ts';
import { rss as enRss } from './en/rss.ts';
import { search as enSearch } from './en/search.ts';
import { server as enServer } from './en/server.ts';
import { shell as enShell } from './en/shell.ts';
import { subscribe as enSubscribe } from './en/subscribe.ts';
import { account as zhAccount } from './zh/account.ts';
import { api as zhApi } from './zh/api.ts';
import { client as zhClient } from './zh/client.ts';
import { common as zhCommon } from './zh/common.ts';
import { console as zhConsole } from './zh/console.ts';
import { consoleAdmin as zhConsoleAdmin } from './zh/console-admin.ts';
import { consoleContent as zhConsoleContent } from './zh/console-content.ts';
import { importProblems as zhImportProblems } from './zh/import-problems.ts';
import { mail as zhMail } from './zh/mail.ts';
import { menuEditor as zhMenuEditor } from './zh/menuEditor.ts';
import { menus as zhMenus } from './zh/menus.ts';
import { oai as zhOai } from './zh/oai.ts';
import { pages as zhPages } from './zh/pages.ts';
import { rss as zhRss } from './zh/rss.ts';
import { search as zhSearch } from './zh/search.ts';
import { server as zhServer } from './zh/server.ts';
import { shell as zhShell } from './zh/shell.ts';
import { subscribe as zhSubscribe } from './zh/subscribe.ts';

/** Add an area: write src/i18n/zh/{area}.ts, its typed twin in en/, and list both here. */
export const zh = {
  common: zhCommon,
  client: zhClient,
  api: zhApi,
  server: zhServer,
  pages: zhPages,
  shell: zhShell,
  rss: zhRss,
  oai: zhOai,
  search: zhSearch,
  mail: zhMail,
  subscribe: zhSubscribe,
  account: zhAccount,
  menus: zhMenus,
  menuEditor: zhMenuEditor,

  console: zhConsole,
  consoleContent: zhConsoleContent,
  importProblems: zhImportProblems,

  consoleAdmin: zhConsoleAdmin,
};
export type Dictionary = typeof zh;
export const en: Dictionary = {
  common: enCommon,
  client: enClient,
  api: enApi,
  server: enServer,
  pages: enPages,
  shell: enShell,
  rss: enRss,
  oai: enOai,
  search: enSearch,
  mail: enMail,
  subscribe: enSubscribe,
  account: enAccount,
  menus: enMenus,
  menuEditor: enMenuEditor,

  console: enConsole,
  consoleContent: enConsoleContent,
  importProblems: enImportProblems,

  consoleAdmin: enConsoleAdmin,
};

const dictionaries: Record<Lang, Dictionary> = { zh, en };

export function dictionary(lang: Lang): Dictionary {
  return dictionaries[lang];
}

export { format } from './format.ts';
export { countText } from './plural.ts';
