/** Uploaded images: size and type checked on the bytes (the name and declared type are not believed). */
import { z } from 'zod';
import { API_STATUS, apiPaths } from '../../lib/api-paths.ts';
import { ALBUM_COVER_MAX_BYTES, AVATAR_MAX_BYTES } from '../../lib/constants.ts';
import { IMAGE_CONTENT_TYPES, type ImageType, sniffImage } from '../files/image-type.ts';
import { insertFile } from '../store/files.ts';
import type { ResolvedDeps } from './deps.ts';
import { type ApiMessageKey, ApiError } from './errors.ts';

/** an optional file field of a form; an empty file input counts as none */
export const uploadField = z
  .instanceof(File)
  .optional()
  .transform((file) => (file && file.size > 0 ? file : undefined));

/** multipart overhead allowed over the file itself */
const FORM_OVERHEAD = 64 * 1024;
const formLimit = (maxFileBytes: number) => maxFileBytes + FORM_OVERHEAD;

/** The routes that take a file, with the largest body each reads (the request path's first step uses it too). */
export const UPLOAD_BODY_LIMITS: Readonly<Record<string, number>> = {
  [apiPaths.memberSaveInfo]: formLimit(AVATAR_MAX_BYTES),
  [apiPaths.personalAlbumSave]: formLimit(ALBUM_COVER_MAX_BYTES),
  [apiPaths.personalAlbumEdit]: formLimit(ALBUM_COVER_MAX_BYTES),
};

export function uploadBodyLimit(path: string): number {
  const limit = UPLOAD_BODY_LIMITS[path];
  if (limit === undefined) throw new Error(`${path} takes no upload`);
  return limit;
}

export type ImageRule = { types: readonly ImageType[]; maxBytes: number; typeMessage: ApiMessageKey; sizeMessage: ApiMessageKey };

/** Stores the image if it passes the rule and returns the file id. */
export async function storeImage(deps: ResolvedDeps, siteId: number, file: File, rule: ImageRule): Promise<number> {
  if (file.size > rule.maxBytes) throw new ApiError(API_STATUS.badRequest, rule.sizeMessage);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.length > rule.maxBytes) throw new ApiError(API_STATUS.badRequest, rule.sizeMessage);
  const type = sniffImage(bytes);
  if (!type || !rule.types.includes(type)) throw new ApiError(API_STATUS.badRequest, rule.typeMessage);
  return insertFile(deps.db, { siteId, name: `upload.${type}`, contentType: IMAGE_CONTENT_TYPES[type], data: bytes, createdAt: deps.now().toISOString() });
}
