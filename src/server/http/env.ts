/** What every step of the request path shares: the Hono environment and the cache policies. */
import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import type { Site } from '../../content/types.ts';
import { type Lang, langOfRequest } from '../../lib/lang.ts';
import { urlLang } from '../redirects.ts';

export type PortalEnv = { Bindings: Partial<HttpBindings>; Variables: { site: Site } };

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'public, no-cache';
export const SHORT = 'public, max-age=300';

/** Language for a redirect: the URL's (a /zh/ or /en/ prefix, a legacy path's, ?lang=), else the cookie, else zh. */
export function langOf(c: Context): Lang {
  return langOfRequest({ pathLang: urlLang(c.req.path, c.req.query('lang')), cookies: c.req.header('cookie') });
}
