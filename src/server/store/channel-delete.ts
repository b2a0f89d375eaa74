/**
 * Deleting a menu item. Refused while anything still leads to it or is filed under it, naming each
 * one, so an editor never publishes a dead link: they remove the links first, or disable the item.
 */
import { z } from 'zod';
import { channelPaths, homeRefusal, linksToPaths, type MenuLinkRef } from '../../lib/menu-rules.ts';
import { recordAudit, SHELL_ACTOR } from './audit.ts';
import { changeOrigin } from './changes.ts';
import { ChannelError, type ChannelRow, list, menuChanged, type Q, refuse, requireChannel } from './channel-writes.ts';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';

const customButtons = z.array(
  z.looseObject({ customButtonName: z.string().catch(''), customButtonLinkValue: z.string().catch('') }),
);

function parseButtons(text: string | undefined): z.infer<typeof customButtons> {
  if (!text) return [];
  try {
    return customButtons.catch([]).parse(JSON.parse(text));
  } catch {
    return [];
  }
}

async function countFiledUnder(
  q: Q,
  table: 'modules' | 'news' | 'albums' | 'editorial_topics',
  siteId: number,
  id: number,
): Promise<number> {
  const row = await q
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('site_id', '=', siteId)
    .where('channel_id', '=', id)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Everything that links to the channel or is filed under it. */
async function linksTo(q: Q, channel: ChannelRow): Promise<MenuLinkRef[]> {
  const { siteId, id } = channel;
  const channels = await list(q, siteId);
  const paths = channelPaths(channel);
  const refs: MenuLinkRef[] = [];
  for (const other of channels) {
    if (other.id === id) continue;
    if (other.parentId === id) refs.push({ kind: 'child', id: other.id, name: other.name ?? other.enName ?? '' });
    else if (linksToPaths(other.linkValue, paths))
      refs.push({ kind: 'menuLink', id: other.id, name: other.name ?? other.enName ?? '' });
  }
  const header = await q
    .selectFrom('header_configs')
    .select('custom_buttons')
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  for (const button of parseButtons(header?.custom_buttons))
    if (linksToPaths(button.customButtonLinkValue, paths))
      refs.push({ kind: 'customButton', name: button.customButtonName });
  const footer = await q
    .selectFrom('footer_configs')
    .select(['link_address', 'picp_link'])
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  if (footer && (linksToPaths(footer.link_address, paths) || linksToPaths(footer.picp_link, paths)))
    refs.push({ kind: 'footer' });
  const filed = [
    ['modules', 'modules'],
    ['news', 'news'],
    ['albums', 'albums'],
    ['boards', 'editorial_topics'],
  ] as const;
  for (const [kind, table] of filed) {
    const count = await countFiledUnder(q, table, siteId, id);
    if (count > 0) refs.push({ kind, count });
  }
  return refs;
}

/** Deletes a channel that nothing links to; the home channel never. */
export function deleteChannel(
  db: Db,
  siteId: number,
  id: number,
  origin: string = changeOrigin('admin'),
  actor: string = SHELL_ACTOR,
): Promise<ChannelRow> {
  return kysely(db)
    .transaction()
    .execute(async (trx) => {
      const channel = await requireChannel(trx, siteId, id);
      refuse(homeRefusal(channel, { delete: true }), 409);
      const refs = await linksTo(trx, channel);
      if (refs.length > 0) throw new ChannelError(409, { rule: 'linked', by: refs });
      await trx.deleteFrom('channels').where('id', '=', id).where('site_id', '=', siteId).execute();
      await menuChanged(trx, siteId, origin, id, 'removed');
      await recordAudit(trx, { siteId, actor, action: 'menu.delete', target: `channel ${id}`, before: channel });
      return channel;
    });
}
