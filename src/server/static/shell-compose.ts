/**
 * Puts a newer shell into a prebuilt page without rendering it: the page's shell parts (between
 * the marks of src/lib/shell-marks.ts) are replaced by the same parts rendered once for the site
 * and language (a template), with the page's own values put back: its language link, its current
 * menu item, and its islands' numbers (prefix) and ids (uid). Null when the page cannot be
 * composed (no marks, another shell layout, a path that would need escaping): render it instead.
 */
import type { IssueList } from '../../lib/issue-browser.ts';
import { type Lang, pathInLanguage } from '../../lib/lang.ts';
import {
  closeMark,
  openMark,
  SHELL_BOTTOM,
  SHELL_HEAD,
  SHELL_META,
  SHELL_TOP,
  type ShellRecord,
  shellRecordSchema,
} from '../../lib/shell-marks.ts';
import { type SiteMetaRecord, type SiteMetaSite, siteMetaHtml, siteMetaRecordSchema } from '../../lib/site-meta.ts';
import { uidFor, uidTail } from './island-uid.ts';
import { composeIssueList } from './issue-list-compose.ts';

/**
 * head: the theme's styles; meta: the site's values in the head's title and meta tags (each absent
 * from templates written before that part was marked)
 */
export type ShellTemplate = { record: ShellRecord; top: string; bottom: string; head?: string; meta?: SiteMetaSite };
/**
 * A site version's templates: one per language (of those built) and variant; version names the
 * shell. issueList: the journal's issues, which every table of contents lists (its browser).
 */
export type ShellTemplates = {
  version: string;
  pages: Partial<Record<Lang, { page: ShellTemplate; detail: ShellTemplate }>>;
  issueList?: IssueList;
};

type MetaRegion = { record: SiteMetaRecord; from: number; to: number };
type Regions = {
  record: ShellRecord;
  top: [number, number];
  bottom: [number, number];
  head: [number, number] | null;
  /** from its opening mark (which holds the values) to its closing mark */
  meta: MetaRegion | null;
};

/** Characters that read the same in an attribute and in the JSON of island props: no escaping to redo. */
const PLAIN_PATH = /^\/[A-Za-z0-9/_.~%-]*$/;

function between(html: string, name: string, from: number): { open: number; start: number; end: number } | null {
  const open = html.indexOf(`<!--${name}`, from);
  if (open < 0) return null;
  const start = html.indexOf('-->', open);
  const end = start < 0 ? -1 : html.indexOf(closeMark(name), start);
  return end < 0 ? null : { open, start: start + 3, end };
}

/** The page's record and where its shell parts are; null when it has none (or they are malformed). */
export function findRegions(html: string): Regions | null {
  const top = between(html, SHELL_TOP, 0);
  if (!top) return null;
  const bottom = between(html, SHELL_BOTTOM, top.end);
  if (!bottom) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(html.slice(top.open + SHELL_TOP.length + 4, top.start - 3));
  } catch {
    return null;
  }
  const record = shellRecordSchema.safeParse(parsed);
  if (!record.success) return null;
  const head = between(html, SHELL_HEAD, 0);
  return {
    record: record.data,
    top: [top.start, top.end],
    bottom: [bottom.start, bottom.end],
    head: head && head.end < top.open ? [head.start, head.end] : null,
    meta: metaRegion(html, top.open),
  };
}

/** The head's site part and its values, when the page has one before `before`. */
function metaRegion(html: string, before: number): MetaRegion | null {
  const meta = between(html, SHELL_META, 0);
  if (!meta || meta.end >= before) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(html.slice(meta.open + SHELL_META.length + 4, meta.start - 3));
  } catch {
    return null;
  }
  const record = siteMetaRecordSchema.safeParse(parsed);
  return record.success ? { record: record.data, from: meta.open, to: meta.end } : null;
}

/** The shell parts of a rendered page, as a template for the others. */
export function templateOf(html: string): ShellTemplate | null {
  const regions = findRegions(html);
  if (!regions) return null;
  return {
    record: regions.record,
    top: html.slice(...regions.top),
    bottom: html.slice(...regions.bottom),
    ...(regions.head ? { head: html.slice(...regions.head) } : {}),
    ...(regions.meta ? { meta: regions.meta.record.site } : {}),
  };
}

type Island = { start: number; openEnd: number; end: number; uid: string; prefix: string; url: string; tail: string };

const ISLAND_OPEN = /<astro-island uid="([^"]*)" prefix="([^"]*)" component-url="([^"]*)"[^>]*? props="([^"]*)"[^>]*>/g;
const CLOSE = '</astro-island>';
const END_MARK = '<!--astro:end-->';

const unescapeAttribute = (text: string) =>
  text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

function islandsOf(html: string): Island[] | null {
  const islands: Island[] = [];
  for (const match of html.matchAll(ISLAND_OPEN)) {
    const openEnd = match.index + match[0].length;
    const close = html.indexOf(CLOSE, openEnd);
    if (close < 0) return null;
    const inner = html.slice(openEnd, close);
    // islands in islands would shift each other's html: none in the shell
    if (inner.includes('<astro-island')) return null;
    const own = inner.endsWith(END_MARK) ? inner.slice(0, -END_MARK.length) : inner;
    const [, uid = '', prefix = '', url = '', props = ''] = match;
    islands.push({
      start: match.index,
      openEnd,
      end: close + CLOSE.length,
      uid,
      prefix,
      url,
      tail: uidTail(own, unescapeAttribute(props)),
    });
  }
  return islands;
}

/** The menus' lists (MainNavList.astro, SideMenuList.astro): only their links are marked current. */
const MENU_LISTS = ['<ul class="menu"', '<ul class="side-menu-list"'];

/** Where each menu list of `html` starts and ends (its closing tag included), nested lists counted. */
function menuSpans(html: string): [number, number][] {
  const spans: [number, number][] = [];
  for (const opening of MENU_LISTS) {
    for (let start = html.indexOf(opening); start >= 0; start = html.indexOf(opening, start + 1)) {
      const tags = /<ul[\s>]|<\/ul>/g;
      tags.lastIndex = start;
      let depth = 0;
      for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
        depth += tag[0] === '</ul>' ? -1 : 1;
        if (depth === 0) {
          spans.push([start, tag.index + tag[0].length]);
          break;
        }
      }
    }
  }
  return spans.sort((a, b) => a[0] - b[0]);
}

/** The menus mark the link to the page asked for (nav-entries.ts isCurrent, NavAnchor.astro's markup). */
function markCurrent(html: string, at: string): string {
  const hrefs = new Set([at, at.endsWith('/') ? at : `${at}/`]);
  let out = '';
  let done = 0;
  for (const [start, end] of menuSpans(html)) {
    if (start < done) continue;
    let list = html.slice(start, end);
    for (const href of hrefs) {
      list = list
        .replaceAll(`<a href="${href}">`, `<a href="${href}" aria-current="page">`)
        .replaceAll(`<a href="${href}" target=`, `<a href="${href}" aria-current="page" target=`);
    }
    out += html.slice(done, start) + list;
    done = end;
  }
  return out + html.slice(done);
}

/** One shell part of `page`, made from the template's with the page's values; null when they do not fit. */
function fill(template: string, from: ShellRecord, page: ShellRecord, lang: Lang, old: string): string | null {
  const other: Lang = lang === 'zh' ? 'en' : 'zh';
  let text = template.replaceAll(pathInLanguage(from.path, other), pathInLanguage(page.path, other));
  text = markCurrent(text, page.at);
  const before = islandsOf(template);
  const after = islandsOf(text);
  const previous = islandsOf(old);
  if (!before || !after || !previous || after.length !== previous.length || before.length !== after.length) return null;
  let out = '';
  let at = 0;
  for (const [i, island] of after.entries()) {
    const known = before[i];
    const mine = previous[i];
    if (!known || !mine || mine.url !== island.url) return null;
    const uid = uidFor(known.uid, known.tail, island.tail);
    if (uid === null) return null;
    const open = text
      .slice(island.start, island.openEnd)
      .replace(/^<astro-island uid="[^"]*" prefix="[^"]*"/, `<astro-island uid="${uid}" prefix="${mine.prefix}"`);
    out += text.slice(at, island.start) + open;
    at = island.openEnd;
  }
  return out + text.slice(at);
}

const langOfPath = (path: string) => /^\/(zh|en)\//.exec(path)?.[1] as Lang | undefined;

/** The page with the templates' shell, or null when it cannot be composed. */
export function composePage(html: string, templates: ShellTemplates): string | null {
  const regions = findRegions(html);
  if (Object.keys(templates.pages).length === 0) {
    // only a newer issue list: the pages have the current shell
    const lang = regions ? langOfPath(regions.record.path) : undefined;
    return lang && templates.issueList ? composeIssueList(html, lang, templates.issueList) : html;
  }
  if (!regions?.record.composable) return null;
  const { record } = regions;
  if (!PLAIN_PATH.test(record.path) || !PLAIN_PATH.test(record.at)) return null;
  const lang = langOfPath(record.path);
  if (!lang) return null;
  const template = templates.pages[lang]?.[record.detail ? 'detail' : 'page'];
  if (!template) return null;
  const top = fill(template.top, template.record, record, lang, html.slice(...regions.top));
  const bottom = fill(template.bottom, template.record, record, lang, html.slice(...regions.bottom));
  if (top === null || bottom === null) return null;
  // each part replaced in the order it comes in the page: [from, to, text]
  const parts: [number, number, string][] = [
    [regions.top[0], regions.top[1], top],
    [regions.bottom[0], regions.bottom[1], bottom],
  ];
  // the head's part is the same on every page of the site: put in as it is (a page written before
  // it was marked cannot take a newer one)
  if (template.head !== undefined) {
    if (!regions.head) return null;
    parts.push([regions.head[0], regions.head[1], template.head]);
  }
  // the site's name, keywords and logo in the title and meta tags, with the page's own values
  if (template.meta !== undefined) {
    if (!regions.meta) return null;
    const meta = { page: regions.meta.record.page, site: template.meta };
    parts.push([regions.meta.from, regions.meta.to, openMark(SHELL_META, meta) + siteMetaHtml(lang, meta)]);
  }
  parts.sort((a, b) => a[0] - b[0]);
  let page = '';
  let at = 0;
  for (const [from, to, text] of parts) {
    page += html.slice(at, from) + text;
    at = to;
  }
  page += html.slice(at);
  return templates.issueList ? composeIssueList(page, lang, templates.issueList) : page;
}
