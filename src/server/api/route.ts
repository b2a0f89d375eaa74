/**
 * One table of routes drives both the Hono app and the OpenAPI document, so the two cannot drift.
 * A route names its scope: 'site' routes get the request's site (checked: exists, same as Host's,
 * open), 'member' routes also a live session of that site, 'none' routes do their own lookups.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import type { Site } from '../../content/types.ts';
import type { Lang } from '../../lib/lang.ts';
import type { MemberSession } from '../auth/session.ts';
import { requestOrigin } from '../host.ts';
import type { ApiMessageKey } from './errors.ts';
import { validate } from './validate.ts';

export type Scope = 'none' | 'site' | 'member';
export type ApiEnv = { Variables: { lang: Lang } };
export type ApiContext = Context<ApiEnv>;

/** The origin the client used: links the API writes (feeds, mail, redirects) open on the host it was asked on. */
export function clientOrigin(c: ApiContext): string {
  return requestOrigin(c.req.url, c.req.header('host'));
}
export type Method = 'get' | 'post' | 'delete';

const empty = z.object({});
type Empty = typeof empty;

export type Call<Q, P, B, S extends Scope> = {
  c: ApiContext;
  lang: Lang;
  query: Q;
  params: P;
  body: B;
  site: S extends 'none' ? null : Site;
  member: S extends 'member' ? MemberSession : null;
};

export type RouteSpec<
  S extends Scope,
  Q extends z.ZodType,
  P extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
> = {
  method: Method;
  /** a pattern from apiPaths */
  path: string;
  tag: string;
  summary: string;
  scope: S;
  query?: Q;
  params?: P;
  body?: B;
  /** the body is multipart/form-data (fields as strings, uploads as File), not JSON */
  form?: boolean;
  /** the largest request body this route reads, in bytes (uploads) */
  maxBodyBytes?: number;
  /** `data` of a success envelope */
  response: R;
  /** set when success is a raw body of this content type instead of an envelope */
  raw?: string;
  /** the raw body carries an ETag and a matching If-None-Match answers 304 */
  conditional?: boolean;
  /** success is a 302 to another page (a browser's navigation), not an envelope */
  redirect?: boolean;
  /** the success message, when 'success' says too little */
  successMessage?: ApiMessageKey;
  handle(call: Call<z.output<Q>, z.output<P>, z.output<B>, S>): Promise<z.input<R> | Response>;
};

export type RouteScope = { lang: Lang; site: Site | null; member: MemberSession | null };

export type ApiRoute = {
  method: Method;
  path: string;
  tag: string;
  summary: string;
  scope: Scope;
  query: z.ZodType;
  params: z.ZodType;
  body: z.ZodType | null;
  form: boolean;
  maxBodyBytes: number | null;
  response: z.ZodType;
  raw: string | null;
  conditional: boolean;
  redirect: boolean;
  successMessage: ApiMessageKey;
  run(c: ApiContext, scope: RouteScope): Promise<unknown>;
};

export function route<
  S extends Scope,
  R extends z.ZodType,
  Q extends z.ZodType = Empty,
  P extends z.ZodType = Empty,
  B extends z.ZodType = Empty,
>(spec: RouteSpec<S, Q, P, B, R>): ApiRoute {
  const query: z.ZodType = spec.query ?? empty;
  const params: z.ZodType = spec.params ?? empty;
  return {
    method: spec.method,
    path: spec.path,
    tag: spec.tag,
    summary: spec.summary,
    scope: spec.scope,
    query,
    params,
    body: spec.body ?? null,
    form: spec.form ?? false,
    maxBodyBytes: spec.maxBodyBytes ?? null,
    response: spec.response,
    raw: spec.raw ?? null,
    conditional: spec.conditional ?? false,
    redirect: spec.redirect ?? false,
    successMessage: spec.successMessage ?? 'success',
    async run(c, scope) {
      const call = {
        c,
        lang: scope.lang,
        query: validate(query, c.req.query(), 'query') as z.output<Q>,
        params: validate(params, c.req.param(), 'path') as z.output<P>,
        body: (spec.body
          ? validate(spec.body, spec.form ? await formBody(c) : await jsonBody(c), 'body')
          : {}) as z.output<B>,
        // The scope check in index.ts guarantees these match S.
        site: scope.site as Call<unknown, unknown, unknown, S>['site'],
        member: scope.member as Call<unknown, unknown, unknown, S>['member'],
      };
      return spec.handle(call);
    },
  };
}

async function jsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}

/** The form's fields as an object: text as strings, uploads as File; a repeated name keeps its last value. */
async function formBody(c: Context): Promise<unknown> {
  try {
    const form = await c.req.formData();
    return Object.fromEntries(form.entries());
  } catch {
    return undefined;
  }
}
