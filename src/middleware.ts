/** Keeps rendered pages valid HTML: Astro's island style element moves from <body> to the layout's <head>. */
import { defineMiddleware } from 'astro:middleware';
import { withoutBodyIslandStyle } from './lib/island-style.ts';

export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  // the renderer buffers pages anyway, so reading the whole body costs no streaming
  const html = await response.text();
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(withoutBodyIslandStyle(html), { status: response.status, statusText: response.statusText, headers });
});
