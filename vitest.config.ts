import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 2,
    // the e2e tests poll what a visitor would see; 1 s (vitest's default) is too short for a
    // picture or a beacon on a loaded 2-core machine, and a passing poll returns at once anyway
    expect: { poll: { timeout: 10_000 } },
  },
});
