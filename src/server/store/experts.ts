/** Editorial boards (topics) and their experts. */
import type { ExpertSort } from '../../content/source.ts';
import type { EditorialTopic, Expert, Paged } from '../../content/types.ts';
import { compiledByKey, compiledQuery, param, type RowOf } from './compiled.ts';
import type { Db } from './db.ts';
import { fileUrl } from './files.ts';
import { paging } from './sql.ts';

const TOPIC_COLUMNS = ['id', 'site_id', 'channel_id', 'publication_id', 'name', 'en_name'] as const;

const TOPICS = compiledQuery<{ siteId: number }>()((q) =>
  q.selectFrom('editorial_topics').select(TOPIC_COLUMNS).where('site_id', '=', param<number>('siteId')).orderBy('id'),
);
const TOPIC = compiledQuery<{ id: number; siteId: number }>()((q) =>
  q
    .selectFrom('editorial_topics')
    .select(TOPIC_COLUMNS)
    .where('id', '=', param<number>('id'))
    .where('site_id', '=', param<number>('siteId')),
);
const EXPERT_COUNT = compiledQuery<{ siteId: number; topicId: number }>()((q) =>
  q
    .selectFrom('experts')
    .select((eb) => eb.fn.countAll().as('total'))
    .where('site_id', '=', param<number>('siteId'))
    .where('topic_id', '=', param<number>('topicId')),
);

/** The orders an expert list can be asked for (the list's `sort` parameter): column, then id. */
const EXPERT_ORDER_COLUMNS = { sort: 'sort_order', name: 'name', enName: 'en_name' } as const;
type ExpertOrderKey = `${keyof typeof EXPERT_ORDER_COLUMNS}:${'asc' | 'desc'}`;

const EXPERTS = compiledByKey<ExpertOrderKey, { siteId: number; topicId: number; limit: number; offset: number }>()(
  (q, key) => {
    const [field, direction] = key.split(':') as [keyof typeof EXPERT_ORDER_COLUMNS, 'asc' | 'desc'];
    return q
      .selectFrom('experts')
      .select([
        'id',
        'topic_id',
        'name',
        'en_name',
        'role',
        'en_role',
        'institution',
        'en_institution',
        'introduction',
        'en_introduction',
        'photo_id',
      ])
      .where('site_id', '=', param<number>('siteId'))
      .where('topic_id', '=', param<number>('topicId'))
      .orderBy(EXPERT_ORDER_COLUMNS[field], direction)
      .orderBy('id', direction)
      .limit(param<number>('limit'))
      .offset(param<number>('offset'));
  },
);

function toTopic(row: RowOf<typeof TOPIC>): EditorialTopic {
  return {
    id: row.id,
    siteId: row.site_id,
    channelId: row.channel_id,
    publicationId: row.publication_id,
    name: row.name,
    enName: row.en_name,
  };
}

export async function listEditorialTopics(db: Db, siteId: number): Promise<EditorialTopic[]> {
  return (await TOPICS.all(db, { siteId })).map(toTopic);
}

export async function getEditorialTopic(db: Db, siteId: number, topicId: number): Promise<EditorialTopic | null> {
  const row = await TOPIC.one(db, { id: topicId, siteId });
  return row ? toTopic(row) : null;
}

type ExpertRow = RowOf<ReturnType<typeof EXPERTS>>;

function toExpert(row: ExpertRow): Expert {
  return {
    id: row.id,
    topicId: row.topic_id,
    name: row.name,
    enName: row.en_name,
    role: row.role,
    enRole: row.en_role,
    institution: row.institution,
    enInstitution: row.en_institution,
    introduction: row.introduction,
    enIntroduction: row.en_introduction,
    photoUrl: fileUrl(row.photo_id),
  };
}

/** A page (0-based) of a topic's experts, in editorial order unless another order is asked for. */
export async function listExperts(
  db: Db,
  siteId: number,
  topicId: number,
  page: number,
  size: number,
  sort?: ExpertSort,
): Promise<Paged<Expert>> {
  const paged = paging(page, size);
  const total = await EXPERT_COUNT.one(db, { siteId, topicId });
  const rows = await EXPERTS(sort ? `${sort.field}:${sort.direction}` : 'sort:asc').all(db, {
    siteId,
    topicId,
    limit: paged.size,
    offset: paged.offset,
  });
  return { content: rows.map(toExpert), total: Number(total?.total ?? 0), page: paged.page, size: paged.size };
}
