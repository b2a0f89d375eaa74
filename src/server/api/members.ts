/**
 * Member calls: personal info, favourites (collects) and logout. Every call needs a live session
 * of the request's site (status 401 otherwise); a token from one site is worthless on another.
 */
import { z } from 'zod';
import { pagedSchema } from '../../content/types.ts';
import { API_HEADERS, apiPaths } from '../../lib/api-paths.ts';
import { endSession, requestToken } from '../auth/session.ts';
import { fileUrl } from '../store/files.ts';
import { addCollect, collectsPage, memberById, resourceTitle } from '../store/members.ts';
import { paging } from '../store/sql.ts';
import type { ResolvedDeps } from './deps.ts';
import { found } from './found.ts';
import { pageParam, sizeParam } from './params.ts';
import { type ApiRoute, route } from './route.ts';

const tag = 'members';

const collectTypeSchema = z.enum(['article', 'publication', 'picture', 'table', 'video', 'audio', 'news']);

const memberInfoSchema = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  userName: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  mobileNo: z.string().nullable(),
  region: z.string().nullable(),
  major: z.string().nullable(),
  institution: z.string().nullable(),
  researchField: z.string().nullable(),
  gender: z.enum(['male', 'female']).nullable(),
  headPictureUrl: z.string().nullable(),
  createdAt: z.string(),
});

const collectSchema = z.object({
  resourceType: collectTypeSchema,
  resourceId: z.number().int(),
  title: z.string().nullable(),
  enTitle: z.string().nullable(),
  createdAt: z.string(),
});

export function memberRoutes(deps: ResolvedDeps): ApiRoute[] {
  const { db } = deps;
  return [
    route({
      method: 'get',
      path: apiPaths.memberInfo,
      tag,
      summary: "The logged-in member's personal information",
      scope: 'member',
      response: memberInfoSchema,
      handle: async ({ member }) => {
        const row = found(await memberById(db, member.userId, member.siteId));
        const gender = memberInfoSchema.shape.gender.catch(null).parse(row.gender);
        const { headPictureId, ...info } = row;
        return { ...info, gender, headPictureUrl: fileUrl(headPictureId) };
      },
    }),
    route({
      method: 'get',
      path: apiPaths.memberCollects,
      tag,
      summary: "A page of the member's favourites, newest first, optionally of one type",
      scope: 'member',
      query: z.object({ type: collectTypeSchema.optional(), page: pageParam, size: sizeParam(10) }),
      response: pagedSchema(collectSchema),
      handle: async ({ member, query }) => {
        const paged = paging(query.page, query.size);
        const { total, rows } = await collectsPage(db, member, { type: query.type, limit: paged.size, offset: paged.offset });
        const content = [];
        for (const row of rows) {
          const type = collectTypeSchema.safeParse(row.resourceType);
          if (!type.success) continue;
          const title = await resourceTitle(db, member.siteId, type.data, row.resourceId);
          content.push({ resourceType: type.data, resourceId: row.resourceId, title: title?.title ?? null, enTitle: title?.enTitle ?? null, createdAt: row.createdAt });
        }
        return { content, total, page: paged.page, size: paged.size };
      },
    }),
    route({
      method: 'post',
      path: apiPaths.memberCollect,
      tag,
      summary: 'Adds a resource of this site to the favourites (again is harmless)',
      scope: 'member',
      body: z.object({ type: collectTypeSchema, id: z.number().int().positive() }),
      response: z.object({ collected: z.literal(true) }),
      handle: async ({ member, body }) => {
        found(await resourceTitle(db, member.siteId, body.type, body.id));
        await addCollect(db, member, body.type, body.id, deps.now().toISOString());
        return { collected: true as const };
      },
    }),
    route({
      method: 'delete',
      path: apiPaths.logout,
      tag,
      summary: 'Ends the session of the token',
      scope: 'member',
      response: z.null(),
      successMessage: 'logoutSuccess',
      handle: async ({ c }) => {
        const token = requestToken(c.req.header(API_HEADERS.token), c.req.header('cookie'));
        if (token) await endSession(db, token);
        return null;
      },
    }),
  ];
}
