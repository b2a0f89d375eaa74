/**
 * Writes a validated import file in one transaction: any failure (a broken reference, a duplicate
 * DOI, a constraint) rolls everything back and names the record that caused it.
 */
import { sanitizeRich } from '../../lib/sanitize.ts';
import { createInsert, createUpdate, type Insert, type Update } from '../store/bulk/insert.ts';
import {
  articleIdByDoiNow,
  columnIdNow,
  deleteSiteRowsNow,
  editorialChannelIdNow,
  newsChannelIdNow,
  periodIdNow,
  publicationIdsByIssnNow,
  siteIdBySldNow,
} from '../store/bulk/lookups.ts';
import { reindexSitesNow } from '../store/bulk/search-index.ts';
import type { Db } from '../store/db.ts';
import { transaction } from '../store/db.ts';
import { ImportError, problemFromPath } from './errors.ts';
import type { ChannelInput, ImportFile } from './schema.ts';

export type ImportSummary = { siteId: number; created: boolean; publications: number; periods: number; articles: number; channels: number; news: number; albums: number; media: number; experts: number };

const html = (value: string | null | undefined) => (value ? sanitizeRich(value) : null);
const nullable = <T>(value: T | null | undefined): T | null => value ?? null;

/** Runs `fn` and turns any error into an ImportError naming `path`. */
function at<T>(path: (string | number)[], fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof ImportError) throw error;
    throw new ImportError([problemFromPath(path, error instanceof Error ? error.message : String(error))]);
  }
}

function fail(path: (string | number)[], problem: string): never {
  throw new ImportError([problemFromPath(path, problem)]);
}

function writeSite(db: Db, insert: Insert, update: Update, file: ImportFile, now: string): { siteId: number; created: boolean } {
  const site = file.site;
  const existing = siteIdBySldNow(db, site.sld);
  const fields = {
    domain: nullable(site.domain),
    name: site.name,
    en_name: site.enName,
    type: site.type,
    colour: site.colour,
    colour1: nullable(site.colour1),
    colour2: nullable(site.colour2),
    colour3: nullable(site.colour3),
    gray_type: site.grayType,
    keywords: nullable(site.keywords),
    en_keywords: nullable(site.enKeywords),
  };
  let siteId: number;
  if (existing === null) {
    siteId = at(['site'], () => insert('sites', { sld: site.sld, ...fields, status: 'active', created_at: now }));
  } else {
    siteId = existing;
    at(['site'], () => update('sites', siteId, fields));
  }
  const h = site.header;
  if (h) {
    at(['site', 'header'], () => {
      deleteSiteRowsNow(db, 'header_configs', siteId);
      insert('header_configs', {
        site_id: siteId,
        nav_style: h.navStyle,
        is_ceiling: h.isCeiling,
        has_login_and_register: h.hasLoginAndRegister,
        group_entrance: h.groupEntrance,
        search_box: h.searchBox,
        adv_search: h.advSearch,
        resource_search: h.resourceSearch,
        resource_type: h.resourceType,
        switch_language: h.switchLanguage,
        has_greeting: h.greeting || h.enGreeting ? 1 : 0,
        greeting: nullable(h.greeting),
        en_greeting: nullable(h.enGreeting),
        custom_buttons: JSON.stringify(
          h.customButtons.map((b) => ({ customButtonStatus: b.status, customButtonName: b.name, enCustomButtonName: b.enName ?? null, customButtonLinkValue: b.link })),
        ),
      });
    });
  }
  const f = site.footer;
  if (f) {
    at(['site', 'footer'], () => {
      deleteSiteRowsNow(db, 'footer_configs', siteId);
      insert('footer_configs', {
        site_id: siteId,
        toolbar_style: f.backgroundColor?.toLowerCase() === '#f5f5f5' ? 1 : 2,
        background_color: nullable(f.backgroundColor),
        postcode: nullable(f.postcode),
        phone: nullable(f.phone),
        email: nullable(f.email),
        fax: nullable(f.fax),
        address: nullable(f.address),
        en_address: nullable(f.enAddress),
        copyright: nullable(f.copyright),
        en_copyright: nullable(f.enCopyright),
        icp: nullable(f.icp),
        picp: nullable(f.picp),
        picp_link: nullable(f.picpLink),
        link_address: nullable(f.linkAddress),
        qr_message: nullable(f.qrMessage),
        en_qr_message: nullable(f.enQrMessage),
        ch_logo_name: site.name,
        en_logo_name: site.enName,
        show_visits: f.showVisits,
      });
    });
  }
  if (site.indexed !== undefined || site.description !== undefined || site.enDescription !== undefined) {
    at(['site', 'indexed'], () => {
      deleteSiteRowsNow(db, 'basic_infos', siteId);
      insert('basic_infos', {
        site_id: siteId,
        indexed: nullable(site.indexed),
        group_type: site.type === 'group' ? 1 : site.type === 'all' ? 2 : 0,
        description: html(site.description),
        en_description: html(site.enDescription),
      });
    });
  }
  for (const [i, tool] of site.tools?.entries() ?? []) {
at(['site', 'tools', i], () =>
      insert('tools', {
        site_id: siteId,
        type: tool.type,
        platform_type: nullable(tool.platformType),
        res_name: tool.name,
        en_res_name: tool.enName,
        cover: nullable(tool.icon),
        link_value: nullable(tool.link),
        description: nullable(tool.description),
        en_description: nullable(tool.enDescription),
        sort_order: 100 + i,
      }),
    );
}
  return { siteId, created: existing === null };
}

function writeChannels(insert: Insert, siteId: number, channels: readonly ChannelInput[], parentId: number, path: (string | number)[]): number {
  let written = 0;
  channels.forEach((channel, i) => {
    const here = [...path, i];
    const id = at(here, () =>
      insert('channels', {
        site_id: siteId,
        parent_id: parentId,
        code: channel.code,
        name: nullable(channel.name),
        en_name: nullable(channel.enName),
        enable: channel.enable,
        link_value: nullable(channel.linkValue),
        route: nullable(channel.route),
        news_data_type: nullable(channel.newsDataType),
        sort_order: 1000 + i,
        content: html(channel.content),
        en_content: html(channel.enContent),
      }),
    );
    written += 1 + writeChannels(insert, siteId, channel.children, id, [...here, 'children']);
  });
  return written;
}

export function applyImport(db: Db, file: ImportFile, now: string): ImportSummary {
  const insert = createInsert(db);
  const update = createUpdate(db);
  return transaction(db, () => {
    const { siteId, created } = writeSite(db, insert, update, file, now);
    const channels = writeChannels(insert, siteId, file.channels, 0, ['channels']);

    const publications = publicationIdsByIssnNow(db, siteId);
    file.publications.forEach((p, i) => {
      const fields = {
        name: p.name,
        en_name: p.enName,
        abbreviation: nullable(p.abbreviation),
        eissn: nullable(p.eissn),
        cn: nullable(p.cn),
        sponsor: nullable(p.sponsor),
        en_sponsor: nullable(p.enSponsor),
        publisher: nullable(p.publisher),
        en_publisher: nullable(p.enPublisher),
        editor_in_chief: nullable(p.editorInChief),
        en_editor_in_chief: nullable(p.enEditorInChief),
        frequency: nullable(p.frequency),
        en_frequency: nullable(p.enFrequency),
        founded_year: nullable(p.foundedYear),
        introduction: html(p.introduction),
        en_introduction: html(p.enIntroduction),
      };
      const existing = publications.get(p.issn);
      const id = at(['publications', i], () => {
        if (existing === undefined) return insert('publications', { site_id: siteId, issn: p.issn, ...fields, sort_order: i + 1 });
        update('publications', existing, fields);
        return existing;
      });
      publications.set(p.issn, id);
      for (const [c, column] of p.columns.entries()) {
at(['publications', i], () => {
          if (columnIdNow(db, id, column.name) === null) {
            insert('columns', { publication_id: id, name: column.name, en_name: column.enName, sort_order: c + 1 });
          }
        });
}
    });
    if (created && publications.size > 0) insert('publication_configs', { site_id: siteId, publication_id: [...publications.values()][0] ?? null });

    const publicationOf = (issn: string, path: (string | number)[]) => publications.get(issn) ?? fail([...path, 'issn'], `unknown publication ISSN ${issn} (list it under publications)`);

    file.periods.forEach((p, i) => {
      const publicationId = publicationOf(p.issn, ['periods', i]);
      at(['periods', i], () => {
        const existing = periodIdNow(db, publicationId, p.year, p.issue);
        if (existing === null) {
          const periodId = insert('periods', { site_id: siteId, publication_id: publicationId, year: p.year, volume: p.volume, issue: p.issue, publish_date: p.publishDate });
          // subscribers hear of a new issue once (src/server/subscriptions/digest.ts)
          insert('subscription_events', { site_id: siteId, kind: 'issue', ref_id: periodId, created_at: now });
        } else update('periods', existing, { volume: p.volume, publish_date: p.publishDate });
      });
    });

    const articleIds = new Map<string, number>();
    file.articles.forEach((a, i) => {
      const path = ['articles', i];
      const publicationId = publicationOf(a.issn, path);
      const periodId = a.period
        ? (periodIdNow(db, publicationId, a.period.year, a.period.issue) ??
          fail([...path, 'period'], `unknown period ${a.period.year}/${a.period.issue} of ISSN ${a.issn} (list it under periods)`))
        : null;
      const columnId = a.column
        ? (columnIdNow(db, publicationId, a.column) ?? fail([...path, 'column'], `unknown column ${a.column} of ISSN ${a.issn}`))
        : null;
      if (a.doi && (articleIds.has(a.doi.toLowerCase()) || articleIdByDoiNow(db, siteId, a.doi) !== null)) {
        fail([...path, 'doi'], `an article with DOI ${a.doi} already exists`);
      }
      const institutionCount = a.institutions.length;
      a.authors.forEach((author, n) => {
        const bad = author.institutions.find((position) => position > Math.max(1, institutionCount));
        if (bad !== undefined && institutionCount > 0) fail([...path, 'authors', n, 'institutions'], `institution ${bad} is not listed (the article has ${institutionCount})`);
      });
      const id = at(path, () =>
        insert('articles', {
          site_id: siteId,
          publication_id: publicationId,
          period_id: periodId,
          column_id: columnId,
          doi: nullable(a.doi),
          title: a.title,
          en_title: nullable(a.enTitle),
          abstract: html(a.abstract),
          en_abstract: html(a.enAbstract),
          keywords: a.keywords.join(';') || null,
          en_keywords: a.enKeywords.join(';') || null,
          language: a.language,
          first_page: nullable(a.firstPage),
          last_page: nullable(a.lastPage),
          version: a.status === 'just-accepted' ? -1 : a.version,
          status: a.status,
          open_access: a.openAccess ? 1 : 0,
          fund: nullable(a.fund),
          en_fund: nullable(a.enFund),
          received_date: nullable(a.receivedDate),
          revised_date: nullable(a.revisedDate),
          published_date: a.publishedDate,
          updated_at: now,
          sort_order: i + 1,
        }),
      );
      if (a.doi) articleIds.set(a.doi.toLowerCase(), id);
      if (a.status === 'online-first') insert('subscription_events', { site_id: siteId, kind: 'online', ref_id: id, created_at: now });
      at(path, () => {
        for (const [n, inst] of a.institutions.entries()) {
insert('institutions', { article_id: id, position: n + 1, name: inst.name, en_name: nullable(inst.enName) });
}
        for (const [n, author] of a.authors.entries()) {
insert('authors', {
            article_id: id,
            position: n + 1,
            name: author.name,
            en_name: nullable(author.enName),
            email: nullable(author.email),
            orcid: nullable(author.orcid),
            corresponding: author.corresponding ? 1 : 0,
            institution_positions: author.institutions.join(';'),
          });
}
        for (const [n, ref] of a.references.entries()) {
insert('article_references', { article_id: id, position: n + 1, text: ref.text, doi: nullable(ref.doi) });
}
        if (a.status !== 'just-accepted') insert('attachments', { article_id: id, attach_type: 'pdf' });
      });
    });

    const newsChannel = newsChannelIdNow(db, siteId);
    for (const [i, n] of file.news.entries()) {
at(['news', i], () =>
        insert('news', {
          site_id: siteId,
          channel_id: newsChannel,
          type: n.type,
          news_data_type: n.newsDataType,
          original: n.sourceLink ? 2 : 1,
          source_link: nullable(n.sourceLink),
          title: n.title,
          en_title: nullable(n.enTitle),
          summary: nullable(n.summary),
          en_summary: nullable(n.enSummary),
          content: html(n.content),
          en_content: html(n.enContent),
          is_top: n.isTop ? 1 : 0,
          published_at: n.publishedAt.length === 10 ? `${n.publishedAt}T00:00:00.000Z` : n.publishedAt,
        }),
      );
}

    /** An article of this file or of the site by DOI; `field` is the path named when there is none. */
    const articleOf = (doi: string, field: (string | number)[]) =>
      articleIds.get(doi.toLowerCase()) ?? articleIdByDoiNow(db, siteId, doi) ?? fail(field, `unknown article DOI ${doi}`);

    file.albums.forEach((album, i) => {
      const albumId = at(['albums', i], () =>
        insert('albums', { site_id: siteId, name: album.name, en_name: nullable(album.enName), description: html(album.description), en_description: html(album.enDescription), sort_order: i + 1 }),
      );
      album.items.forEach((item, n) => {
        const path = ['albums', i, 'items', n];
        const resourceId = item.type === 'article' ? articleOf(item.doi, [...path, 'doi']) : publicationOf(item.issn, path);
        at(['albums', i], () => insert('album_items', { album_id: albumId, resource_type: item.type, resource_id: resourceId, position: n + 1 }));
      });
    });

    file.media.forEach((m, i) => {
      const path = ['media', i];
      const articleId = m.articleDoi ? articleOf(m.articleDoi, [...path, 'articleDoi']) : null;
      at(path, () =>
        insert('media', {
          site_id: siteId,
          article_id: articleId,
          kind: m.kind,
          title: m.title,
          en_title: nullable(m.enTitle),
          description: html(m.description),
          en_description: html(m.enDescription),
          url: nullable(m.url),
          duration: nullable(m.duration),
          published_date: m.publishedDate,
        }),
      );
    });

    const editorialChannel = editorialChannelIdNow(db, siteId);
    let experts = 0;
    file.editorialBoards.forEach((board, i) => {
      const publicationId = board.issn ? publicationOf(board.issn, ['editorialBoards', i]) : null;
      const topicId = at(['editorialBoards', i], () => insert('editorial_topics', { site_id: siteId, channel_id: editorialChannel, publication_id: publicationId, name: board.name, en_name: board.enName }));
      board.experts.forEach((e, n) => {
        experts++;
        at(['editorialBoards', i], () =>
          insert('experts', {
            site_id: siteId,
            topic_id: topicId,
            name: e.name,
            en_name: nullable(e.enName),
            role: nullable(e.role),
            en_role: nullable(e.enRole),
            institution: nullable(e.institution),
            en_institution: nullable(e.enInstitution),
            introduction: html(e.introduction),
            en_introduction: html(e.enIntroduction),
            sort_order: n + 1,
          }),
        );
      });
    });

    reindexSitesNow(db, [siteId]);
    return { siteId, created, publications: file.publications.length, periods: file.periods.length, articles: file.articles.length, channels, news: file.news.length, albums: file.albums.length, media: file.media.length, experts };
  });
}
