import type { Dictionary } from '../../i18n/index.ts';

export type ApiMessageKey = keyof Dictionary['api'];

/**
 * A handled failure: answered as an envelope with this status and the message `key` in the
 * request's language. `data` rides along where the client needs it (the site on a 10001).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly key: ApiMessageKey;
  readonly values: Record<string, string | number>;
  readonly data: unknown;

  constructor(status: number, key: ApiMessageKey, values: Record<string, string | number> = {}, data: unknown = null) {
    super(`${status} ${key}`);
    this.name = 'ApiError';
    this.status = status;
    this.key = key;
    this.values = values;
    this.data = data;
  }
}
