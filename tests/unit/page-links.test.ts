/**
 * The articles a prebuilt page links, read from its HTML (its shell's parts left out), and the
 * store's rows of them: replaced per route, dropped with the page, looked up by article on every site.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeMark, openMark } from '../../src/lib/shell-marks.ts';
import { linkedArticles, linksByRoute } from '../../src/server/build/linked-articles.ts';
import { linkingRoutesOf, pagesLinking, writePageLinks } from '../../src/server/store/page-links.ts';
import { createStoreFixture, type StoreFixture } from './store-fixture.ts';

const record = { path: '/zh/article/5/', at: '/zh/article/5/', detail: true, composable: true };
const page = (body: string, shellTop = '', shellBottom = '') =>
  `<html><body>${openMark('shell-top', record)}${shellTop}${closeMark('shell-top')}<main>${body}</main>${openMark('shell-bottom')}${shellBottom}${closeMark('shell-bottom')}</body></html>`;

describe('linkedArticles', () => {
  it("finds its own site's article pages and other sites' through the site jump, itself and the shell left out", () => {
    const html = page(
      [
        '<a href="/zh/article/5/">itself</a>',
        '<a href="/zh/article/5/article-5.pdf">its PDF</a>',
        '<a href="/zh/article/12/">same author</a>',
        '<a href="/en/article/13/#refs">fund</a>',
        '<a href="/_site/cpg/zh/article/900/">cited by, on another site</a>',
        '<a href="/zh/issue/2021/4/">an issue</a>',
        '<a href="/zh/article/doi/10.1/x/">a DOI path</a>',
        '<p>/zh/article/77/ in text is no link</p>',
      ].join(''),
      '<a href="/zh/article/40/">a top news slide</a>',
      '<a href="/zh/article/41/">a footer link</a>',
    );
    expect([...linkedArticles(html, 5)].sort((a, b) => a - b)).toEqual([12, 13, 900]);
  });

  it('a page without shell marks: every link counts', () => {
    expect([...linkedArticles('<a href="/zh/article/3/">x</a>')]).toEqual([3]);
  });

  it("joins a route's languages", () => {
    const byRoute = linksByRoute(
      [
        ['/zh/article/5/', [12]],
        ['/en/article/5/', [13]],
        ['/zh/shell-template/page/', [1]],
      ],
      (path) => path.includes('shell-template'),
    );
    expect(byRoute).toEqual(new Map([['article/5/', new Set([12, 13])]]));
  });
});

describe('page links in the store', () => {
  let fixture: StoreFixture;
  beforeEach(() => {
    fixture = createStoreFixture();
  });
  afterEach(() => fixture.cleanup());

  it('looks up the pages linking an article on every site, replaced per route and dropped with the page', async () => {
    const { db } = fixture;
    await writePageLinks(
      db,
      1,
      new Map([
        ['article/5/', new Set([12, 13])],
        ['issue/2021/4/', new Set([5, 12])],
      ]),
    );
    await writePageLinks(db, 2, new Map([['article/900/', new Set([12])]]));
    expect(await pagesLinking(db, [12])).toEqual(
      new Map([
        [1, new Set(['article/5/', 'issue/2021/4/'])],
        [2, new Set(['article/900/'])],
      ]),
    );
    // article/5/ written again no longer lists 12; the table of contents is gone
    await writePageLinks(db, 1, new Map([['article/5/', new Set([13])]]), ['issue/2021/4/']);
    expect(await pagesLinking(db, [12])).toEqual(new Map([[2, new Set(['article/900/'])]]));
    expect(await pagesLinking(db, [13, 404])).toEqual(new Map([[1, new Set(['article/5/'])]]));
    expect(await linkingRoutesOf(db, 1)).toEqual(new Set(['article/5/']));
    // one site's pages only
    expect(await pagesLinking(db, [12, 13], 2)).toEqual(new Map([[2, new Set(['article/900/'])]]));
  });
});
