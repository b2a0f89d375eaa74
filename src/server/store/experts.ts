/** Editorial boards (topics) and their experts. */
import type { EditorialTopic, Expert, Paged } from '../../content/types.ts';
import type { Db } from './db.ts';
import { fileUrl } from './files.ts';
import { all, int, intOrNull, one, paging, type Row, str, strOrNull } from './sql.ts';

const TOPIC_COLUMNS = 'id, site_id, channel_id, publication_id, name, en_name';

function toTopic(row: Row): EditorialTopic {
  return {
    id: int(row, 'id'),
    siteId: int(row, 'site_id'),
    channelId: intOrNull(row, 'channel_id'),
    publicationId: intOrNull(row, 'publication_id'),
    name: str(row, 'name'),
    enName: str(row, 'en_name'),
  };
}

export function listEditorialTopics(db: Db, siteId: number): EditorialTopic[] {
  return all(db, `SELECT ${TOPIC_COLUMNS} FROM editorial_topics WHERE site_id = ? ORDER BY id`, siteId).map(toTopic);
}

export function getEditorialTopic(db: Db, siteId: number, topicId: number): EditorialTopic | null {
  const row = one(db, `SELECT ${TOPIC_COLUMNS} FROM editorial_topics WHERE id = ? AND site_id = ?`, topicId, siteId);
  return row ? toTopic(row) : null;
}

function toExpert(row: Row): Expert {
  return {
    id: int(row, 'id'),
    topicId: int(row, 'topic_id'),
    name: str(row, 'name'),
    enName: strOrNull(row, 'en_name'),
    role: strOrNull(row, 'role'),
    enRole: strOrNull(row, 'en_role'),
    institution: strOrNull(row, 'institution'),
    enInstitution: strOrNull(row, 'en_institution'),
    introduction: strOrNull(row, 'introduction'),
    enIntroduction: strOrNull(row, 'en_introduction'),
    photoUrl: fileUrl(intOrNull(row, 'photo_id')),
  };
}

/** A page (0-based) of a topic's experts in sort order. */
export function listExperts(db: Db, siteId: number, topicId: number, page: number, size: number): Paged<Expert> {
  const paged = paging(page, size);
  const total = one(db, 'SELECT COUNT(*) AS total FROM experts WHERE site_id = ? AND topic_id = ?', siteId, topicId);
  const rows = all(
    db,
    `SELECT id, topic_id, name, en_name, role, en_role, institution, en_institution, introduction, en_introduction, photo_id
     FROM experts WHERE site_id = ? AND topic_id = ? ORDER BY sort_order, id LIMIT ? OFFSET ?`,
    siteId,
    topicId,
    paged.size,
    paged.offset,
  );
  return { content: rows.map(toExpert), total: total ? int(total, 'total') : 0, page: paged.page, size: paged.size };
}
