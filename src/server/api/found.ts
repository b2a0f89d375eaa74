import { API_STATUS } from '../../lib/api-paths.ts';
import { ApiError } from './errors.ts';

/** The value, or status 404 in the envelope when the store has nothing for this site. */
export function found<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new ApiError(API_STATUS.notFound, 'notFound');
  return value;
}
