/** Reading route params and queries for content pages: anything malformed reads as "absent". */
import { type NewsType, newsTypeSchema } from '../../content/types.ts';
import { parseId, parseWholeNumber } from '../../lib/id.ts';
import { isLang, type Lang } from '../../lib/lang.ts';

/** The /{lang}/ segment: only zh and en are languages (docs/product-rules.md#languages). */
export function langParam(value: string | undefined): Lang | null {
  return isLang(value) ? value : null;
}

/** A database id (src/lib/id.ts); '12abc', '-1', '' and huge numbers are not ids. */
export const idParam = parseId;

/** A non-negative integer (years, issue numbers, the 0 of '/newsInfo/{id}/0/'). */
export const countParam = parseWholeNumber;

export function newsTypeParam(value: string | null | undefined): NewsType | undefined {
  const parsed = newsTypeSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
