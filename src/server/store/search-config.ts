/** The search box's type and condition options for a site (rc-pub search-config and search-conditions). */
import type { SearchCondition, SearchConfigEntry } from '../../content/types.ts';
import {
  LIMITED_SEARCH_CODES,
  LIMITED_SEARCH_SLDS,
  parseResourceTypeList,
  SEARCH_FIELDS,
} from '../../lib/resource-types.ts';
import { compiledQuery, param } from './compiled.ts';
import { getHeaderConfig } from './configs.ts';
import type { Db } from './db.ts';

const SLD = compiledQuery<{ id: number }>()((q) =>
  q.selectFrom('sites').select('sld').where('id', '=', param<number>('id')),
);

/** The types of the site's header resourceType list, narrowed for the special short names (docs/product-rules.md#special-sites). */
export async function getSearchConfig(db: Db, siteId: number): Promise<SearchConfigEntry[]> {
  const site = await SLD.one(db, { id: siteId });
  if (!site) return [];
  const limited = LIMITED_SEARCH_SLDS.includes(site.sld);
  return parseResourceTypeList((await getHeaderConfig(db, siteId)).resourceType)
    .filter((type) => !limited || LIMITED_SEARCH_CODES.includes(type.code))
    .map((type) => ({ type: type.id, code: type.code, name: type.name, enName: type.enName }));
}

export async function getSearchConditions(
  db: Db,
  siteId: number,
  type: 'article' | 'publication',
): Promise<SearchCondition[]> {
  if (!(await SLD.one(db, { id: siteId }))) return [];
  return SEARCH_FIELDS[type].map((field) => ({ ...field }));
}
