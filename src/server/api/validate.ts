import type { z } from 'zod';
import { API_STATUS } from '../../lib/api-paths.ts';
import { ApiError } from './errors.ts';

/**
 * Parses request input at the edge. A failure becomes status 400 whose message names every
 * offending field (`where` names input that failed as a whole, e.g. a body that is not an object).
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown, where: string): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = [...new Set(result.error.issues.map((issue) => (issue.path.length ? issue.path.join('.') : where)))];
  throw new ApiError(API_STATUS.badRequest, 'invalidParameter', { field: fields.join(', ') });
}
