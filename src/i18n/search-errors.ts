/** A search error's message in the request's language, its {max} filled in. */
import { dictionary, format } from './index.ts';
import { ADVANCED_MAX_ROWS } from '../lib/advanced-search.ts';
import { MAX_SELECTIONS, SEARCH_MAX_LENGTH } from '../lib/constants.ts';
import type { Lang } from '../lib/lang.ts';
import { MAX_PAGE_SIZE, type SearchError, type SearchErrorCode } from '../lib/search-query.ts';

const LIMITS: Partial<Record<SearchErrorCode, number>> = {
  tooLong: SEARCH_MAX_LENGTH,
  tooManyValues: MAX_SELECTIONS,
  tooManyRows: ADVANCED_MAX_ROWS,
  badSize: MAX_PAGE_SIZE,
};

export function searchErrorMessage(error: SearchError, lang: Lang): string {
  return format(dictionary(lang).search.errors[error.code], { max: LIMITS[error.code] ?? '' });
}
