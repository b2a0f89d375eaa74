/**
 * Query and path parameter schemas. Inputs are strings; outputs are typed. Page numbers are 0-based
 * as in rc-pub. A size above API_MAX_PAGE_SIZE is rejected (status 400), not clamped (API_MAX_PAGE_SIZE, the store's own bound), so a client
 * never silently receives less than it asked for.
 */
import { z } from 'zod';
import { API_MAX_PAGE_SIZE } from '../../lib/constants.ts';
import { WHOLE_NUMBER } from '../../lib/id.ts';
import { CHANNEL_CODE } from '../../lib/routes.ts';

const digits = z.string().trim().regex(WHOLE_NUMBER);

export const idParam = digits.transform(Number).pipe(z.number().int().positive());

/** A whole number of at least `min`, written in digits ('1e1', '0x0c' and '' are not). */
export const wholeNumberParam = (min: number) => digits.transform(Number).pipe(z.number().int().min(min));

export const pageParam = digits.transform(Number).pipe(z.number().int().min(0).max(1_000_000)).default(0);

export function sizeParam(defaultSize: number) {
  return digits.transform(Number).pipe(z.number().int().min(1).max(API_MAX_PAGE_SIZE)).default(defaultSize);
}

export const yearParam = digits.transform(Number).pipe(z.number().int().min(1900).max(2999));

export const flagParam = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')
  .pipe(z.boolean());

/** A site's sub-domain label. */
export const SLD_PATTERN = /^[a-z0-9-]{1,63}$/;
/** as a visitor may type it (trimmed, lower-cased) */
export const sldParam = z.string().trim().toLowerCase().regex(SLD_PATTERN);
/** as an editor's path or body names it: exactly */
export const exactSldParam = z.string().regex(SLD_PATTERN);

export const domainParam = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9.-]{1,253}$/);

export const codeParam = z.string().trim().regex(CHANNEL_CODE);

export const doiParam = z
  .string()
  .trim()
  .min(3)
  .max(300)
  .regex(/^10\.\S+$/);
