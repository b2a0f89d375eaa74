/**
 * The data contract between the store, the rc-pub API and the pages.
 * Field names follow rc-pub (camelCase, `enX` beside `x` for bilingual text) so the API JSON and
 * the ContentSource results are the same objects. RcPubSource parses upstream JSON with these
 * schemas; services build them from the store. Every DTO carries both languages; pages choose.
 */

export * from './types/album.ts';
export * from './types/article.ts';
export * from './types/board.ts';
export * from './types/channel.ts';
export { envelopeSchema, type Paged, pagedSchema } from './types/common.ts';
export * from './types/issue.ts';
export * from './types/news.ts';
export * from './types/publication.ts';
export * from './types/relations.ts';
export * from './types/search.ts';
export * from './types/shell.ts';
export * from './types/site.ts';
