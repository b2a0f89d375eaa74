/** A search error's message in the request's language, its {max} filled in. */

import { ADVANCED_MAX_ROWS } from '../lib/advanced-search.ts';
import { MAX_SELECTIONS, SEARCH_MAX_LENGTH, SEARCH_MAX_PAGE_SIZE } from '../lib/constants.ts';
import type { Lang } from '../lib/lang.ts';
import type { SearchError, SearchErrorCode } from '../lib/search-query.ts';
import { dictionary, format } from './index.ts';

const LIMITS: Partial<Record<SearchErrorCode, number>> = {
  tooLong: SEARCH_MAX_LENGTH,
  tooManyValues: MAX_SELECTIONS,
  tooManyRows: ADVANCED_MAX_ROWS,
  badSize: SEARCH_MAX_PAGE_SIZE,
};

export function searchErrorMessage(error: SearchError, lang: Lang): string {
  return format(dictionary(lang).search.errors[error.code], { max: LIMITS[error.code] ?? '' });
}
