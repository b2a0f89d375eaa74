/** Floating tool links of a site (rss, email, folderAdd, external…), in sort order. */
import { type Tool, toolSchema } from '../../content/types.ts';
import { compiledQuery, param } from './compiled.ts';
import type { Db } from './db.ts';
import { fileUrl } from './files.ts';

const TOOLS = compiledQuery<{ siteId: number }>()((q) =>
  q
    .selectFrom('tools')
    .select([
      'id',
      'site_id',
      'type',
      'platform_type',
      'res_name',
      'en_res_name',
      'cover',
      'link_value',
      'link_value2',
      'link_type2',
      'cover_id',
      'bounce_picture_id',
      'index_id',
      'description',
      'en_description',
    ])
    .where('site_id', '=', param<number>('siteId'))
    .orderBy('sort_order')
    .orderBy('id'),
);

const toolType = toolSchema.shape.type;

export async function listTools(db: Db, siteId: number): Promise<Tool[]> {
  const rows = await TOOLS.all(db, { siteId });
  const tools: Tool[] = [];
  for (const row of rows) {
    const type = toolType.safeParse(row.type);
    if (!type.success) continue;
    const coverId = row.cover_id;
    tools.push({
      id: row.id,
      siteId: row.site_id,
      type: type.data,
      platformType: row.platform_type,
      resName: row.res_name,
      enResName: row.en_res_name,
      cover: row.cover,
      linkValue: row.link_value,
      linkValue2: row.link_value2,
      linkType2: row.link_type2,
      coverId,
      indexId: row.index_id,
      pictureUrl: fileUrl(coverId),
      bouncePictureUrl: fileUrl(row.bounce_picture_id),
      description: row.description,
      enDescription: row.en_description,
    });
  }
  return tools;
}
