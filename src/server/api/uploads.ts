/**
 * A member's uploaded pictures: size, type and dimensions checked on the bytes (the name and
 * declared type are not believed), a quota and an hourly limit per member. The rules and their
 * messages are src/lib/upload-rules.ts, which the personal centre checks before sending.
 */
import { z } from 'zod';
import { API_STATUS, apiPaths } from '../../lib/api-paths.ts';
import { IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE, MEMBER_UPLOAD_QUOTA_BYTES, UPLOADS_PER_HOUR } from '../../lib/constants.ts';
import { type ImageType, UPLOAD_RULES, type UploadKind, type UploadRule } from '../../lib/upload-rules.ts';
import { imageSize } from '../files/image-size.ts';
import { IMAGE_CONTENT_TYPES, sniffImage } from '../files/image-type.ts';
import { insertMemberUpload, type MemberUpload, memberUploadBytes } from '../store/files.ts';
import type { ResolvedDeps } from './deps.ts';
import { ApiError } from './errors.ts';
import { limit } from './rate-limit.ts';

/** The image's type by its bytes when the rule takes it and the image can be read; null otherwise. */
export function imageTypeOf(bytes: Uint8Array, rule: UploadRule): ImageType | null {
  const type = sniffImage(bytes);
  return type && rule.types.includes(type) && imageSize(bytes, type) ? type : null;
}

/** Whether the image's width and height are each at most `side` pixels (read from its header, not decoded). */
export function sidesWithin(bytes: Uint8Array, type: ImageType, side: number): boolean {
  const size = imageSize(bytes, type);
  return size !== null && size.width <= side && size.height <= side;
}

/** an optional file field of a form; an empty file input counts as none */
export const uploadField = z
  .instanceof(File)
  .optional()
  .transform((file) => (file && file.size > 0 ? file : undefined));

/** multipart overhead allowed over the file itself */
const FORM_OVERHEAD = 64 * 1024;
const HOUR_MS = 3_600_000;
const MB = 1024 * 1024;

/** The routes that take a file and the rule of each (the request path's first step reads it too). */
export const UPLOAD_ROUTES: Readonly<Record<string, UploadKind>> = {
  [apiPaths.memberSaveInfo]: 'avatar',
  [apiPaths.personalAlbumSave]: 'cover',
  [apiPaths.personalAlbumEdit]: 'cover',
};

function uploadRoute(path: string): UploadRule {
  const kind = UPLOAD_ROUTES[path];
  if (kind === undefined) throw new Error(`${path} takes no upload`);
  return UPLOAD_RULES[kind];
}

/** The largest body an upload route reads: its file limit and the form around it. */
export function uploadBodyLimit(path: string): number {
  return uploadRoute(path).maxBytes + FORM_OVERHEAD;
}

/** What a body too large for an upload route is told: the size message of its file (docs/product-rules.md#uploads), not a generic one. */
export const uploadSizeMessage = (path: string) => uploadRoute(path).sizeMessage;

type Member = { userId: number; siteId: number };

function checkDimensions(bytes: Uint8Array, rule: UploadRule, type: Parameters<typeof imageSize>[1]): void {
  const size = imageSize(bytes, type);
  if (!size) throw new ApiError(API_STATUS.badRequest, rule.typeMessage);
  if (size.width > IMAGE_MAX_SIDE || size.height > IMAGE_MAX_SIDE || size.width * size.height > IMAGE_MAX_PIXELS) {
    throw new ApiError(API_STATUS.badRequest, 'imageDimensions', {
      side: IMAGE_MAX_SIDE,
      megapixels: IMAGE_MAX_PIXELS / 1_000_000,
    });
  }
}

/**
 * Stores the member's picture if it passes the rule and the quota (the picture it replaces, whose
 * id `replacing` names, does not count: it is deleted once the new one is in place).
 */
export async function storeUpload(
  deps: ResolvedDeps,
  member: Member,
  file: File,
  kind: UploadKind,
  replacing: number | null,
): Promise<MemberUpload> {
  await limit(deps, `upload:${member.userId}`, UPLOADS_PER_HOUR, HOUR_MS);
  const rule: UploadRule = UPLOAD_RULES[kind];
  if (file.size > rule.maxBytes) throw new ApiError(API_STATUS.badRequest, rule.sizeMessage);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.length > rule.maxBytes) throw new ApiError(API_STATUS.badRequest, rule.sizeMessage);
  const type = sniffImage(bytes);
  if (!type || !rule.types.includes(type)) throw new ApiError(API_STATUS.badRequest, rule.typeMessage);
  checkDimensions(bytes, rule, type);
  if ((await memberUploadBytes(deps.db, member.userId, replacing)) + bytes.length > MEMBER_UPLOAD_QUOTA_BYTES) {
    throw new ApiError(API_STATUS.badRequest, 'uploadQuota', { megabytes: MEMBER_UPLOAD_QUOTA_BYTES / MB });
  }
  return insertMemberUpload(deps.db, member.userId, {
    siteId: member.siteId,
    name: `upload.${type}`,
    contentType: IMAGE_CONTENT_TYPES[type],
    data: bytes,
    createdAt: deps.now().toISOString(),
  });
}
