/**
 * Member calls: personal info, favourites (collects) and logout. Every call needs a live session
 * of the request's site (status 401 otherwise); a token from one site is worthless on another.
 */
import { z } from 'zod';
import { pagedSchema } from '../../content/types.ts';
import { API_HEADERS, apiPaths } from '../../lib/api-paths.ts';
import { endSession, requestToken } from '../auth/session.ts';
import type { Db } from '../store/db.ts';
import { fileUrl } from '../store/files.ts';
import { all, int, intOrNull, one, paging, str, strOrNull } from '../store/sql.ts';
import type { ResolvedDeps } from './deps.ts';
import { found } from './found.ts';
import { pageParam, sizeParam } from './params.ts';
import { type ApiRoute, route } from './route.ts';

const tag = 'members';

const collectTypeSchema = z.enum(['article', 'publication', 'picture', 'table', 'video', 'audio', 'news']);
type CollectType = z.infer<typeof collectTypeSchema>;

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

/** The title of a visible resource of this site, or null when there is none. */
const TITLE_SQL: Record<CollectType, string> = {
  article: "SELECT title, en_title FROM articles WHERE id = ? AND site_id = ? AND status <> 'draft'",
  publication: 'SELECT name AS title, en_name AS en_title FROM publications WHERE id = ? AND site_id = ?',
  picture: "SELECT caption AS title, en_caption AS en_title FROM figures WHERE id = ? AND site_id = ? AND kind = 'picture'",
  table: "SELECT caption AS title, en_caption AS en_title FROM figures WHERE id = ? AND site_id = ? AND kind = 'table'",
  video: "SELECT title, en_title FROM media WHERE id = ? AND site_id = ? AND kind = 'video'",
  audio: "SELECT title, en_title FROM media WHERE id = ? AND site_id = ? AND kind = 'audio'",
  news: 'SELECT title, en_title FROM news WHERE id = ? AND site_id = ?',
};

function resourceTitle(db: Db, siteId: number, type: CollectType, id: number): { title: string | null; enTitle: string | null } | null {
  const row = one(db, TITLE_SQL[type], id, siteId);
  return row ? { title: strOrNull(row, 'title'), enTitle: strOrNull(row, 'en_title') } : null;
}

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
        const row = found(
          one(
            db,
            `SELECT id, site_id, user_name, name, email, mobile_no, region, major, institution, research_field, gender,
               head_picture_id, created_at FROM users WHERE id = ? AND site_id = ?`,
            member.userId,
            member.siteId,
          ),
        );
        const gender = memberInfoSchema.shape.gender.catch(null).parse(row['gender']);
        return {
          id: int(row, 'id'),
          siteId: int(row, 'site_id'),
          userName: str(row, 'user_name'),
          name: strOrNull(row, 'name'),
          email: strOrNull(row, 'email'),
          mobileNo: strOrNull(row, 'mobile_no'),
          region: strOrNull(row, 'region'),
          major: strOrNull(row, 'major'),
          institution: strOrNull(row, 'institution'),
          researchField: strOrNull(row, 'research_field'),
          gender,
          headPictureUrl: fileUrl(intOrNull(row, 'head_picture_id')),
          createdAt: str(row, 'created_at'),
        };
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
        const where = query.type ? 'user_id = ? AND site_id = ? AND resource_type = ?' : 'user_id = ? AND site_id = ?';
        const params = query.type ? [member.userId, member.siteId, query.type] : [member.userId, member.siteId];
        const total = one(db, `SELECT COUNT(*) AS total FROM collects WHERE ${where}`, ...params);
        const rows = all(
          db,
          `SELECT resource_type, resource_id, created_at FROM collects WHERE ${where}
           ORDER BY created_at DESC, resource_type, resource_id DESC LIMIT ? OFFSET ?`,
          ...params,
          paged.size,
          paged.offset,
        );
        const content = rows.flatMap((row) => {
          const type = collectTypeSchema.safeParse(row['resource_type']);
          if (!type.success) return [];
          const resourceId = int(row, 'resource_id');
          const title = resourceTitle(db, member.siteId, type.data, resourceId);
          return [{ resourceType: type.data, resourceId, title: title?.title ?? null, enTitle: title?.enTitle ?? null, createdAt: str(row, 'created_at') }];
        });
        return { content, total: total ? int(total, 'total') : 0, page: paged.page, size: paged.size };
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
        found(resourceTitle(db, member.siteId, body.type, body.id));
        db.prepare(
          `INSERT INTO collects (user_id, site_id, resource_type, resource_id, created_at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (user_id, resource_type, resource_id) DO NOTHING`,
        ).run(member.userId, member.siteId, body.type, body.id, deps.now().toISOString());
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
        if (token) endSession(db, token);
        return null;
      },
    }),
  ];
}
