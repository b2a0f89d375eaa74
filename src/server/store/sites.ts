/** Sites and the group relation between them. Expired and forbidden sites are returned too: callers decide. */
import type { GroupEntry, Site } from '../../content/types.ts';
import { siteStatusSchema, siteTypeSchema } from '../../content/types.ts';
import type { Db } from './db.ts';
import { fileUrl } from './files.ts';
import { all, int, intOrNull, one, oneOf, type Row, str, strOrNull } from './sql.ts';

const SITE_COLUMNS = `id, sld, domain, name, en_name, template_id, type, colour, colour1, colour2, colour3, gray_type,
  umt_flag, logo1, picture_url, keywords, en_keywords, status`;

function toSite(row: Row): Site {
  return {
    id: int(row, 'id'),
    sld: str(row, 'sld'),
    domain: strOrNull(row, 'domain'),
    name: str(row, 'name'),
    enName: str(row, 'en_name'),
    templateId: int(row, 'template_id'),
    type: oneOf(siteTypeSchema.options, row['type'], 'single'),
    colour: int(row, 'colour'),
    colour1: strOrNull(row, 'colour1'),
    colour2: strOrNull(row, 'colour2'),
    colour3: strOrNull(row, 'colour3'),
    grayType: int(row, 'gray_type'),
    umtFlag: int(row, 'umt_flag'),
    logo1Url: fileUrl(intOrNull(row, 'logo1')),
    pictureUrl: strOrNull(row, 'picture_url'),
    keywords: strOrNull(row, 'keywords'),
    enKeywords: strOrNull(row, 'en_keywords'),
    status: oneOf(siteStatusSchema.options, row['status'], 'active'),
  };
}

export function findSiteById(db: Db, siteId: number): Site | null {
  const row = one(db, `SELECT ${SITE_COLUMNS} FROM sites WHERE id = ?`, siteId);
  return row ? toSite(row) : null;
}

/** Short names are matched case-insensitively: host names arrive in any case. */
export function findSiteBySld(db: Db, sld: string): Site | null {
  const row = one(db, `SELECT ${SITE_COLUMNS} FROM sites WHERE sld = ?`, sld.trim().toLowerCase());
  return row ? toSite(row) : null;
}

export function findSiteByDomain(db: Db, domain: string): Site | null {
  const row = one(db, `SELECT ${SITE_COLUMNS} FROM sites WHERE lower(domain) = ?`, domain.trim().toLowerCase());
  return row ? toSite(row) : null;
}

/**
 * The group entrance of a site. A group site lists its member journals (each member site's
 * publications, or the group's own publications when it has no members); any other site lists the
 * group(s) it belongs to.
 */
export function getGroupEntries(db: Db, siteId: number): GroupEntry[] {
  const site = one(db, 'SELECT type FROM sites WHERE id = ?', siteId);
  if (!site) return [];
  if (str(site, 'type') === 'group') {
    const members = all(
      db,
      `SELECT p.id, s.id AS site_id, s.sld, p.name, p.en_name
       FROM site_groups g
       JOIN sites s ON s.id = g.member_site_id
       JOIN publications p ON p.site_id = s.id
       WHERE g.site_id = ?
       ORDER BY g.sort_order, s.id, p.sort_order, p.id`,
      siteId,
    );
    const rows = members.length
      ? members
      : all(
          db,
          `SELECT p.id, s.id AS site_id, s.sld, p.name, p.en_name
           FROM publications p JOIN sites s ON s.id = p.site_id
           WHERE p.site_id = ? ORDER BY p.sort_order, p.id`,
          siteId,
        );
    return rows.map(toGroupEntry);
  }
  return all(
    db,
    `SELECT s.id, s.id AS site_id, s.sld, s.name, s.en_name
     FROM site_groups g JOIN sites s ON s.id = g.site_id
     WHERE g.member_site_id = ?
     ORDER BY s.id`,
    siteId,
  ).map(toGroupEntry);
}

function toGroupEntry(row: Row): GroupEntry {
  return {
    id: int(row, 'id'),
    siteId: int(row, 'site_id'),
    sld: str(row, 'sld'),
    publicationName: str(row, 'name'),
    enPublicationName: str(row, 'en_name'),
  };
}
