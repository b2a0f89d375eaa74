/**
 * Writes that change what a page shows leave rows in the change log, in their own transaction:
 * an import names what it added and changed, a re-import of the same file records nothing, a
 * menu edit records the menu, and a write that fails records nothing.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importContent } from '../../src/server/import/index.ts';
import { changesSince, lastChangeId, pruneChanges, recordChanges } from '../../src/server/store/changes.ts';
import { ChannelError, listChannels, updateChannel } from '../../src/server/store/channel-writes.ts';
import { type Db, openDb } from '../../src/server/store/db.ts';
import { siteIdBySld } from '../../src/server/store/sites.ts';

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures', name), 'utf8'));
const NOW = '2026-11-01T00:00:00.000Z';

describe('the change log', () => {
  let dir: string;
  let db: Db;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'changes-'));
    db = openDb(join(dir, 'portal.db'));
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('records what an import added, once per kind, and what a correction changed', async () => {
    expect(await lastChangeId(db)).toBe(0);
    await importContent(db, fixture('import-good.json'), NOW, null, 'import', 'import pid 1');
    const first = await changesSince(db, 0);
    const kinds = first.map((change) => `${change.kind}:${change.action}:${change.ids.length}`).sort();
    expect(kinds).toEqual([
      'album:added:1',
      'article:added:2',
      'article:updated:1',
      'board:updated:0',
      'issue:added:2',
      'media:added:2',
      'menu:updated:0',
      'news:added:2',
      'publication:updated:0',
      'settings:added:0',
    ]);
    expect(first.every((change) => change.origin === 'import pid 1' && change.createdAt === NOW)).toBe(true);

    const cursor = await lastChangeId(db);
    await importContent(db, fixture('import-good.json'), NOW);
    expect(await changesSince(db, cursor), 'the same file again changes nothing').toEqual([]);

    await importContent(db, fixture('import-corrections.json'), NOW);
    const corrected = await changesSince(db, cursor);
    const article = corrected.find((change) => change.kind === 'article');
    expect(article?.action).toBe('updated');
    expect(article?.ids).toHaveLength(1);
    expect(corrected.map((change) => `${change.kind}:${change.action}`).sort()).toEqual([
      'album:added',
      'article:updated',
      'media:added',
      'news:added',
    ]);
  });

  it('records a menu edit in its transaction, and nothing when the edit fails', async () => {
    await importContent(db, fixture('import-good.json'), NOW);
    const siteId = (await siteIdBySld(db, 'jos')) ?? 0;
    const channel = (await listChannels(db, siteId))[0];
    if (!channel) throw new Error('the fixture has channels');
    const cursor = await lastChangeId(db);
    await updateChannel(db, siteId, channel.id, { name: '新名称' }, 'menu pid 7');
    expect(await changesSince(db, cursor)).toMatchObject([
      { siteId, kind: 'menu', action: 'updated', ids: [channel.id], origin: 'menu pid 7' },
    ]);
    const after = await lastChangeId(db);
    await expect(updateChannel(db, siteId, channel.id, { parentId: channel.id })).rejects.toBeInstanceOf(ChannelError);
    expect(await changesSince(db, after)).toEqual([]);
  });

  it('reads after a cursor in order, and prunes old rows', async () => {
    await recordChanges(
      db,
      [
        { siteId: 1, kind: 'article', action: 'updated', ids: [3, 3, 4] },
        { siteId: 1, kind: 'article', action: 'updated', ids: [5] },
      ],
      'test',
      new Date('2026-01-01T00:00:00Z'),
    );
    await recordChanges(db, [{ siteId: 1, kind: 'news', action: 'added', ids: [] }], 'test');
    const all = await changesSince(db, 0);
    expect(all.map((change) => change.ids)).toEqual([[3, 4, 5]]);
    expect(await pruneChanges(db, new Date('2026-06-01T00:00:00Z'))).toBe(1);
    expect(await changesSince(db, 0)).toEqual([]);
  });
});
