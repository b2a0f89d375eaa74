/**
 * Id lists for `IN (…)` of a few fixed lengths. Statements are prepared once per SQL text, so a
 * list of every length would leave one statement per length; the last chunk is padded to a power
 * of two with its own first id, which `IN` reads once.
 */
const ID_CHUNK = 256;

export function idChunks<T extends number | string>(ids: Iterable<T>): T[][] {
  const unique = [...new Set(ids)];
  const chunks: T[][] = [];
  for (let start = 0; start < unique.length; start += ID_CHUNK) {
    const chunk = unique.slice(start, start + ID_CHUNK);
    let size = 1;
    while (size < chunk.length) size *= 2;
    const first = chunk[0];
    while (first !== undefined && chunk.length < size) chunk.push(first);
    chunks.push(chunk);
  }
  return chunks;
}
