import { defineConfig } from 'vitest/config';
import { ENGINE_SPECIFIC_API_FILES } from './tests/api/engine-specific-files.ts';


// One project per layer, so `vitest run --project unit` needs no Astro build; the projects inherit
// the options below (Vitest 5 inline projects extend the root config).
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 2,
    // the e2e tests poll what a visitor would see; 1 s (vitest's default) is too short for a
    // picture or a beacon on a loaded 2-core machine, and a passing poll returns at once anyway
    expect: { poll: { timeout: 10_000 } },
    projects: [
      // a unit test file leaves no state behind (no mocks, no env changes), so the two workers each
      // load the shared modules once instead of once per file: about a third of the CPU time
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], isolate: false } },
      // nor does an api file (no mocks, no env changes; each server and database its own, closed in
      // afterAll): loading the server's modules (jieba's dictionary, citation-js) once per worker
      // instead of once per file took the layer from 396 s to 128 s of wall time at load 12
      { test: { name: 'api', include: ['tests/api/**/*.test.ts'], isolate: false } },
      // the same API files on PostgreSQL: one throwaway cluster for the run, a database per store
      // (tests/fixtures/test-engine.ts, postgres-run.ts, postgres-demo-db.ts)
      {
        test: {
          name: 'api-postgres',
          include: ['tests/api/**/*.test.ts'],
          exclude: ENGINE_SPECIFIC_API_FILES,
          isolate: false,
          env: { TEST_ENGINE: 'postgres' },
          globalSetup: ['tests/fixtures/postgres-run.ts'],
        },
      },
      // only the browser tests render pages through the built Astro app
      // a failed browser test runs once more: on a loaded 2-core machine a step can miss its limit
      // (docs/decisions.md, "Tests and tooling", "One retry for a browser test"); a fault that is
      // really there fails both runs
      {
        test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], globalSetup: ['tests/global-setup.ts'], retry: 1 },
      },
    ],
  },
});
