/** Stored files (logos, covers, figures…) are served by the rc-pub files/get call. */
export function fileUrl(id: number | null): string | null {
  return id === null ? null : `/rc-pub/front/files/get?id=${id}`;
}
