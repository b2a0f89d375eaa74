/**
 * /oai on every site: the OAI-PMH 2.0 endpoint (GET with a query, or POST with a form body, as
 * the protocol allows), answering text/xml from the site's store-backed repository. Protocol
 * errors are XML answers with HTTP 200; a closed site has no endpoint.
 */
import type { Hono } from 'hono';
import type { ContentSource } from '../../content/source.ts';
import { requestOrigin } from '../host.ts';
import { handleOai } from '../oai/handle.ts';
import { siteOaiRepository } from '../oai/site-repository.ts';
import type { Db } from '../store/db.ts';
import { langOf, type PortalEnv } from './env.ts';

/** a form body larger than this is no OAI-PMH request */
const MAX_FORM_BYTES = 8192;

export function mountOai(
  app: Hono<PortalEnv>,
  deps: { db: Db; source: ContentSource; baseDomain: string; adminEmail: string; now: () => Date },
): void {
  app.on(['GET', 'POST'], '/oai', async (c) => {
    const site = c.var.site;
    if (site.status !== 'active') return c.text('Not Found', 404);
    const url = new URL(c.req.url);
    const origin = requestOrigin(c.req.url, c.req.header('host'));
    let params: [string, string][] = [...url.searchParams];
    if (c.req.method === 'POST') {
      const body = await c.req.text();
      if (body.length > MAX_FORM_BYTES) return c.text('Payload Too Large', 413);
      params = [...new URLSearchParams(body)];
    }
    const lang = langOf(c);
    const repo = siteOaiRepository({
      db: deps.db,
      source: deps.source,
      site,
      origin,
      baseDomain: deps.baseDomain,
      lang,
      adminEmail: deps.adminEmail,
      now: deps.now(),
    });
    const xml = await handleOai(params, repo, deps.now(), { lang });
    return c.body(xml, 200, {
      'Content-Type': 'text/xml; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  });
}
