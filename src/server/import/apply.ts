/**
 * Merges a checked import file (src/server/import/check.ts) in one transaction. Every record is an
 * upsert by its natural key: a field the file names is set (null clears it), a field it does not
 * name is left as it is, and a row whose fields already hold the file's values is not written, so
 * importing the same file twice changes nothing the second time. Any failure rolls everything back.
 */
import { basename } from 'node:path';
import { sanitizeRich } from '../../lib/sanitize.ts';
import { storeFileOnceNow } from '../store/bulk/files.ts';
import { childCountNow, type FieldChanges, recordDoiChangeNow, recordVersionNow, type VersionEntity } from '../store/bulk/corrections.ts';
import { type ColumnChange, createInsert, createMerge, createMergeDiff, createReplaceChildren, type Insert, type Merge, type RowValues } from '../store/bulk/insert.ts';
import type { ChangeAction, ChangeKind, ContentChange } from '../store/changes.ts';
import { recordChangesNow } from '../store/bulk/changes.ts';
import {
  albumIdNow,
  articleIdByDoiNow,
  articleIdByTitleNow,
  articlePeriodIdNow,
  authorNamesNow,
  channelIdNow,
  columnIdNow,
  editorialChannelIdNow,
  editorialTopicIdNow,
  expertIdNow,
  importedArticleNow,
  mediaIdNow,
  newsChannelIdNow,
  newsIdByKeyNow,
  newsIdNow,
  periodIdNow,
  periodPublishAtNow,
  publicationIdsByIssnNow,
  siteIdBySldNow,
  siteRowExistsNow,
  toolIdNow,
} from '../store/bulk/lookups.ts';
import { reindexSitesNow } from '../store/bulk/search-index.ts';
import type { Db } from '../store/db.ts';
import { transaction } from '../store/db.ts';
import { storedPublishAt } from '../store/visibility.ts';
import { ImportError, problemFromPath } from './errors.ts';
import { checkFile } from './file-check.ts';
import type { ImportFiles } from './files.ts';
import type { ChannelInput, ImportFile } from './schema.ts';

export type ImportSummary = {
  siteId: number;
  created: boolean;
  publications: number;
  periods: number;
  articles: number;
  channels: number;
  news: number;
  albums: number;
  media: number;
  experts: number;
  /** publisher's files stored (a file already stored for the site is not stored again) */
  files: number;
  /** records the import created, and existing records it changed */
  added: number;
  updated: number;
};

/** undefined (not named) stays undefined; null or empty clears; HTML is sanitized. */
const html = (value: string | null | undefined) => (value === undefined ? undefined : value ? sanitizeRich(value) : null);
const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);

/** The row to insert: the file's fields, and the defaults of those it does not name. */
function filled(fields: RowValues, defaults: RowValues): RowValues {
  const out: RowValues = { ...fields };
  for (const [key, value] of Object.entries(defaults)) if (out[key] === undefined) out[key] = value;
  return out;
}

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

type Writer = {
  db: Db;
  insert: Insert;
  merge: Merge;
  tally: { added: number; updated: number };
  /** Inserts `defaults` + `fields` when `id` is null, else merges `fields`; returns the row's id and what the merge changed. */
  upsert: (table: string, id: number | null, fields: RowValues, defaults: RowValues) => { id: number; changed: boolean; changes: ColumnChange[] };
  /** The same for the one-row-per-site tables. */
  upsertSiteRow: (table: 'header_configs' | 'footer_configs' | 'basic_infos', siteId: number, fields: RowValues, defaults: RowValues) => void;
};

function createWriter(db: Db): Writer {
  const insert = createInsert(db);
  const merge = createMerge(db);
  const mergeDiff = createMergeDiff(db);
  const tally = { added: 0, updated: 0 };
  return {
    db,
    insert,
    merge,
    tally,
    upsert: (table, id, fields, defaults) => {
      if (id === null) {
        tally.added++;
        return { id: insert(table, filled(fields, defaults)), changed: true, changes: [] };
      }
      const changes = mergeDiff(table, 'id', id, fields);
      if (changes.length > 0) tally.updated++;
      return { id, changed: changes.length > 0, changes };
    },
    upsertSiteRow: (table, siteId, fields, defaults) => {
      if (!siteRowExistsNow(db, table, siteId)) {
        tally.added++;
        insert(table, filled({ site_id: siteId, ...fields }, defaults));
      } else if (merge(table, 'site_id', siteId, fields)) tally.updated++;
    },
  };
}

function writeSite(w: Writer, file: ImportFile, now: string): { siteId: number; created: boolean } {
  const site = file.site;
  const existing = siteIdBySldNow(w.db, site.sld);
  const fields = {
    domain: site.domain,
    name: site.name,
    en_name: site.enName,
    type: site.type,
    colour: site.colour,
    colour1: site.colour1,
    colour2: site.colour2,
    colour3: site.colour3,
    gray_type: site.grayType,
    keywords: site.keywords,
    en_keywords: site.enKeywords,
  };
  const { id: siteId } = at(['site'], () =>
    w.upsert('sites', existing, fields, { sld: site.sld, type: 'single', colour: 1, gray_type: 0, status: 'active', created_at: now }),
  );
  const h = site.header;
  if (h) {
    at(['site', 'header'], () =>
      w.upsertSiteRow(
        'header_configs',
        siteId,
        {
          nav_style: h.navStyle,
          is_ceiling: h.isCeiling,
          has_login_and_register: h.hasLoginAndRegister,
          group_entrance: h.groupEntrance,
          search_box: h.searchBox,
          adv_search: h.advSearch,
          resource_search: h.resourceSearch,
          resource_type: h.resourceType,
          switch_language: h.switchLanguage,
          has_greeting: h.greeting || h.enGreeting ? 1 : h.greeting !== undefined && h.enGreeting !== undefined ? 0 : undefined,
          greeting: h.greeting,
          en_greeting: h.enGreeting,
          custom_buttons:
            h.customButtons === undefined
              ? undefined
              : JSON.stringify(h.customButtons.map((b) => ({ customButtonStatus: b.status, customButtonName: b.name, enCustomButtonName: b.enName ?? null, customButtonLinkValue: b.link }))),
        },
        { nav_style: 1, is_ceiling: 0, has_login_and_register: 1, group_entrance: 0, search_box: 1, adv_search: 1, resource_search: 1, switch_language: 1, has_greeting: 0, custom_buttons: '[]' },
      ),
    );
  }
  const f = site.footer;
  if (f) {
    at(['site', 'footer'], () =>
      w.upsertSiteRow(
        'footer_configs',
        siteId,
        {
          toolbar_style: f.backgroundColor === undefined ? undefined : f.backgroundColor?.toLowerCase() === '#f5f5f5' ? 1 : 2,
          background_color: f.backgroundColor,
          postcode: f.postcode,
          phone: f.phone,
          email: f.email,
          fax: f.fax,
          address: f.address,
          en_address: f.enAddress,
          copyright: f.copyright,
          en_copyright: f.enCopyright,
          icp: f.icp,
          picp: f.picp,
          picp_link: f.picpLink,
          link_address: f.linkAddress,
          qr_message: f.qrMessage,
          en_qr_message: f.enQrMessage,
          ch_logo_name: site.name,
          en_logo_name: site.enName,
          show_visits: f.showVisits,
        },
        { toolbar_style: 2, show_visits: 0 },
      ),
    );
  }
  const groupType = site.type === undefined ? undefined : site.type === 'group' ? 1 : site.type === 'all' ? 2 : 0;
  if (site.indexed !== undefined || site.description !== undefined || site.enDescription !== undefined || (groupType !== undefined && siteRowExistsNow(w.db, 'basic_infos', siteId))) {
    at(['site', 'indexed'], () =>
      w.upsertSiteRow('basic_infos', siteId, { indexed: site.indexed, group_type: groupType, description: html(site.description), en_description: html(site.enDescription) }, { group_type: 0 }),
    );
  }
  for (const [i, tool] of site.tools?.entries() ?? []) {
    at(['site', 'tools', i], () =>
      w.upsert(
        'tools',
        toolIdNow(w.db, siteId, tool.type, tool.name),
        {
          type: tool.type,
          platform_type: tool.platformType,
          res_name: tool.name,
          en_res_name: tool.enName,
          cover: tool.icon,
          link_value: tool.link,
          description: tool.description,
          en_description: tool.enDescription,
        },
        { site_id: siteId, sort_order: 100 + i },
      ),
    );
  }
  return { siteId, created: existing === null };
}

function writeChannels(w: Writer, siteId: number, channels: readonly ChannelInput[], parentId: number, path: (string | number)[]): number {
  let written = 0;
  channels.forEach((channel, i) => {
    const here = [...path, i];
    const { id } = at(here, () =>
      w.upsert(
        'channels',
        channelIdNow(w.db, siteId, parentId, channel.code),
        {
          name: channel.name,
          en_name: channel.enName,
          enable: channel.enable,
          link_value: channel.linkValue,
          route: channel.route,
          news_data_type: channel.newsDataType,
          content: html(channel.content),
          en_content: html(channel.enContent),
        },
        { site_id: siteId, parent_id: parentId, code: channel.code, enable: '1', sort_order: 1000 + i },
      ),
    );
    written += 1 + writeChannels(w, siteId, channel.children, id, [...here, 'children']);
  });
  return written;
}

/** The changes of a merge as the version row keeps them: named as the import file names them. */
const fieldChanges = (changes: ColumnChange[]): FieldChanges =>
  Object.fromEntries(changes.map((c) => [c.column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()), { old: c.old, new: c.new }]));

/**
 * `by` names who made the changes in their versions: the imported file's name. `origin` names the
 * process in the change log: every record the import adds or changes is recorded there in the same
 * transaction, so the running server re-renders its pages.
 */
export function applyImport(db: Db, file: ImportFile, now: string, files: ImportFiles | null = null, by = 'import', origin = 'import'): ImportSummary {
  const w = createWriter(db);
  const replaceChildren = createReplaceChildren(db, w.insert);
  return transaction(db, () => {
    const changes: ContentChange[] = [];
    const touched = () => w.tally.added + w.tally.updated;
    let siteId = 0;
    const note = (kind: ChangeKind, action: ChangeAction, id?: number) => {
      changes.push({ siteId, kind, action, ids: id === undefined ? [] : [id] });
    };
    const upserted = <T extends { id: number; changed: boolean }>(kind: ChangeKind, existing: number | null, result: T): T => {
      if (existing === null) note(kind, 'added', result.id);
      else if (result.changed) note(kind, 'updated', result.id);
      return result;
    };
    let before = touched();
    const written = writeSite(w, file, now);
    siteId = written.siteId;
    const { created } = written;
    if (touched() > before) note('settings', created ? 'added' : 'updated');
    before = touched();
    let storedFiles = 0;
    /** Stores a named file (read one at a time, so memory holds one file) and gives its id. */
    const fileId = (path: (string | number)[], name: string, role: 'pdf' | 'supplementary') => {
      const checked = checkFile(files, name, role);
      if ('problem' in checked) fail(path, checked.problem);
      const stored = storeFileOnceNow(db, { siteId, name: basename(name), contentType: checked.contentType, bytes: checked.read(), createdAt: now });
      if (stored.added) storedFiles++;
      return stored.id;
    };
    const keepVersion = (entity: VersionEntity, id: number, changes: FieldChanges) => {
      if (Object.keys(changes).length > 0) recordVersionNow(db, siteId, entity, id, changes, now, by);
    };
    const channels = writeChannels(w, siteId, file.channels, 0, ['channels']);
    if (touched() > before) note('menu', 'updated');
    before = touched();

    const publications = publicationIdsByIssnNow(db, siteId);
    file.publications.forEach((p, i) => {
      const fields = {
        name: p.name,
        en_name: p.enName,
        abbreviation: p.abbreviation,
        eissn: p.eissn,
        cn: p.cn,
        sponsor: p.sponsor,
        en_sponsor: p.enSponsor,
        publisher: p.publisher,
        en_publisher: p.enPublisher,
        editor_in_chief: p.editorInChief,
        en_editor_in_chief: p.enEditorInChief,
        frequency: p.frequency,
        en_frequency: p.enFrequency,
        founded_year: p.foundedYear,
        introduction: html(p.introduction),
        en_introduction: html(p.enIntroduction),
      };
      const { id } = at(['publications', i], () => w.upsert('publications', publications.get(p.issn) ?? null, fields, { site_id: siteId, issn: p.issn, sort_order: i + 1 }));
      publications.set(p.issn, id);
      for (const [c, column] of p.columns.entries()) {
        at(['publications', i, 'columns', c], () => w.upsert('columns', columnIdNow(db, id, column.name), { en_name: column.enName }, { publication_id: id, name: column.name, sort_order: c + 1 }));
      }
    });
    if (created && publications.size > 0) w.insert('publication_configs', { site_id: siteId, publication_id: [...publications.values()][0] ?? null });
    if (touched() > before) note('publication', 'updated');

    const publicationOf = (issn: string, path: (string | number)[]) => publications.get(issn) ?? fail([...path, 'issn'], `unknown publication ISSN ${issn} (list it under publications)`);

    const periodPublishAt = new Map<number, string>();
    file.periods.forEach((p, i) => {
      const publicationId = publicationOf(p.issn, ['periods', i]);
      at(['periods', i], () => {
        const existing = periodIdNow(db, publicationId, p.year, p.issue);
        const given = p.publishAt ?? p.publishDate;
        const fields = { volume: p.volume, publish_date: p.publishDate, publish_at: given === undefined ? undefined : storedPublishAt(given) };
        const { id, changes } = upserted('issue', existing, w.upsert('periods', existing, fields, { site_id: siteId, publication_id: publicationId, year: p.year, issue: p.issue }));
        keepVersion('period', id, fieldChanges(changes));
        if (fields.publish_at !== undefined) periodPublishAt.set(id, fields.publish_at);
        // subscribers hear of a new issue once (src/server/subscriptions/digest.ts), never of a corrected one;
        // a scheduled one's digest waits until it is visible (claimSubscriptionEvents)
        if (existing === null) w.insert('subscription_events', { site_id: siteId, kind: 'issue', ref_id: id, created_at: now });
      });
    });

    file.articles.forEach((a, i) => {
      const path = ['articles', i];
      const stored = importedArticleNow(db, siteId, a.doi, a.previousDoi);
      const publicationId = publicationOf(a.issn ?? stored?.issn ?? fail([...path, 'issn'], 'Required'), path);
      const periodId = a.period
        ? (periodIdNow(db, publicationId, a.period.year, a.period.issue) ??
          fail([...path, 'period'], `unknown period ${a.period.year}/${a.period.issue} of ISSN ${a.issn} (list it under periods)`))
        : a.period;
      const columnId = a.column ? (columnIdNow(db, publicationId, a.column) ?? fail([...path, 'column'], `unknown column ${a.column} of ISSN ${a.issn}`)) : a.column;
      const existing = stored?.id ?? (a.doi || a.previousDoi ? null : articleIdByTitleNow(db, publicationId, periodId ?? null, a.title ?? fail([...path, 'title'], 'Required')));
      // an article of a scheduled issue appears with its issue, never before it; an update naming
      // neither date keeps the stored time
      const givenPublishAt = a.publishAt ?? a.publishedDate;
      const ownPublishAt = givenPublishAt === undefined ? undefined : storedPublishAt(givenPublishAt);
      const issuePublishAt = periodId ? (periodPublishAt.get(periodId) ?? periodPublishAtNow(db, periodId)) : null;
      const publishAt = ownPublishAt !== undefined && issuePublishAt !== null && issuePublishAt > ownPublishAt ? issuePublishAt : ownPublishAt;
      // OAI-PMH datestamp: a harvester must see a scheduled article as new when it appears
      const stamp = publishAt !== undefined && publishAt > now ? publishAt : now;
      const fields = {
        publication_id: publicationId,
        period_id: periodId,
        column_id: columnId,
        doi: a.doi,
        title: a.title,
        en_title: a.enTitle,
        abstract: html(a.abstract),
        en_abstract: html(a.enAbstract),
        keywords: a.keywords === undefined ? undefined : a.keywords.join(';') || null,
        en_keywords: a.enKeywords === undefined ? undefined : a.enKeywords.join(';') || null,
        language: a.language,
        first_page: a.firstPage,
        last_page: a.lastPage,
        version: a.status === 'just-accepted' ? -1 : a.version,
        status: a.status,
        open_access: flag(a.openAccess),
        fund: a.fund,
        en_fund: a.enFund,
        received_date: a.receivedDate,
        revised_date: a.revisedDate,
        published_date: a.publishedDate,
        pdf_file_id: a.pdf ? fileId([...path, 'pdf'], a.pdf, 'pdf') : a.pdf,
        // the notice is named as a whole: a notice without noticeDoi clears the stored one
        notice_kind: a.notice === undefined ? undefined : (a.notice?.kind ?? null),
        notice_date: a.notice === undefined ? undefined : (a.notice?.date ?? null),
        notice_reason: a.notice === undefined ? undefined : (a.notice?.reason ?? null),
        notice_doi: a.notice === undefined ? undefined : (a.notice?.noticeDoi ?? null),
        publish_at: publishAt,
        removed_at: a.removed === undefined ? undefined : a.removed && storedPublishAt(a.removed.date),
        removed_reason: a.removed === undefined ? undefined : (a.removed?.reason ?? null),
      };
      const supplements = a.supplementary?.map((s, n) => ({
        position: n + 1,
        file_id: fileId([...path, 'supplementary', n, 'file'], s.file, 'supplementary'),
        file_name: basename(s.file),
        label: s.label ?? null,
        en_label: s.enLabel ?? null,
      }));
      at(path, () => {
        // an article moved to another issue leaves its old issue's table of contents changed too
        const periodBefore = existing === null ? null : articlePeriodIdNow(db, existing);
        const { id, changed, changes } = w.upsert('articles', existing, fields, {
          site_id: siteId,
          language: 'zh',
          version: 0,
          status: 'formal',
          open_access: 1,
          updated_at: stamp,
          sort_order: i + 1,
        });
        if (existing === null && a.status === 'online-first') w.insert('subscription_events', { site_id: siteId, kind: 'online', ref_id: id, created_at: now });
        const versionChanges = fieldChanges(changes);
        const oldDoi = changes.find((c) => c.column === 'doi')?.old;
        if (typeof oldDoi === 'string' && oldDoi) recordDoiChangeNow(db, siteId, id, oldDoi, a.doi ?? null, now);
        const authorsBefore = existing === null ? '' : authorNamesNow(db, id);
        const countsBefore = { institutions: existing === null ? 0 : childCountNow(db, 'institutions', id), references: existing === null ? 0 : childCountNow(db, 'article_references', id) };
        let childrenChanged = false;
        if (a.authors && replaceChildren(
          'authors',
          'article_id',
          id,
          a.authors.map((author, n) => ({
            position: n + 1,
            name: author.name,
            en_name: author.enName ?? null,
            email: author.email ?? null,
            orcid: author.orcid ?? null,
            corresponding: author.corresponding ? 1 : 0,
            institution_positions: author.institutions.join(';'),
          })),
        )) {
          childrenChanged = true;
          versionChanges['authors'] = { old: authorsBefore, new: authorNamesNow(db, id) };
        }
        if (a.institutions && replaceChildren('institutions', 'article_id', id, a.institutions.map((inst, n) => ({ position: n + 1, name: inst.name, en_name: inst.enName ?? null })))) {
          childrenChanged = true;
          versionChanges['institutions'] = { old: countsBefore.institutions, new: a.institutions.length };
        }
        if (a.references && replaceChildren('article_references', 'article_id', id, a.references.map((ref, n) => ({ position: n + 1, text: ref.text, doi: ref.doi ?? null })))) {
          childrenChanged = true;
          versionChanges['references'] = { old: countsBefore.references, new: a.references.length };
        }
        if (supplements) childrenChanged = replaceChildren('article_supplements', 'article_id', id, supplements) || childrenChanged;
        if (existing === null) {
          if (a.status !== 'just-accepted') w.insert('attachments', { article_id: id, attach_type: 'pdf' });
        } else if (changed || childrenChanged) {
          if (!changed) w.tally.updated++;
          // the OAI-PMH datestamp and the feeds' dates follow updated_at
          w.merge('articles', 'id', id, { updated_at: stamp });
          keepVersion('article', id, versionChanges);
        }
        if (existing === null) note('article', 'added', id);
        else if (changed || childrenChanged) {
          note('article', 'updated', id);
          if (periodBefore !== null && periodId !== undefined && periodBefore !== periodId) note('issue', 'updated', periodBefore);
        }
      });
    });

    const newsChannel = newsChannelIdNow(db, siteId);
    for (const [i, n] of file.news.entries()) {
      const publishedAt = n.publishedAt === undefined || n.publishedAt.length !== 10 ? n.publishedAt : `${n.publishedAt}T00:00:00.000Z`;
      const existing =
        n.title !== undefined && publishedAt !== undefined
          ? newsIdNow(db, siteId, n.key, n.title, publishedAt)
          : n.key !== undefined
            ? newsIdByKeyNow(db, siteId, n.key)
            : null;
      at(['news', i], () => {
        const { id, changes } = upserted('news', existing, w.upsert(
          'news',
          existing,
          {
            import_key: n.key,
            type: n.type,
            news_data_type: n.newsDataType,
            original: n.sourceLink === undefined ? undefined : n.sourceLink ? 2 : 1,
            source_link: n.sourceLink,
            title: n.title,
            en_title: n.enTitle,
            summary: n.summary,
            en_summary: n.enSummary,
            content: html(n.content),
            en_content: html(n.enContent),
            is_top: flag(n.isTop),
            published_at: publishedAt,
            publish_at: n.publishedAt === undefined ? undefined : storedPublishAt(n.publishedAt),
          },
          { site_id: siteId, channel_id: newsChannel, news_data_type: 'news', original: 1, is_top: 0 },
        ));
        keepVersion('news', id, fieldChanges(changes));
      });
    }

    /** An article of the site (this file's are written by now) by DOI. */
    const articleOf = (doi: string, field: (string | number)[]) => articleIdByDoiNow(db, siteId, doi) ?? fail(field, `unknown article DOI ${doi}`);

    file.albums.forEach((album, i) => {
      const existing = albumIdNow(db, siteId, album.key, album.name);
      const { id: albumId, changed } = at(['albums', i], () =>
        w.upsert(
          'albums',
          existing,
          { import_key: album.key, name: album.name, en_name: album.enName, description: html(album.description), en_description: html(album.enDescription) },
          { site_id: siteId, sort_order: i + 1 },
        ),
      );
      if (album.items === undefined) {
        if (existing === null) note('album', 'added', albumId);
        else if (changed) note('album', 'updated', albumId);
        return;
      }
      const rows = album.items.map((item, n) => {
        const path = ['albums', i, 'items', n];
        const resourceId = item.type === 'article' ? articleOf(item.doi, [...path, 'doi']) : publicationOf(item.issn, path);
        return { position: n + 1, resource_type: item.type, resource_id: resourceId };
      });
      // a new or already counted album is one record, whatever its items
      const itemsChanged = at(['albums', i, 'items'], () => replaceChildren('album_items', 'album_id', albumId, rows));
      if (itemsChanged && !changed) w.tally.updated++;
      if (existing === null) note('album', 'added', albumId);
      else if (changed || itemsChanged) note('album', 'updated', albumId);
    });

    file.media.forEach((m, i) => {
      const path = ['media', i];
      const articleId = m.articleDoi ? articleOf(m.articleDoi, [...path, 'articleDoi']) : m.articleDoi;
      const existing = mediaIdNow(db, siteId, m.key, m.kind, m.title);
      const { changed } = at(path, () =>
        upserted('media', existing, w.upsert(
          'media',
          existing,
          {
            import_key: m.key,
            article_id: articleId,
            kind: m.kind,
            title: m.title,
            en_title: m.enTitle,
            description: html(m.description),
            en_description: html(m.enDescription),
            url: m.url,
            duration: m.duration,
            published_date: m.publishedDate,
          },
          { site_id: siteId },
        )),
      );
      // an article's page lists its media
      if (typeof articleId === 'number' && (changed || existing === null)) note('article', 'updated', articleId);
    });

    const editorialChannel = editorialChannelIdNow(db, siteId);
    let experts = 0;
    before = touched();
    file.editorialBoards.forEach((board, i) => {
      const publicationId = board.issn ? publicationOf(board.issn, ['editorialBoards', i]) : board.issn;
      const { id: topicId } = at(['editorialBoards', i], () =>
        w.upsert(
          'editorial_topics',
          editorialTopicIdNow(db, siteId, board.name),
          { publication_id: publicationId, en_name: board.enName },
          { site_id: siteId, channel_id: editorialChannel, name: board.name },
        ),
      );
      board.experts.forEach((e, n) => {
        experts++;
        at(['editorialBoards', i, 'experts', n], () =>
          w.upsert(
            'experts',
            expertIdNow(db, topicId, e.name),
            {
              en_name: e.enName,
              role: e.role,
              en_role: e.enRole,
              institution: e.institution,
              en_institution: e.enInstitution,
              introduction: html(e.introduction),
              en_introduction: html(e.enIntroduction),
              sort_order: n + 1,
            },
            { site_id: siteId, topic_id: topicId, name: e.name },
          ),
        );
      });
    });

    if (touched() > before) note('board', 'updated');

    // an import that changed nothing leaves the index (and its FTS segments) as they are
    if (w.tally.added + w.tally.updated > 0) reindexSitesNow(db, [siteId]);
    recordChangesNow(db, changes, origin, now);
    return {
      siteId,
      created,
      publications: file.publications.length,
      periods: file.periods.length,
      articles: file.articles.length,
      channels,
      news: file.news.length,
      albums: file.albums.length,
      media: file.media.length,
      experts,
      files: storedFiles,
      ...w.tally,
    };
  });
}
