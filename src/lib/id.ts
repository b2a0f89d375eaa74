/**
 * What an id is, for pages, legacy URLs, the API and the upstream source alike: a positive whole
 * number written in at most 15 digits (every 15-digit number is a safe integer, so no id rounds to
 * another). Whole numbers (page numbers, years, the 0 of '/newsInfo/{id}/0/') use the same digits.
 */

/** One to fifteen ASCII digits, nothing else ('1e1', '0x0c', '-1' and '' are not). */
export const WHOLE_NUMBER = /^\d{1,15}$/;

const ID_LIMIT = 10 ** 15;

/** The whole number `text` spells (zero included), else null. */
export function parseWholeNumber(text: string | null | undefined): number | null {
  return text && WHOLE_NUMBER.test(text) ? Number(text) : null;
}

/** The id `text` spells, else null: '12abc', '-1', '0', '' and 16 digits are not ids. */
export function parseId(text: string | null | undefined): number | null {
  const value = parseWholeNumber(text);
  return value !== null && value > 0 ? value : null;
}

/** Whether a number is an id (what parseId could have returned). */
export function isId(value: number): boolean {
  return Number.isInteger(value) && value > 0 && value < ID_LIMIT;
}
