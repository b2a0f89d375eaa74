/** Floating tool links of a site (rss, email, folderAdd, external…), in sort order. */
import { type Tool, toolSchema } from '../../content/types.ts';
import { compiledQuery, param } from './compiled.ts';
import type { Db } from './db.ts';
import { fileUrl } from './files.ts';
import { int, intOrNull, str, strOrNull } from './sql.ts';

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

export function listTools(db: Db, siteId: number): Tool[] {
  const rows = TOOLS.all(db, { siteId });
  const tools: Tool[] = [];
  for (const row of rows) {
    const type = toolType.safeParse(row['type']);
    if (!type.success) continue;
    const coverId = intOrNull(row, 'cover_id');
    tools.push({
      id: int(row, 'id'),
      siteId: int(row, 'site_id'),
      type: type.data,
      platformType: strOrNull(row, 'platform_type'),
      resName: str(row, 'res_name'),
      enResName: str(row, 'en_res_name'),
      cover: strOrNull(row, 'cover'),
      linkValue: strOrNull(row, 'link_value'),
      linkValue2: strOrNull(row, 'link_value2'),
      linkType2: strOrNull(row, 'link_type2'),
      coverId,
      indexId: intOrNull(row, 'index_id'),
      pictureUrl: fileUrl(coverId),
      bouncePictureUrl: fileUrl(intOrNull(row, 'bounce_picture_id')),
      description: strOrNull(row, 'description'),
      enDescription: strOrNull(row, 'en_description'),
    });
  }
  return tools;
}
