/**
 * Id lists for `IN (…)` of a few fixed lengths. Statements are prepared once per SQL text, so a
 * list of every length would leave one statement per length; the last chunk is padded to a power
 * of two with its own first id, which `IN` reads once.
 */
const ID_CHUNK = 256;

export function idChunks(ids: Iterable<number>): number[][] {
  const unique = [...new Set(ids)];
  const chunks: number[][] = [];
  for (let start = 0; start < unique.length; start += ID_CHUNK) {
    const chunk = unique.slice(start, start + ID_CHUNK);
    let size = 1;
    while (size < chunk.length) size *= 2;
    while (chunk.length < size) chunk.push(chunk[0] ?? 0);
    chunks.push(chunk);
  }
  return chunks;
}
