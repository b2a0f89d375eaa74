import { execFileSync } from 'node:child_process';

/**
 * Builds the Astro app once per test run so SSR, prerender and e2e tests use current pages.
 * flock keeps two concurrent runs from writing the same output folder at once.
 */
export default function setup(): void {
  if (process.env['SKIP_ASTRO_BUILD'] === '1') return;
  execFileSync(
    'flock',
    ['/tmp/journal-portal-astro-build.lock', process.execPath, 'node_modules/astro/bin/astro.mjs', 'build', '--silent'],
    {
      stdio: 'inherit',
      // vitest sets NODE_ENV=test; the app is always built and rendered as production (see renderer.ts).
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
}
