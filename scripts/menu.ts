/**
 * `npm run menu -- <command> --site <sld> …`: lists and edits a site's menu (channel) items.
 *   list    --site jmst
 *   rename  --site jmst --id 12 [--name 新名称] [--en-name "New name"]
 *   enable  --site jmst --id 12        disable --site jmst --id 12
 *   move    --site jmst --id 12 [--parent 0] [--position 2]
 *   delete  --site jmst --id 12        (refused while anything links to it, naming what)
 * Add --rebuild to rebuild the site afterwards.
 */

import { parseArgs } from 'node:util';
import { z } from 'zod';
import { menuWarningMessage } from '../src/i18n/menu-messages.ts';
import { menuWarnings } from '../src/lib/menu-rules.ts';
import { idParam, wholeNumberParam } from '../src/server/api/params.ts';
import { openContent } from '../src/server/build/open-content.ts';
import { builderPaths, createSiteBuilder } from '../src/server/build/site-builder.ts';
import { loadConfig } from '../src/server/config.ts';
import { changeOrigin } from '../src/server/store/changes.ts';
import { deleteChannel } from '../src/server/store/channel-delete.ts';
import {
  ChannelError,
  type ChannelRow,
  listChannels,
  reorderChannels,
  updateChannel,
} from '../src/server/store/channel-writes.ts';
import { closeStore } from '../src/server/store/open-store.ts';
import { siteIdBySld } from '../src/server/store/sites.ts';
import { setUsage } from './cli.ts';

const USAGE =
  'usage: npm run menu -- list|rename|enable|disable|move|delete --site <sld> [--id N] [--name …] [--en-name …] [--parent N] [--position N] [--rebuild]';
setUsage(USAGE);

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    site: { type: 'string' },
    id: { type: 'string' },
    name: { type: 'string' },
    'en-name': { type: 'string' },
    parent: { type: 'string' },
    position: { type: 'string' },
    rebuild: { type: 'boolean', default: false },
  },
});
const args = z
  .object({
    command: z.enum(['list', 'rename', 'enable', 'disable', 'move', 'delete']),
    site: z.string().regex(/^[a-z0-9-]+$/),
    id: idParam.optional(),
    // lengths are the menu rules' (src/lib/menu-rules.ts), checked by the store with their own message
    name: z.string().trim().optional(),
    enName: z.string().trim().optional(),
    parent: wholeNumberParam(0).optional(),
    position: wholeNumberParam(0).optional(),
  })
  .safeParse({
    command: positionals[0],
    site: values.site,
    id: values.id,
    name: values.name,
    enName: values['en-name'],
    parent: values.parent,
    position: values.position,
  });
if (!args.success) {
  console.error(
    args.error.issues.map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`).join('\n'),
  );
  console.error(USAGE);
  process.exit(2);
}
const a = args.data;
const config = loadConfig();
const { db, source } = await openContent(config);
const origin = changeOrigin('menu');

/** An item saved without a name in a language is hidden there: say so instead of saving silently. */
function printWarnings(row: ChannelRow): void {
  for (const warning of menuWarnings(row)) console.warn(`warning: ${row.id}: ${menuWarningMessage(warning, 'en')}`);
}

function printTree(rows: ChannelRow[], parentId = 0, depth = 0): void {
  for (const row of rows.filter((r) => r.parentId === parentId)) {
    const state = row.enable === '1' ? '' : '  (disabled)';
    console.log(
      `${'  '.repeat(depth)}${String(row.id).padStart(5)}  ${row.code.padEnd(16)} ${row.name ?? ''} / ${row.enName ?? ''}${state}`,
    );
    printTree(rows, row.id, depth + 1);
  }
}

try {
  const siteId = await siteIdBySld(db, a.site);
  if (siteId === null) throw new ChannelError(404, `no site with sld ${a.site}`);
  if (a.command === 'list') {
    printTree(await listChannels(db, siteId));
  } else {
    if (a.id === undefined) throw new ChannelError(400, `${a.command} needs --id`);
    if (a.command === 'rename') {
      if (a.name === undefined && a.enName === undefined)
        throw new ChannelError(400, 'rename needs --name and/or --en-name');
      const row = await updateChannel(db, siteId, a.id, { name: a.name, enName: a.enName }, origin);
      console.log(`renamed ${row.id}: ${row.name} / ${row.enName ?? ''}`);
      printWarnings(row);
    } else if (a.command === 'enable' || a.command === 'disable') {
      const row = await updateChannel(db, siteId, a.id, { enable: a.command === 'enable' }, origin);
      console.log(`${a.command}d ${row.id} (${row.name})`);
      printWarnings(row);
    } else if (a.command === 'delete') {
      const row = await deleteChannel(db, siteId, a.id, origin);
      console.log(`deleted ${row.id} (${row.name})`);
    } else {
      if (a.parent === undefined && a.position === undefined)
        throw new ChannelError(400, 'move needs --parent and/or --position');
      const row = await updateChannel(db, siteId, a.id, a.parent === undefined ? {} : { parentId: a.parent }, origin);
      if (a.position !== undefined) {
        const ids = (await listChannels(db, siteId))
          .filter((r) => r.parentId === row.parentId && r.id !== row.id)
          .map((r) => r.id);
        ids.splice(Math.min(a.position, ids.length), 0, row.id);
        await reorderChannels(db, siteId, row.parentId, ids, origin);
      }
      console.log(
        `moved ${row.id} under ${row.parentId}${a.position === undefined ? '' : ` at position ${a.position}`}`,
      );
    }
    if (values.rebuild) {
      const builder = createSiteBuilder({
        db,
        source,
        ...builderPaths(config),
      });
      const outcome = await builder.rebuild.request(a.site);
      await builder.close();
      if (outcome.ok)
        console.log(`${a.site} rebuilt: ${outcome.summary.written} pages in ${outcome.summary.seconds.toFixed(1)} s`);
      else throw new Error(`rebuild failed, the previous build keeps serving: ${outcome.error}`);
    }
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await closeStore(db);
}
