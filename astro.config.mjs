// @ts-check
import node from '@astrojs/node';
import preact from '@astrojs/preact';
import { defineConfig } from 'astro/config';

/**
 * @astrojs/preact with its server renderer swapped for src/islands/preact-server.ts, which
 * remembers each island's HTML between pages. Same renderer name, client side and Vite setup.
 * @param {Parameters<typeof preact>[0]} options
 * @returns {import('astro').AstroIntegration}
 */
function preactRememberingIslands(options) {
  const integration = preact(options);
  const setup = integration.hooks['astro:config:setup'];
  const serverEntrypoint = new URL('./src/islands/preact-server.ts', import.meta.url);
  return {
    ...integration,
    hooks: {
      ...integration.hooks,
      'astro:config:setup': (params) => setup?.({ ...params, addRenderer: (renderer) => params.addRenderer({ ...renderer, serverEntrypoint }) }),
    },
  };
}

// Pages render on demand through the one Node server (src/server), which also prerenders them into
// dist/sites/{sld}/ by calling the same handler (see docs/decisions.md).
export default defineConfig({
  // ASTRO_OUT_DIR lets parallel builds (tests, rebuild workers) keep apart; the server reads the same variable.
  outDir: process.env.ASTRO_OUT_DIR ?? './dist',
  output: 'server',
  adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }),
  // Islands are written against React's API and run on Preact through preact/compat: react-dom's
  // client alone is 65 KB gzip, most of the 80 KB per-page budget (docs/decisions.md).
  integrations: [preactRememberingIslands({ compat: true })],
  // Bundled on the server too, so their `react` imports also resolve to preact/compat.
  vite: { ssr: { noExternal: ['@nanostores/react', 'react', 'react-dom', 'react/jsx-runtime'] } },
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  security: { checkOrigin: false },
  devToolbar: { enabled: false },
});
