/**
 * The OaiRepository of one site: its articles are the records (identifier
 * oai:{canonical host}:article/{id}), its journals the sets (journal-{publicationId}), datestamps
 * the articles' update times. Nothing of another site is reachable: every query names the site.
 */
import type { ContentSource } from '../../content/source.ts';
import type { Site } from '../../content/types.ts';
import { parseId } from '../../lib/id.ts';
import { type Lang, pick } from '../../lib/lang.ts';
import { canonical } from '../../lib/routes.ts';
import { plainText } from '../../lib/sanitize.ts';
import { publicOrigin } from '../build/public-origin.ts';
import { citationFromArticle } from '../citations/from-article.ts';
import type { Db } from '../store/db.ts';
import { citedArticles } from '../store/oai-metadata.ts';
import { type OaiArticleRow, oaiArticlePage, oaiArticleRow, oaiEarliestUpdate } from '../store/oai-records.ts';
import type { OaiIdentify, OaiRecord, OaiRepository } from './repository.ts';

const SET_PREFIX = 'journal-';
/** datestamps are stored with milliseconds, the protocol's finest granularity is the second */
const LAST_MS_OF_SECOND = 999;

/** origin: the address the harvester used (links, baseURL); baseDomain names the site's canonical host, which alone makes identifiers */
export type SiteRepositoryOptions = {
  db: Db;
  source: ContentSource;
  site: Site;
  origin: string;
  baseDomain: string;
  lang: Lang;
  adminEmail: string;
  now: Date;
};

export function siteOaiRepository(options: SiteRepositoryOptions): OaiRepository {
  const { db, source, site, origin, lang } = options;
  // one record, one identifier: the Host header a harvester sends must not mint a second one
  const host = new URL(publicOrigin(site, options.baseDomain)).hostname;
  const prefix = `oai:${host}:article/`;

  const setSpec = (publicationId: number) => `${SET_PREFIX}${publicationId}`;
  const publicationOfSet = (set: string | null): number | null | 'none' => {
    if (set === null) return null;
    return (set.startsWith(SET_PREFIX) ? parseId(set.slice(SET_PREFIX.length)) : null) ?? 'none';
  };

  const header = (row: OaiArticleRow) => ({
    identifier: `${prefix}${row.id}`,
    datestamp: new Date(row.updatedAt),
    setSpecs: [setSpec(row.publicationId)],
    // removed for legal reasons: the record stays known, without its metadata
    deleted: row.removed,
  });

  /** The records of these rows, their metadata read for all of them at once (none for headers only). */
  async function records(rows: OaiArticleRow[], headersOnly: boolean): Promise<OaiRecord[]> {
    if (headersOnly) return rows.map((row) => ({ header: header(row), metadata: null }));
    const cited = await citedArticles(
      db,
      site.id,
      rows.filter((row) => !row.removed).map((row) => row.id),
    );
    return rows.flatMap((row): OaiRecord[] => {
      if (row.removed) return [{ header: header(row), metadata: null }];
      const article = cited.get(row.id);
      return article
        ? [{ header: header(row), metadata: citationFromArticle(article, origin + canonical.article(lang, row.id)) }]
        : [];
    });
  }

  return {
    async identify(): Promise<OaiIdentify> {
      const earliest = await oaiEarliestUpdate(db, site.id);
      return {
        repositoryName: plainText(pick(lang, site.name, site.enName)),
        baseURL: `${origin}/oai`,
        adminEmails: [options.adminEmail],
        earliestDatestamp: earliest ? new Date(earliest) : options.now,
        deletedRecord: 'persistent',
        granularity: 'YYYY-MM-DDThh:mm:ssZ',
        repositoryIdentifier: host,
        sampleIdentifier: `${prefix}1`,
      };
    },
    async listSets() {
      const publications = await source.listPublications(site.id);
      return publications.map((publication) => ({
        setSpec: setSpec(publication.id),
        setName: plainText(pick(lang, publication.name, publication.enName)),
      }));
    },
    async listRecords(query) {
      const publicationId = publicationOfSet(query.set);
      if (publicationId === 'none') return { records: [], completeListSize: 0 };
      const until = query.until
        ? new Date(query.until.getTime() + (query.until.getUTCMilliseconds() === 0 ? LAST_MS_OF_SECOND : 0))
        : null;
      const page = await oaiArticlePage(
        db,
        site.id,
        { from: query.from?.toISOString() ?? null, until: until?.toISOString() ?? null, publicationId },
        { offset: query.cursor, limit: query.limit },
      );
      const listed = await records(page.rows, query.headersOnly === true);
      // the count is an estimate (src/server/store/oai-records.ts); a short page is the true end
      const completeListSize =
        page.rows.length < query.limit
          ? query.cursor + listed.length
          : Math.max(page.total, query.cursor + listed.length + 1);
      return { records: listed, completeListSize };
    },
    async getRecord(identifier) {
      if (!identifier.startsWith(prefix)) return null;
      const id = parseId(identifier.slice(prefix.length));
      if (id === null) return null;
      const row = await oaiArticleRow(db, site.id, id);
      return row ? ((await records([row], false))[0] ?? null) : null;
    },
  };
}
