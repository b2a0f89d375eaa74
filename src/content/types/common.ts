/** What every area shares: nullable text, pages of a list, the rc-pub envelope. */
import { z } from 'zod';

export const text = z.string().nullable();
export const url = z.string().nullable();

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  });
}
export type Paged<T> = { content: T[]; total: number; page: number; size: number };

/** The rc-pub response envelope: status 0 is success. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ status: z.number().int(), message: z.string(), data });
}
