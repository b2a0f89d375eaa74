/**
 * The one client for the rc-pub API, in the browser and in Node (docs/product-rules.md#api-calls): every request
 * carries the token (when logged in), language and siteId headers; GETs add a `timestamps`
 * parameter; requests time out after 600000 ms; the envelope is unwrapped to its data. Failures
 * reach one hook each (docs/product-rules.md#api-errors): 401 the expiry hook, 10001 the site-unavailable hook, any
 * other the error hook; the call still rejects, and callers ignore the rejection (the hook already
 * told the user). Plain fetch rather than ofetch: the client ships in every page's island bundle,
 * and it needs nothing ofetch adds over fetch (docs/decisions.md).
 *
 * No zod here: islands ship this file, so responses are checked by a `parse` function the caller
 * passes (a zod schema's parse on the server, a small guard in an island).
 */
import { API_HEADERS, API_STATUS, fillPath } from '../../lib/api-paths.ts';
import {
  REQUEST_TIMEOUT_MS,
  TOKEN_COOKIE,
  UNAUTHORIZED_REDIRECT_MS,
  UNAUTHORIZED_TOAST_MS,
} from '../../lib/constants.ts';
import { type Lang, langOfRequest, readCookie } from '../../lib/lang.ts';
import { otherPages } from '../../lib/routes.ts';

/** A non-zero status in the envelope. */
export class ApiStatusError extends Error {
  readonly status: number;
  readonly path: string;
  readonly data: unknown;

  constructor(path: string, status: number, message: string, data: unknown = null) {
    super(message);
    this.name = 'ApiStatusError';
    this.path = path;
    this.status = status;
    this.data = data;
  }
}

/** The answer was not the API's envelope (a proxy's error page, a cut connection): no server message to show. */
export class UnreadableAnswerError extends ApiStatusError {
  constructor(path: string, httpStatus: number) {
    super(path, httpStatus || API_STATUS.serverError, `HTTP ${httpStatus}`);
    this.name = 'UnreadableAnswerError';
  }
}

/** Status 401: the session ended. The onUnauthorized hook has already run. */
export class UnauthorizedError extends ApiStatusError {
  constructor(path: string, message: string) {
    super(path, API_STATUS.unauthorized, message);
    this.name = 'UnauthorizedError';
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions<T> = {
  /** values for `:name` segments of the path pattern */
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  /** checks `data` and gives it its type; without it the result is `unknown` */
  parse?: (data: unknown) => T;
  /** sent as the captcha header (docs/product-rules.md#api-calls, identifyHeader) */
  identifyHeader?: string;
  signal?: AbortSignal;
  /** the caller handles a failure itself: no toast (a call another rc-pub server may not have) */
  quiet?: boolean;
};

export type ApiClientOptions = {
  /** '' (same origin) in the browser; e.g. http://127.0.0.1:4321 in Node */
  origin?: string;
  fetch?: typeof globalThis.fetch;
  lang?: () => Lang;
  siteId?: () => number | string | null;
  token?: () => string | null;
  timeoutMs?: number;
  now?: () => number;
  /** docs/product-rules.md#api-errors expiry handling; see unauthorizedHandler */
  onUnauthorized?: (message: string) => void;
  /** status 10001: the site expired or was disabled (docs/product-rules.md#api-errors: the forbidden page) */
  onSiteUnavailable?: () => void;
  /** any other failure: a non-zero status (ApiStatusError) or no answer at all (network, timeout, not JSON) */
  onError?: (error: unknown) => void;
  /** called as a request starts; the function it returns as the request ends (the loading indicator) */
  track?: () => () => void;
};

export type ApiClient = {
  get<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  delete<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  post<T = unknown>(path: string, body: unknown, options?: RequestOptions<T>): Promise<T>;
};

/** The page's language in the browser: the URL's /zh or /en prefix or ?lang=, else the cookie, else zh. */
export function browserLang(): Lang {
  if (typeof location === 'undefined' || typeof document === 'undefined') return langOfRequest({});
  return langOfRequest({
    path: location.pathname,
    query: new URLSearchParams(location.search).get('lang'),
    cookies: document.cookie,
  });
}

function browserToken(): string | null {
  if (typeof document === 'undefined') return null;
  return readCookie(document.cookie, TOKEN_COOKIE) || null;
}

function envelopeOf(body: unknown): { status: number; message: string; data: unknown } | null {
  if (typeof body !== 'object' || body === null) return null;
  const { status, message, data } = body as Record<string, unknown>;
  if (typeof status !== 'number' || typeof message !== 'string') return null;
  return { status, message, data: data ?? null };
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const origin = (options.origin ?? '').replace(/\/+$/, '');
  const lang = options.lang ?? browserLang;
  const token = options.token ?? browserToken;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;

  async function request<T>(
    method: 'GET' | 'POST' | 'DELETE',
    pattern: string,
    body: unknown,
    opts: RequestOptions<T> = {},
  ): Promise<T> {
    const done = options.track?.();
    try {
      return await send(method, pattern, body, opts);
    } catch (error) {
      if (error instanceof UnauthorizedError) options.onUnauthorized?.(error.message);
      else if (
        error instanceof ApiStatusError &&
        error.status === API_STATUS.siteUnavailable &&
        options.onSiteUnavailable
      )
        options.onSiteUnavailable();
      else if (!opts.quiet) options.onError?.(error);
      throw error;
    } finally {
      done?.();
    }
  }

  async function send<T>(
    method: 'GET' | 'POST' | 'DELETE',
    pattern: string,
    body: unknown,
    opts: RequestOptions<T>,
  ): Promise<T> {
    const path = fillPath(pattern, opts.params);
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(opts.query ?? {})) {
      if (value !== undefined && value !== null) search.set(key, String(value));
    }
    if (method === 'GET') search.set('timestamps', String(now()));
    const qs = search.toString();

    const headers = new Headers({ accept: 'application/json', [API_HEADERS.language]: lang() });
    const siteId = options.siteId?.();
    if (siteId !== null && siteId !== undefined && siteId !== '') headers.set(API_HEADERS.siteId, String(siteId));
    const currentToken = token();
    if (currentToken) headers.set(API_HEADERS.token, currentToken);
    if (opts.identifyHeader !== undefined && method !== 'POST') headers.set('captcha', opts.identifyHeader);
    const form = typeof FormData !== 'undefined' && body instanceof FormData;
    if (body !== undefined && !form) headers.set('content-type', 'application/json');

    const timeout = AbortSignal.timeout(timeoutMs);
    const init: RequestInit = {
      method,
      headers,
      credentials: 'same-origin',
      signal: opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout,
    };
    if (body !== undefined) init.body = form ? body : JSON.stringify(body);
    const response = await (options.fetch ?? globalThis.fetch)(`${origin}${path}${qs ? `?${qs}` : ''}`, init);

    let json: unknown = null;
    try {
      json = await response.json();
    } catch {
      // not JSON: reported below
    }
    const envelope = envelopeOf(json);
    if (!envelope) throw new UnreadableAnswerError(path, response.status);
    if (envelope.status === API_STATUS.unauthorized) throw new UnauthorizedError(path, envelope.message);
    if (envelope.status !== API_STATUS.ok)
      throw new ApiStatusError(path, envelope.status, envelope.message, envelope.data);
    return opts.parse ? opts.parse(envelope.data) : (envelope.data as T);
  }

  return {
    get: (path, opts) => request('GET', path, undefined, opts),
    delete: (path, opts) => request('DELETE', path, undefined, opts),
    post: (path, body, opts) => request('POST', path, body ?? {}, opts),
  };
}

export type UnauthorizedDeps = {
  /** shows the server's message for `ms` milliseconds */
  toast(message: string, ms: number): void;
  /** opens a URL in the same window */
  navigate(url: string): void;
  /** clears the user name and token cookies and the login state (clearLogin of src/islands/state/login.ts) */
  clearLogin(): void;
  lang?: () => Lang;
  setTimeout?: (fn: () => void, ms: number) => unknown;
};

/**
 * docs/product-rules.md#api-errors, status 401: clear the user name and token cookies, toast the server's message
 * for 2000 ms, then after about 1.1 s open the login page in the request's language.
 */
export function unauthorizedHandler(deps: UnauthorizedDeps): (message: string) => void {
  const later = deps.setTimeout ?? ((fn: () => void, ms: number) => globalThis.setTimeout(fn, ms));
  const lang = deps.lang ?? browserLang;
  return (message) => {
    deps.clearLogin();
    deps.toast(message, UNAUTHORIZED_TOAST_MS);
    later(() => deps.navigate(otherPages.login(lang())), UNAUTHORIZED_REDIRECT_MS);
  };
}
