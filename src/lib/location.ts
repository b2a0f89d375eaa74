/**
 * Every Location the portal answers with is a same-origin path: whatever went into it (the
 * request's own path, a legacy URL's segments, a DOI), it leaves percent-encoded, starting with
 * exactly one '/', so no browser can read it as another host ('//evil', '/\evil', '/<TAB>/evil')
 * and no CR or LF can reach the header.
 */

/** characters a path may carry as they are (RFC 3986 pchar and '/'); '%' only before two hex digits */
const PATH_SAFE = /[A-Za-z0-9\-._~!$&'()*+,;=:@/]/;
const QUERY_SAFE = /[A-Za-z0-9\-._~!$&'()*+,;=:@/?]/;

function encodeOutside(text: string, safe: RegExp): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? '';
    if (safe.test(char)) out += char;
    else if (char === '%' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) out += char;
    else {
      // a lone surrogate cannot be encoded: it names nothing
      const point = text.codePointAt(i) ?? 0xfffd;
      const whole = String.fromCodePoint(point >= 0xd800 && point <= 0xdfff ? 0xfffd : point);
      out += encodeURIComponent(whole);
      i += whole.length - 1;
    }
  }
  return out;
}

/** `target` (a path, maybe with a query) as a Location that stays on the origin it is answered from. */
export function sameOriginLocation(target: string): string {
  const hash = target.indexOf('#');
  const withoutHash = hash < 0 ? target : target.slice(0, hash);
  const q = withoutHash.indexOf('?');
  const path = q < 0 ? withoutHash : withoutHash.slice(0, q);
  const query = q < 0 ? '' : withoutHash.slice(q + 1);
  const safePath = `/${encodeOutside(path, PATH_SAFE).replace(/^\/+/, '')}`;
  return query ? `${safePath}?${encodeOutside(query, QUERY_SAFE)}` : safePath;
}
