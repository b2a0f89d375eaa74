/**
 * Resource types (docs/product-rules.md#resource-types) (ids as rc-pub sends them in a header's resourceType list) and
 * the search fields of each searchable type. The search-config and search-conditions calls and the
 * search box island read these tables; nothing else should restate them.
 */

export type ResourceCode = 'article' | 'publication' | 'picture' | 'table' | 'video' | 'audio' | 'other' | 'news';

export type ResourceType = {
  /** rc-pub resource type id */
  id: number;
  /** rc-pub code; 'article' is shown as thesis (论文) */
  code: ResourceCode;
  name: string;
  enName: string;
  /** the search result page of this type (docs/product-rules.md#result-pages) */
  resultPage: string;
};

/**
 * rc-pub names no id for tables; 26 is ours (between picture 25 and audio 28). A header lists it
 * like any other id, e.g. '428;-3;25;26;29;28;0;-2'.
 */
export const TABLE_RESOURCE_ID = 26;

export const RESOURCE_TYPES: readonly ResourceType[] = [
  { id: 428, code: 'article', name: '论文', enName: 'Thesis', resultPage: '/article' },
  { id: -3, code: 'publication', name: '期刊', enName: 'Journal', resultPage: '/searchPublication' },
  { id: 25, code: 'picture', name: '图片', enName: 'Picture', resultPage: '/textList' },
  { id: TABLE_RESOURCE_ID, code: 'table', name: '表格', enName: 'Table', resultPage: '/textList' },
  { id: 29, code: 'video', name: '视频', enName: 'Video', resultPage: '/audioList' },
  { id: 28, code: 'audio', name: '音频', enName: 'Audio', resultPage: '/audioList' },
  { id: 0, code: 'other', name: '其他', enName: 'Other', resultPage: '/othersList' },
  { id: -2, code: 'news', name: '资讯', enName: 'News', resultPage: '/informationList' },
];

/** The list a header without its own gets (the schema default). */
export const DEFAULT_RESOURCE_TYPE_LIST = '428;-3;25;29;28;0;-2';

const byId = new Map(RESOURCE_TYPES.map((type) => [type.id, type]));
const byCode = new Map(RESOURCE_TYPES.map((type) => [type.code, type]));

/** 'thesis' is how pages name the article type (keyword links use type=thesis); both mean articles. */
export const THESIS_ALIAS = 'thesis';

export function resourceTypeByCode(code: string): ResourceType | null {
  return byCode.get((code === THESIS_ALIAS ? 'article' : code) as ResourceCode) ?? null;
}

/** The types of a header's resourceType list ('428;-3;25' or '428,-3,25'), in list order, unknown ids and repeats dropped. */
export function parseResourceTypeList(list: string): ResourceType[] {
  const seen = new Set<number>();
  const types: ResourceType[] = [];
  for (const part of list.split(/[;,]/)) {
    const text = part.trim();
    if (!/^-?\d+$/.test(text)) continue;
    const type = byId.get(Number(text));
    if (type && !seen.has(type.id)) {
      seen.add(type.id);
      types.push(type);
    }
  }
  return types;
}

/** docs/product-rules.md#special-sites: these short names search only thesis, picture, audio and video. */
export const LIMITED_SEARCH_SLDS: readonly string[] = ['entest01', 'entest04', 'emf'];
export const LIMITED_SEARCH_CODES: readonly ResourceCode[] = ['article', 'picture', 'audio', 'video'];

export type SearchField = { field: string; condition: string; enCondition: string };

/** Search conditions (docs/product-rules.md#search-types-and-fields) by searchable type. */
export const SEARCH_FIELDS: { readonly article: readonly SearchField[]; readonly publication: readonly SearchField[] } =
  {
    article: [
      { field: 'title', condition: '题名', enCondition: 'Title' },
      { field: 'keyword', condition: '关键词', enCondition: 'Keywords' },
      { field: 'author', condition: '作者', enCondition: 'Author' },
      { field: 'institution', condition: '机构', enCondition: 'Institution' },
      { field: 'abstract', condition: '摘要', enCondition: 'Abstract' },
      { field: 'doi', condition: 'DOI', enCondition: 'DOI' },
    ],
    publication: [
      { field: 'title', condition: '刊名', enCondition: 'Journal title' },
      { field: 'sponsor', condition: '主办单位', enCondition: 'Sponsor' },
      { field: 'cn', condition: 'CN', enCondition: 'CN' },
      { field: 'issn', condition: 'ISSN', enCondition: 'ISSN' },
    ],
  };

/** Conditions come in two sets: journals have their own fields, everything else uses the article fields. */
export function conditionTypeFor(code: ResourceCode): 'article' | 'publication' {
  return code === 'publication' ? 'publication' : 'article';
}
