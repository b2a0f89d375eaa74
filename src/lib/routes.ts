/**
 * The one route table (docs/product-rules.md#routes), by part: canonical URLs, the legacy URL shapes that answer
 * 301 to them, matching a path against those shapes, and the pages outside both families. Menu links
 * (menu-targets.ts), the server's legacy redirects and the pages' canonical links all use it.
 */
export * from './routes/canonical.ts';
export * from './routes/legacy.ts';
export * from './routes/match-legacy.ts';
export * from './routes/other-pages.ts';
export * from './routes/pattern.ts';
export * from './routes/with-query.ts';
