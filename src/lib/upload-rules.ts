/**
 * docs/product-rules.md#uploads: the pictures a member uploads (profile photo JPG, PNG or BMP under 5M;
 * album cover JPG or PNG up to 3M), one copy for the personal centre, which checks what the browser
 * knows before sending, and for the server, which checks the bytes. Each problem is the key of its
 * message in the api dictionary of both languages.
 */
import { ALBUM_COVER_MAX_BYTES, AVATAR_MAX_BYTES } from './constants.ts';

export type ImageType = 'jpg' | 'png' | 'bmp';

export const IMAGE_CONTENT_TYPES: Record<ImageType, string> = { jpg: 'image/jpeg', png: 'image/png', bmp: 'image/bmp' };

export type UploadProblem =
  | 'avatarType'
  | 'avatarTooLarge'
  | 'coverType'
  | 'coverTooLarge'
  | 'logoType'
  | 'logoTooLarge';
export const UPLOAD_PROBLEMS: readonly UploadProblem[] = [
  'avatarType',
  'avatarTooLarge',
  'coverType',
  'coverTooLarge',
  'logoType',
  'logoTooLarge',
];

export type UploadRule = {
  types: readonly ImageType[];
  maxBytes: number;
  typeMessage: UploadProblem;
  sizeMessage: UploadProblem;
};

export const UPLOAD_RULES = {
  avatar: {
    types: ['jpg', 'png', 'bmp'],
    maxBytes: AVATAR_MAX_BYTES,
    typeMessage: 'avatarType',
    sizeMessage: 'avatarTooLarge',
  },
  cover: {
    types: ['jpg', 'png'],
    maxBytes: ALBUM_COVER_MAX_BYTES,
    typeMessage: 'coverType',
    sizeMessage: 'coverTooLarge',
  },
  /** a site's header logo, uploaded by its editor in the console */
  logo: {
    types: ['jpg', 'png'],
    maxBytes: ALBUM_COVER_MAX_BYTES,
    typeMessage: 'logoType',
    sizeMessage: 'logoTooLarge',
  },
} as const satisfies Record<string, UploadRule>;

export type UploadKind = keyof typeof UPLOAD_RULES;

/** the names a browser may give each type when it declares none */
const EXTENSIONS: Record<ImageType, readonly string[]> = {
  jpg: ['jpg', 'jpeg', 'jpe', 'jfif'],
  png: ['png'],
  bmp: ['bmp', 'dib'],
};
/** older browsers declare BMP so */
const OTHER_CONTENT_TYPES: Partial<Record<ImageType, readonly string[]>> = {
  bmp: ['image/x-ms-bmp', 'image/x-bmp'],
  jpg: ['image/pjpeg'],
};

function declaredAs(type: ImageType, file: { type: string; name: string }): boolean {
  if (file.type)
    return file.type === IMAGE_CONTENT_TYPES[type] || (OTHER_CONTENT_TYPES[type] ?? []).includes(file.type);
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  return EXTENSIONS[type].includes(extension);
}

/** What the browser can tell before sending a file: its declared type (or its name) and its size. */
export function uploadProblem(
  kind: UploadKind,
  file: { size: number; type: string; name: string },
): UploadProblem | null {
  const rule: UploadRule = UPLOAD_RULES[kind];
  if (!rule.types.some((type) => declaredAs(type, file))) return rule.typeMessage;
  return file.size > rule.maxBytes ? rule.sizeMessage : null;
}

/** the file input's accept attribute */
export const acceptOf = (kind: UploadKind): string =>
  UPLOAD_RULES[kind].types.map((type) => IMAGE_CONTENT_TYPES[type]).join(',');
