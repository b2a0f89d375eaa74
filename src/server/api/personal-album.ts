/**
 * The member's own albums (/rc-pub/front/personalAlbum/…): list, save (create), edit, delete, and
 * add or remove resources of this site (editorial-board experts too: the album's experts tab). An album of another member answers 404, as if it did not
 * exist. Covers are JPG or PNG up to 3 MB, checked by content (src/server/api/uploads.ts); a
 * replaced cover and a deleted album's cover are deleted.
 */
import { z } from 'zod';
import { apiPaths } from '../../lib/api-paths.ts';
import { ALBUMS_PER_HOUR } from '../../lib/constants.ts';
import { ALBUM_ITEM_TYPES } from '../../lib/member-resources.ts';
import { deleteUnusedUpload, pictureUrl } from '../store/files.ts';
import { resourceTitle } from '../store/members.ts';
import {
  addPersonalAlbumItem,
  albumCoverId,
  createPersonalAlbum,
  deletePersonalAlbum,
  editPersonalAlbum,
  ownsAlbum,
  personalAlbumItems,
  personalAlbums,
  removePersonalAlbumItem,
} from '../store/personal-albums.ts';
import type { ResolvedDeps } from './deps.ts';
import { found } from './found.ts';
import { idParam } from './params.ts';
import { limit } from './rate-limit.ts';
import { type ApiRoute, route } from './route.ts';
import { storeUpload, uploadBodyLimit, uploadField } from './uploads.ts';

const tag = 'personalAlbum';

const itemTypeSchema = z.enum(ALBUM_ITEM_TYPES);

const HOUR_MS = 3_600_000;

const albumForm = z.object({
  name: z.string().trim().min(1).max(100),
  enName: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((value) => (value ? value : null)),
  cover: uploadField,
});

const albumSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  enName: z.string().nullable(),
  coverUrl: z.string().nullable(),
  items: z.number().int(),
  createdAt: z.string(),
});

const itemInput = z.object({
  albumId: z.number().int().positive(),
  type: itemTypeSchema,
  id: z.number().int().positive(),
});

export function personalAlbumRoutes(deps: ResolvedDeps): ApiRoute[] {
  const { db } = deps;
  return [
    route({
      method: 'get',
      path: apiPaths.personalAlbumList,
      tag,
      summary: "The member's albums, newest first",
      scope: 'member',
      response: z.array(albumSchema),
      handle: async ({ member }) => {
        const albums = [];
        for (const { coverId, ...row } of await personalAlbums(db, member))
          albums.push({ ...row, coverUrl: await pictureUrl(db, coverId) });
        return albums;
      },
    }),
    route({
      method: 'post',
      path: apiPaths.personalAlbumSave,
      tag,
      summary: 'Creates an album (multipart form: name, enName, cover), a limited number an hour per member',
      scope: 'member',
      form: true,
      maxBodyBytes: uploadBodyLimit(apiPaths.personalAlbumSave),
      body: albumForm,
      response: z.object({ id: z.number().int() }),
      handle: async ({ member, body }) => {
        await limit(deps, `album-create:${member.userId}`, ALBUMS_PER_HOUR, HOUR_MS);
        const cover = body.cover ? await storeUpload(deps, member, body.cover, 'cover', null) : null;
        return {
          id: await createPersonalAlbum(
            db,
            member,
            { name: body.name, enName: body.enName, coverId: cover?.id ?? null },
            deps.now().toISOString(),
          ),
        };
      },
    }),
    route({
      method: 'post',
      path: apiPaths.personalAlbumEdit,
      tag,
      summary:
        'Renames an album of the member, and replaces its cover when one is sent (multipart form: id, name, enName, cover)',
      scope: 'member',
      form: true,
      maxBodyBytes: uploadBodyLimit(apiPaths.personalAlbumEdit),
      body: albumForm.extend({ id: idParam }),
      response: z.object({ id: z.number().int() }),
      handle: async ({ member, body }) => {
        found((await ownsAlbum(db, member, body.id)) || null);
        const oldCover = await albumCoverId(db, member, body.id);
        const cover = body.cover ? await storeUpload(deps, member, body.cover, 'cover', oldCover) : undefined;
        await editPersonalAlbum(db, member, body.id, {
          name: body.name,
          enName: body.enName,
          ...(cover === undefined ? {} : { coverId: cover.id }),
        });
        if (cover) await deleteUnusedUpload(db, member.userId, oldCover);
        return { id: body.id };
      },
    }),
    route({
      method: 'post',
      path: apiPaths.personalAlbumDelete,
      tag,
      summary: 'Deletes an album of the member with its list of resources and its cover',
      scope: 'member',
      body: z.object({ id: z.number().int().positive() }),
      response: z.null(),
      handle: async ({ member, body }) => {
        const cover = await albumCoverId(db, member, body.id);
        found((await deletePersonalAlbum(db, member, body.id)) || null);
        await deleteUnusedUpload(db, member.userId, cover);
        return null;
      },
    }),
    route({
      method: 'get',
      path: apiPaths.personalAlbumItems,
      tag,
      summary: 'The resources of an album of the member, optionally of one tab type',
      scope: 'member',
      query: z.object({ albumId: idParam, type: itemTypeSchema.optional() }),
      response: z.array(
        z.object({
          type: itemTypeSchema,
          id: z.number().int(),
          title: z.string().nullable(),
          enTitle: z.string().nullable(),
        }),
      ),
      handle: async ({ member, query }) => {
        found((await ownsAlbum(db, member, query.albumId)) || null);
        const items = [];
        for (const row of await personalAlbumItems(db, query.albumId, query.type)) {
          const type = itemTypeSchema.safeParse(row.resourceType);
          if (!type.success) continue;
          const title = await resourceTitle(db, member.siteId, type.data, row.resourceId);
          items.push({
            type: type.data,
            id: row.resourceId,
            title: title?.title ?? null,
            enTitle: title?.enTitle ?? null,
          });
        }
        return items;
      },
    }),
    route({
      method: 'post',
      path: apiPaths.personalAlbumAdd,
      tag,
      summary: 'Adds a resource of this site to an album of the member (again is harmless)',
      scope: 'member',
      body: itemInput,
      response: z.null(),
      handle: async ({ member, body }) => {
        found((await ownsAlbum(db, member, body.albumId)) || null);
        found(await resourceTitle(db, member.siteId, body.type, body.id));
        await addPersonalAlbumItem(db, body.albumId, body.type, body.id);
        return null;
      },
    }),
    route({
      method: 'post',
      path: apiPaths.personalAlbumRemove,
      tag,
      summary: 'Removes a resource from an album of the member',
      scope: 'member',
      body: itemInput,
      response: z.null(),
      handle: async ({ member, body }) => {
        found((await ownsAlbum(db, member, body.albumId)) || null);
        await removePersonalAlbumItem(db, body.albumId, body.type, body.id);
        return null;
      },
    }),
  ];
}
