/**
 * The answer to a PDF download: validators (a strong ETag, Last-Modified when the file has a date)
 * so a client can ask again cheaply, and one byte range (PDF readers fetch pages by Range).
 * `counted` tells whether this answer is a download to count: a full body or the first range.
 */
import { etagMatches, ifRangeHolds, notModifiedSince, parseRange } from '../static/conditional.ts';

export type PdfBody = { data: Uint8Array; etag: string; createdAt?: string };

export function pdfResponse(
  request: Request,
  pdf: PdfBody,
  disposition: string,
): { response: Response; counted: boolean } {
  const etag = pdf.etag.startsWith('"') ? pdf.etag : `"${pdf.etag}"`;
  const modified = pdf.createdAt ? Date.parse(pdf.createdAt) : Number.NaN;
  const headers: Record<string, string> = {
    'Content-Type': 'application/pdf',
    'Content-Disposition': disposition,
    ETag: etag,
    ...(Number.isFinite(modified) ? { 'Last-Modified': new Date(modified).toUTCString() } : {}),
    'Accept-Ranges': 'bytes',
    // every download is counted, so caches must ask again
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  };
  const ifNoneMatch = request.headers.get('if-none-match');
  if (
    etagMatches(ifNoneMatch, etag) ||
    (!ifNoneMatch && Number.isFinite(modified) && notModifiedSince(request.headers.get('if-modified-since'), modified))
  ) {
    return { response: new Response(null, { status: 304, headers }), counted: false };
  }
  const bytes = pdf.data;
  const range = ifRangeHolds(request.headers.get('if-range'), etag, modified)
    ? parseRange(request.headers.get('range'), bytes.byteLength)
    : null;
  if (range === 'unsatisfiable') {
    return {
      response: new Response(null, {
        status: 416,
        headers: { ...headers, 'Content-Range': `bytes */${bytes.byteLength}` },
      }),
      counted: false,
    };
  }
  if (range) {
    const part = new Uint8Array(bytes.subarray(range.start, range.end + 1));
    const partHeaders = {
      ...headers,
      'Content-Length': String(part.byteLength),
      'Content-Range': `bytes ${range.start}-${range.end}/${bytes.byteLength}`,
    };
    return { response: new Response(part, { status: 206, headers: partHeaders }), counted: range.start === 0 };
  }
  return {
    response: new Response(new Uint8Array(bytes), {
      headers: { ...headers, 'Content-Length': String(bytes.byteLength) },
    }),
    counted: true,
  };
}
