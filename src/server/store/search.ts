/**
 * The search store: finds items of a site in the index that bulk/search-index.ts
 * writes, filters, sorts, pages and counts them, and loads what a result list shows. Its parts:
 * matching (search/match.ts), the matches shared by a page's parts (search/match-set.ts), a page
 * of matches (search/documents.ts), facet counts (search/facets.ts), the hits a result list shows (search/hits.ts), readiness (search/ready.ts).
 */
export { searchDocuments } from './search/documents.ts';
export { searchFacets } from './search/facets.ts';
export { searchHits } from './search/hits.ts';
export { type SearchClause, type SearchColumn, type StoreSearch, searchSiteIds } from './search/match.ts';
