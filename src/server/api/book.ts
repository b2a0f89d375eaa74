/**
 * The book cloud (docs/product-rules.md#book-cloud): the site's book config (configName BOOK_CLOUD_CHECK, 'true'
 * enables the entry) and the jump URL. A logged-in member jumps with a short-lived signed token;
 * a visitor (or a portal without a signing key) opens the book site itself.
 */
import { z } from 'zod';
import { API_STATUS, apiPaths } from '../../lib/api-paths.ts';
import { BOOK_JUMP_TTL_MS } from '../../lib/constants.ts';
import { bookToken } from '../auth/book-token.ts';
import { memberById } from '../store/members.ts';
import { siteConfigValue } from '../store/site-configs.ts';
import type { ResolvedDeps } from './deps.ts';
import { ApiError } from './errors.ts';
import { type ApiRoute, route } from './route.ts';
import { sessionOf } from './scope.ts';

const tag = 'book';

export function bookRoutes(deps: ResolvedDeps): ApiRoute[] {
  const { db } = deps;
  return [
    route({
      method: 'get',
      path: apiPaths.configByName,
      tag,
      summary: "A named setting of the site (e.g. BOOK_CLOUD_CHECK: 'true' shows the book-cloud entry); '' when unset",
      scope: 'site',
      query: z.object({
        configName: z
          .string()
          .trim()
          .regex(/^[A-Z0-9_]{1,64}$/),
      }),
      response: z.object({ configName: z.string(), configValue: z.string() }),
      handle: async ({ site, query }) => ({
        configName: query.configName,
        configValue: (await siteConfigValue(db, site.id, query.configName)) ?? '',
      }),
    }),
    route({
      method: 'get',
      path: apiPaths.bookJump,
      tag,
      summary:
        'Where the book-cloud entry leads: with a token valid one minute for a logged-in member, else the book site',
      scope: 'site',
      response: z.object({ jumpUrl: z.string() }),
      handle: async ({ c, site }) => {
        if (!deps.book.url) throw new ApiError(API_STATUS.notFound, 'bookUnavailable');
        const session = await sessionOf(c, deps, site);
        const member = session ? await memberById(db, session.userId, session.siteId) : null;
        if (!member || !deps.book.secret) return { jumpUrl: deps.book.url };
        const token = bookToken(
          { site: site.id, user: member.userName, exp: deps.now().getTime() + BOOK_JUMP_TTL_MS },
          deps.book.secret,
        );
        const url = new URL(deps.book.url);
        url.searchParams.set('token', token);
        return { jumpUrl: url.href };
      },
    }),
  ];
}
