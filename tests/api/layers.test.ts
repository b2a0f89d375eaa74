/**
 * The allowed import directions (docs/architecture.md, "Layers") are Biome's noRestrictedImports
 * overrides in biome.json, so `npm run check` fails on a layering break. Here the real config lints
 * probe files in a scratch copy of the folder tree: each forbidden import is reported, each allowed
 * one is not. Biome skips .astro files, so their one rule (no server imports) is checked directly.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const BIOME = join(ROOT, 'node_modules', '.bin', 'biome');

// [file, import specifier, allowed]
const PROBES: [string, string, boolean][] = [
  ['src/lib/a.ts', '../i18n/index.ts', false],
  ['src/lib/b.ts', '../components/content/params.ts', false],
  ['src/lib/c.ts', '../server/store/db.ts', false],
  ['src/lib/d.ts', '../content/rcpub-source.ts', false],
  ['src/lib/e.ts', '../content/types.ts', true],
  ['src/lib/f.ts', '../content/types/article.ts', true],
  ['src/i18n/a.ts', '../lib/lang.ts', true],
  ['src/i18n/zh/b.ts', '../../content/types.ts', false],
  ['src/content/a.ts', '../server/store/db.ts', false],
  ['src/content/b.ts', '../lib/routes.ts', true],
  ['src/islands/a.ts', '../server/api/envelope.ts', false],
  ['src/islands/state/b.ts', '../../components/content/params.ts', false],
  ['src/islands/state/c.ts', '../../i18n/index.ts', true],
  ['src/components/content/a.ts', '../../server/store/db.ts', false],
  ['src/server/feed/a.ts', '../../components/content/params.ts', false],
  ['src/server/api/a.ts', '../http/env.ts', false],
  ['src/server/api/b.ts', '../store/db.ts', true],
  ['src/server/static/a.ts', '../build/site-builder.ts', false],
  ['src/server/static/b.ts', '../http/ssr.ts', false],
  ['src/server/build/a.ts', '../static/paths.ts', true],
  ['src/server/store/a.ts', '../search/service.ts', false],
  ['src/server/store/bulk/b.ts', '../../search/match.ts', true],
  ['src/server/store/c.ts', '../api/envelope.ts', false],
  ['src/server/auth/a.ts', '../app.ts', false],
  ['src/server/http/a.ts', '../api/index.ts', true],
  ['scripts/a.ts', '../tests/unit/store-fixture.ts', false],
];

const scratch = mkdtempSync(join(tmpdir(), 'layers-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function reportedFiles(): Promise<Set<string>> {
  const config = JSON.parse(readFileSync(join(ROOT, 'biome.json'), 'utf8')) as Record<string, unknown>;
  delete config['$schema'];
  writeFileSync(join(scratch, 'biome.json'), JSON.stringify(config));
  for (const [file, specifier] of PROBES) {
    mkdirSync(join(scratch, dirname(file)), { recursive: true });
    writeFileSync(join(scratch, file), `import { x } from '${specifier}';\nexport const y = x;\n`);
  }
  const run = promisify(execFile);
  const output = await run(BIOME, ['lint', '--max-diagnostics=none', 'src', 'scripts'], { cwd: scratch }).then(
    (done) => done.stdout + done.stderr,
    (failed: { stdout: string; stderr: string }) => failed.stdout + failed.stderr,
  );
  const reported = new Set<string>();
  for (const match of output.matchAll(/^(\S+\.ts):\d+:\d+ lint\/style\/noRestrictedImports/gm)) reported.add(match[1]!);
  return reported;
}

function astroFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return astroFiles(path);
    return name.endsWith('.astro') ? [path] : [];
  });
}

describe('layers', () => {
  it('reports every forbidden import and no allowed one', async () => {
    const reported = await reportedFiles();
    const expected = PROBES.filter(([, , allowed]) => !allowed).map(([file]) => file);
    expect([...reported].sort()).toEqual(expected.sort());
  }, 60_000);

  it('keeps the server out of .astro files', () => {
    const offenders = astroFiles('src').filter((path) =>
      /^\s*import[^;]*from\s+['"][^'"]*\/server\//m.test(readFileSync(join(ROOT, path), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
