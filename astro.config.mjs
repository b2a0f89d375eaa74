// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

// Pages render on demand through the one Node server (src/server), which also prerenders them into
// dist/sites/{sld}/ by calling the same handler (see docs/decisions.md).
export default defineConfig({
  // ASTRO_OUT_DIR lets parallel builds (tests, rebuild workers) keep apart; the server reads the same variable.
  outDir: process.env.ASTRO_OUT_DIR ?? './dist',
  output: 'server',
  adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }),
  // Islands run on React 19. Pages are built whole (files or one compressed body), so islands render
  // with renderToString rather than a stream.
  integrations: [react({ experimentalDisableStreaming: true })],
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  security: { checkOrigin: false },
  devToolbar: { enabled: false },
});
