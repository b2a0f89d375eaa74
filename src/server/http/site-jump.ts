/**
 * /_site/{sld}/{lang}/: the header's link to another site of this portal (src/lib/site-jump.ts).
 * It answers a redirect to that site's home page (or to the canonical page that follows the sld,
 * /_site/{sld}/{lang}/about/{id}/, a path of plain segments only) on the same kind of host the visitor came in
 * on: {sld}.localhost or {sld}.{BASE_DOMAIN} with the request's scheme and port, or, on a site's
 * own domain, the other site's own domain (else its {sld}.{BASE_DOMAIN}). Only sites of this
 * portal are named, so it cannot be made to redirect anywhere else.
 */
import type { Hono } from 'hono';
import type { ContentSource } from '../../content/source.ts';
import type { Site } from '../../content/types.ts';
import { isLang } from '../../lib/lang.ts';
import { canonical } from '../../lib/routes.ts';
import { SITE_JUMP_PREFIX } from '../../lib/site-jump.ts';
import { isHttps } from '../auth/cookies.ts';
import { hostName } from '../host.ts';
import { langOf, type PortalEnv } from './env.ts';

/** The origin of `target` as seen from a request for `hostHeader` (already the effective host). */
export function siteOriginFrom(
  hostHeader: string,
  https: boolean,
  target: Pick<Site, 'sld' | 'domain'>,
  baseDomain: string,
): string {
  const name = hostName(hostHeader);
  const port = /:(\d{1,5})$/.exec(hostHeader.trim())?.[1];
  const scheme = https ? 'https:' : 'http:';
  const withPort = (host: string) => `${scheme}//${host}${port ? `:${port}` : ''}`;
  if (name === 'localhost' || name.endsWith('.localhost')) return withPort(`${target.sld}.localhost`);
  if (name.endsWith(`.${baseDomain}`)) return withPort(`${target.sld}.${baseDomain}`);
  return withPort(target.domain?.trim() || `${target.sld}.${baseDomain}`);
}

const JUMP_PATH = new RegExp(
  `^${SITE_JUMP_PREFIX}([a-z0-9-]{1,63})/(?:([a-z]{2})(/(?:[A-Za-z0-9_-]{1,64}/){1,4})?/?)?$`,
  'i',
);

export function mountSiteJump(app: Hono<PortalEnv>, deps: { source: ContentSource; baseDomain: string }): void {
  app.on(['GET', 'HEAD'], `${SITE_JUMP_PREFIX}*`, async (c, next) => {
    const [, sld = '', pathLang, page] = JUMP_PATH.exec(c.req.path) ?? [];
    const target = sld ? await deps.source.findSiteBySld(sld) : null;
    if (!target || (pathLang !== undefined && !isLang(pathLang))) return next();
    const lang = isLang(pathLang) ? pathLang : langOf(c);
    const origin = siteOriginFrom(
      c.req.header('host') ?? '',
      isHttps(c.req.url, c.req.header('x-forwarded-proto')),
      target,
      deps.baseDomain,
    );
    c.header('Cache-Control', 'no-store');
    return c.redirect(origin + (page ? `/${lang}${page}` : canonical.home(lang)), 302);
  });
}
