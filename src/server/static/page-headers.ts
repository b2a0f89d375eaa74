/**
 * Headers every page carries, whoever serves it (the app, the prebuilt fast path, nginx): no
 * framing by another site (clickjacking of the account forms), and no full URL in the Referer
 * sent to other origins.
 */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "frame-ancestors 'self'",
  'X-Frame-Options': 'SAMEORIGIN',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** Adds PAGE_HEADERS to the response (pages and files; the APIs answer before this step). */
export async function pageHeaders(c: { res: Response }, next: () => Promise<void>): Promise<void> {
  await next();
  for (const [name, value] of Object.entries(PAGE_HEADERS)) {
    if (!c.res.headers.has(name)) c.res.headers.set(name, value);
  }
}
