/** Home-page modules of a channel. Rows with an unknown type or a broken config are skipped, not fatal. */
import { z } from 'zod';
import { type HomeModule, moduleTypeSchema } from '../../content/types.ts';
import { compiledQuery, param } from './compiled.ts';
import type { Db } from './db.ts';

const MODULES = compiledQuery<{ siteId: number; channelId: number }>()((q) =>
  q
    .selectFrom('modules')
    .select(['id', 'channel_id', 'type', 'name', 'en_name', 'sort_order', 'config'])
    .where('site_id', '=', param<number>('siteId'))
    .where('channel_id', '=', param<number>('channelId'))
    .orderBy('sort_order')
    .orderBy('id'),
);

const configSchema = z.record(z.string(), z.unknown());

function parseConfig(json: string): Record<string, unknown> | null {
  try {
    const parsed = configSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function getModules(db: Db, siteId: number, channelId: number): Promise<HomeModule[]> {
  const rows = await MODULES.all(db, { siteId, channelId });
  const modules: HomeModule[] = [];
  for (const row of rows) {
    const type = moduleTypeSchema.safeParse(row.type);
    const config = parseConfig(row.config);
    if (!type.success || config === null) continue;
    modules.push({
      id: row.id,
      channelId: row.channel_id,
      type: type.data,
      name: row.name,
      enName: row.en_name,
      sortOrder: row.sort_order,
      config,
    });
  }
  return modules;
}
