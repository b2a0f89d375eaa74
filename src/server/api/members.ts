/**
 * Member calls (/rc-pub/front/frontMembers/…): personal info, favourites, downloads and browsing
 * history. Every call needs a live session of the request's site (status 401 otherwise); a token
 * from one site is worthless on another, and every query names the session's member.
 */
import { z } from 'zod';
import { pagedSchema } from '../../content/types.ts';
import { emailProblem } from '../../lib/account-rules.ts';
import { API_STATUS, apiPaths } from '../../lib/api-paths.ts';
import { memberInfoSchema } from '../../lib/member-info.ts';
import { COLLECT_TYPES } from '../../lib/member-resources.ts';
import { loginRowById, updateProfile } from '../store/accounts.ts';
import type { Db } from '../store/db.ts';
import { deleteUnusedUpload, pictureUrl, uploadUrl } from '../store/files.ts';
import {
  addCollect,
  addHistory,
  collectsPage,
  downloadsPage,
  historiesPage,
  isCollected,
  memberById,
  removeCollect,
  resourceTitle,
} from '../store/members.ts';
import { paging } from '../store/sql.ts';
import type { ResolvedDeps } from './deps.ts';
import { ApiError } from './errors.ts';
import { found } from './found.ts';
import { passwordChangeDue } from './login-session.ts';
import { idParam, pageParam, sizeParam } from './params.ts';
import { type ApiRoute, route } from './route.ts';
import { storeUpload, uploadBodyLimit, uploadField } from './uploads.ts';

const tag = 'members';

const collectTypeSchema = z.enum(COLLECT_TYPES);

const resourceInput = z.object({ type: collectTypeSchema, id: z.number().int().positive() });
const resourceQuery = z.object({ type: collectTypeSchema, id: idParam });

/** a profile field: left out keeps what is stored (undefined), sent empty clears it (null) */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));

const saveInfoBody = z.object({
  name: optionalText(60),
  email: optionalText(254),
  region: optionalText(100),
  major: optionalText(100),
  institution: optionalText(200),
  researchField: optionalText(200),
  gender: z
    .enum(['male', 'female', ''])
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null)),
  headPicture: uploadField,
  /** set by a form that must carry a picture: 'Please upload information pictures' without one */
  pictureRequired: z.enum(['true', 'false']).optional(),
});

const collectSchema = z.object({
  resourceType: collectTypeSchema,
  resourceId: z.number().int(),
  title: z.string().nullable(),
  enTitle: z.string().nullable(),
  createdAt: z.string(),
});

/** Each row with its resource's titles (rows of an unknown type are left out). */
async function withTitles<R extends { resourceType: string; resourceId: number }>(db: Db, siteId: number, rows: R[]) {
  const titled = [];
  for (const row of rows) {
    const type = collectTypeSchema.safeParse(row.resourceType);
    if (!type.success) continue;
    const title = await resourceTitle(db, siteId, type.data, row.resourceId);
    titled.push({
      row,
      resourceType: type.data,
      resourceId: row.resourceId,
      title: title?.title ?? null,
      enTitle: title?.enTitle ?? null,
    });
  }
  return titled;
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
        const row = found(await memberById(db, member.userId, member.siteId));
        const gender = memberInfoSchema.shape.gender.catch(null).parse(row.gender);
        const { headPictureId, ...info } = row;
        const login = await loginRowById(db, member.siteId, member.userId);
        return {
          ...info,
          gender,
          headPictureUrl: await pictureUrl(db, headPictureId),
          passwordChangeDue: passwordChangeDue(login?.passwordChangedAt ?? null, deps.now()),
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
        const { total, rows } = await collectsPage(db, member, {
          type: query.type,
          limit: paged.size,
          offset: paged.offset,
        });
        const content = (await withTitles(db, member.siteId, rows)).map(({ row, ...titled }) => ({
          ...titled,
          createdAt: row.createdAt,
        }));
        return { content, total, page: paged.page, size: paged.size };
      },
    }),
    route({
      method: 'post',
      path: apiPaths.memberCollect,
      tag,
      summary: 'Adds a resource of this site to the favourites (again is harmless)',
      scope: 'member',
      body: resourceInput,
      response: z.object({ collected: z.literal(true) }),
      handle: async ({ member, body }) => {
        found(await resourceTitle(db, member.siteId, body.type, body.id));
        await addCollect(db, member, body.type, body.id, deps.now().toISOString());
        return { collected: true as const };
      },
    }),
    route({
      method: 'post',
      path: apiPaths.memberSaveInfo,
      tag,
      summary:
        'Saves the personal information (multipart form; a field left out is kept, an empty one cleared; headPicture: JPG, PNG or BMP under 5 MB, checked by content and dimensions, within the member quota; the photo it replaces is deleted)',
      scope: 'member',
      form: true,
      maxBodyBytes: uploadBodyLimit(apiPaths.memberSaveInfo),
      body: saveInfoBody,
      response: z.object({ headPictureUrl: z.string().nullable() }),
      successMessage: 'saved',
      handle: async ({ member, body }) => {
        if (body.email && emailProblem(body.email)) throw new ApiError(API_STATUS.badRequest, 'emailFormat');
        const current = found(await memberById(db, member.userId, member.siteId));
        if (body.pictureRequired === 'true' && !body.headPicture && current.headPictureId === null)
          throw new ApiError(API_STATUS.badRequest, 'pictureRequired');
        const picture = body.headPicture
          ? await storeUpload(deps, member, body.headPicture, 'avatar', current.headPictureId)
          : undefined;
        const { headPicture: _file, pictureRequired: _required, ...fields } = body;
        await updateProfile(db, member.siteId, member.userId, {
          ...fields,
          ...(picture === undefined ? {} : { headPictureId: picture.id }),
        });
        if (!picture) return { headPictureUrl: await pictureUrl(db, current.headPictureId) };
        await deleteUnusedUpload(db, member.userId, current.headPictureId);
        return { headPictureUrl: uploadUrl(picture.key) };
      },
    }),
    route({
      method: 'get',
      path: apiPaths.memberIsCollect,
      tag,
      summary: 'Whether the member has this resource in the favourites',
      scope: 'member',
      query: resourceQuery,
      response: z.object({ collected: z.boolean() }),
      handle: async ({ member, query }) => ({ collected: await isCollected(db, member, query.type, query.id) }),
    }),
    route({
      method: 'post',
      path: apiPaths.memberUnCollect,
      tag,
      summary: 'Removes a resource from the favourites (absent is harmless)',
      scope: 'member',
      body: resourceInput,
      response: z.object({ collected: z.literal(false) }),
      handle: async ({ member, body }) => {
        await removeCollect(db, member, body.type, body.id);
        return { collected: false as const };
      },
    }),
    route({
      method: 'get',
      path: apiPaths.memberDownloads,
      tag,
      summary: "A page of the member's downloaded articles, newest first",
      scope: 'member',
      query: z.object({ page: pageParam, size: sizeParam(10) }),
      response: pagedSchema(
        z.object({
          articleId: z.number().int(),
          title: z.string(),
          enTitle: z.string().nullable(),
          createdAt: z.string(),
        }),
      ),
      handle: async ({ member, query }) => {
        const paged = paging(query.page, query.size);
        const { total, rows } = await downloadsPage(db, member, { limit: paged.size, offset: paged.offset });
        return { content: rows, total, page: paged.page, size: paged.size };
      },
    }),
    route({
      method: 'post',
      path: apiPaths.memberAddHistory,
      tag,
      summary: 'Remembers that the member viewed a resource of this site',
      scope: 'member',
      body: resourceInput,
      response: z.null(),
      handle: async ({ member, body }) => {
        found(await resourceTitle(db, member.siteId, body.type, body.id));
        await addHistory(db, member, body.type, body.id, deps.now().toISOString());
        return null;
      },
    }),
    route({
      method: 'get',
      path: apiPaths.memberHistorys,
      tag,
      summary: "A page of the member's browsing history, latest first",
      scope: 'member',
      query: z.object({ page: pageParam, size: sizeParam(10) }),
      response: pagedSchema(collectSchema.omit({ createdAt: true }).extend({ viewedAt: z.string() })),
      handle: async ({ member, query }) => {
        const paged = paging(query.page, query.size);
        const { total, rows } = await historiesPage(db, member, { limit: paged.size, offset: paged.offset });
        const content = (await withTitles(db, member.siteId, rows)).map(({ row, ...titled }) => ({
          ...titled,
          viewedAt: row.viewedAt,
        }));
        return { content, total, page: paged.page, size: paged.size };
      },
    }),
  ];
}
