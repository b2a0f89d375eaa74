/** Start-up cleanup of .builds/: killed builds' folders go, live writers' stay, old versions are bounded. */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanBuilds, freshBuildFolder, PREVIOUS_KEPT, swapIn } from '../../src/server/static/site-folder.ts';

describe('cleanBuilds', () => {
  let sitesDir: string;
  beforeEach(() => {
    sitesDir = mkdtempSync(join(tmpdir(), 'sites-'));
  });
  afterEach(() => rmSync(sitesDir, { recursive: true, force: true }));

  const version = (name: string, ageSeconds: number, marker?: string) => {
    const folder = join(sitesDir, '.builds', name);
    mkdirSync(folder, { recursive: true });
    if (marker !== undefined) writeFileSync(join(folder, '.building'), marker);
    const at = Date.now() / 1000 - ageSeconds;
    utimesSync(folder, at, at);
  };

  it('removes killed builds and versions beyond the bounded previous ones, never the live one or a running build', async () => {
    const live = await freshBuildFolder(sitesDir, 'jmst');
    await swapIn(sitesDir, 'jmst', live);
    for (let i = 1; i <= 4; i++) version(`jmst.old${i}`, i * 60);
    version('jmst.killed', 5, '999999999');
    version('jmst.running', 5, String(process.pid));
    const removed = await cleanBuilds(sitesDir);
    expect(removed.sort()).toEqual(['jmst.killed', 'jmst.old3', 'jmst.old4']);
    expect(readdirSync(join(sitesDir, '.builds')).sort()).toEqual(
      [live.slice(live.lastIndexOf('/') + 1), 'jmst.old1', 'jmst.old2', 'jmst.running'].sort(),
    );
    expect(PREVIOUS_KEPT).toBe(2);
  });
});
