/**
 * Channel (menu item) writes for editors. Every change runs in one transaction and is checked
 * against the site it claims to belong to, so an editor of one site cannot touch another's menu.
 */
import type { Selectable, Transaction } from 'kysely';
import { menuRefusalMessage } from '../../i18n/menu-messages.ts';
import { homeRefusal, linkValueRefusal, type MenuRefusal, nameRefusal, parentRefusal } from '../../lib/menu-rules.ts';

import { recordAudit, SHELL_ACTOR } from './audit.ts';
import { changeOrigin, recordChanges } from './changes.ts';
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';
import type { Database } from './schema.ts';

export type ChannelRow = {
  id: number;
  siteId: number;
  parentId: number;
  code: string;
  name: string | null;
  enName: string | null;
  enable: '0' | '1';
  sortOrder: number;
  route: string | null;
  linkValue: string | null;
};

export type NewChannel = {
  code: string;
  name?: string | null | undefined;
  enName?: string | null | undefined;
  parentId?: number | undefined;
  enable?: boolean | undefined;
  sortOrder?: number | undefined;
  route?: string | null | undefined;
  linkValue?: string | null | undefined;
};

export type ChannelChange = {
  name?: string | null | undefined;
  enName?: string | null | undefined;
  enable?: boolean | undefined;
  sortOrder?: number | undefined;
  parentId?: number | undefined;
  linkValue?: string | null | undefined;
};

/** A refused menu write: the rule it broke (worded in the caller's language), its English text as the message. */
export class ChannelError extends Error {
  readonly status: 400 | 404 | 409;
  readonly refusal: MenuRefusal | null;
  constructor(status: 400 | 404 | 409, refusal: MenuRefusal | string) {
    super(typeof refusal === 'string' ? refusal : menuRefusalMessage(refusal, 'en'));
    this.status = status;
    this.refusal = typeof refusal === 'string' ? null : refusal;
  }
}

/** Throws the first refusal, if any. */
export function refuse(refusal: MenuRefusal | null, status: 400 | 409 = 400): void {
  if (refusal) throw new ChannelError(status, refusal);
}

export type Q = Transaction<Database> | ReturnType<typeof kysely>;

/** An empty name is no name: the item is hidden in that language. */
const nameOrNull = (name: string | null | undefined) => (name ?? '').trim() || null;

const COLUMNS = [
  'id',
  'site_id',
  'parent_id',
  'code',
  'name',
  'en_name',
  'enable',
  'sort_order',
  'route',
  'link_value',
] as const;

type Selected = Pick<Selectable<Database['channels']>, (typeof COLUMNS)[number]>;

function toRow(row: Selected): ChannelRow {
  return {
    id: row.id,
    siteId: row.site_id,
    parentId: row.parent_id,
    code: row.code,
    name: row.name,
    enName: row.en_name,
    enable: row.enable === '1' ? '1' : '0',
    sortOrder: row.sort_order,
    route: row.route,
    linkValue: row.link_value,
  };
}

export async function list(q: Q, siteId: number): Promise<ChannelRow[]> {
  const rows = await q
    .selectFrom('channels')
    .select(COLUMNS)
    .where('site_id', '=', siteId)
    .orderBy('parent_id')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map(toRow);
}

async function get(q: Q, siteId: number, id: number): Promise<ChannelRow | null> {
  const row = await q
    .selectFrom('channels')
    .select(COLUMNS)
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toRow(row) : null;
}

export function listChannels(db: Db, siteId: number): Promise<ChannelRow[]> {
  return list(kysely(db), siteId);
}

export async function requireChannel(q: Q, siteId: number, id: number): Promise<ChannelRow> {
  const channel = await get(q, siteId, id);
  if (!channel) throw new ChannelError(404, { rule: 'channelMissing', id });
  return channel;
}

/** A parent must be 0 (top level) or a channel of the same site, not the channel or below it, within the menus' depth. */
async function checkParent(q: Q, siteId: number, parentId: number, movingId?: number): Promise<void> {
  if (parentId === 0) return;
  refuse(parentRefusal(await list(q, siteId), parentId, movingId));
}

/** Every menu write is recorded in the change log inside its transaction (the menu is on every page). */
export const menuChanged = (
  trx: Q,
  siteId: number,
  origin: string,
  id?: number,
  action: 'added' | 'updated' | 'removed' = 'updated',
) => recordChanges(trx, [{ siteId, kind: 'menu', action, ids: id === undefined ? [] : [id] }], origin);

export function createChannel(
  db: Db,
  siteId: number,
  input: NewChannel,
  origin: string = changeOrigin('admin'),
  actor: string = SHELL_ACTOR,
): Promise<ChannelRow> {
  return kysely(db)
    .transaction()
    .execute(async (trx) => {
      const parentId = input.parentId ?? 0;
      refuse(nameRefusal(input.name, input.enName));
      refuse(linkValueRefusal(input.code, input.linkValue));
      await checkParent(trx, siteId, parentId);
      const next = await trx
        .selectFrom('channels')
        .select((eb) => eb(eb.fn.coalesce(eb.fn.max('sort_order'), eb.lit(-1)), '+', 1).as('next'))
        .where('site_id', '=', siteId)
        .where('parent_id', '=', parentId)
        .executeTakeFirst();
      const inserted = await trx
        .insertInto('channels')
        .values({
          site_id: siteId,
          parent_id: parentId,
          code: input.code,
          name: nameOrNull(input.name),
          en_name: nameOrNull(input.enName),
          enable: input.enable === false ? '0' : '1',
          sort_order: input.sortOrder ?? Number(next?.next ?? 0),
          route: input.route ?? null,
          link_value: input.linkValue ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await menuChanged(trx, siteId, origin, inserted.id);
      const created = await requireChannel(trx, siteId, inserted.id);
      await recordAudit(trx, { siteId, actor, action: 'menu.create', target: `channel ${created.id}`, after: created });
      return created;
    });
}

export function updateChannel(
  db: Db,
  siteId: number,
  id: number,
  change: ChannelChange,
  origin: string = changeOrigin('admin'),
  actor: string = SHELL_ACTOR,
): Promise<ChannelRow> {
  return kysely(db)
    .transaction()
    .execute(async (trx) => {
      const channel = await requireChannel(trx, siteId, id);
      refuse(homeRefusal(channel, change));
      const name = change.name === undefined ? channel.name : nameOrNull(change.name);
      const enName = change.enName === undefined ? channel.enName : nameOrNull(change.enName);
      refuse(nameRefusal(name, enName));
      refuse(linkValueRefusal(channel.code, change.linkValue));
      if (change.parentId !== undefined && change.parentId !== channel.parentId)
        await checkParent(trx, siteId, change.parentId, id);
      await trx
        .updateTable('channels')
        .set({
          name,
          en_name: enName,
          enable: change.enable === undefined ? channel.enable : change.enable ? '1' : '0',
          sort_order: change.sortOrder ?? channel.sortOrder,
          parent_id: change.parentId ?? channel.parentId,
          link_value: change.linkValue === undefined ? channel.linkValue : change.linkValue,
        })
        .where('id', '=', id)
        .where('site_id', '=', siteId)
        .execute();
      await menuChanged(trx, siteId, origin, id);
      const updated = await requireChannel(trx, siteId, id);
      await recordAudit(trx, {
        siteId,
        actor,
        action: 'menu.update',
        target: `channel ${id}`,
        before: channel,
        after: updated,
      });
      return updated;
    });
}

/** Sets the order of the children of one parent: the listed ids get sort orders 0, 1, 2, … */
export function reorderChannels(
  db: Db,
  siteId: number,
  parentId: number,
  ids: number[],
  origin: string = changeOrigin('admin'),
  actor: string = SHELL_ACTOR,
): Promise<ChannelRow[]> {
  return kysely(db)
    .transaction()
    .execute(async (trx) => {
      const siblings = (await list(trx, siteId)).filter((channel) => channel.parentId === parentId);
      const known = new Set(siblings.map((channel) => channel.id));
      if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
        throw new ChannelError(400, { rule: 'orderIncomplete', parentId });
      }
      for (const [index, id] of ids.entries()) {
        await trx
          .updateTable('channels')
          .set({ sort_order: index })
          .where('id', '=', id)
          .where('site_id', '=', siteId)
          .execute();
      }
      await menuChanged(trx, siteId, origin);
      await recordAudit(trx, {
        siteId,
        actor,
        action: 'menu.reorder',
        target: `parent ${parentId}`,
        before: siblings.toSorted((a, b) => a.sortOrder - b.sortOrder).map((channel) => channel.id),
        after: ids,
      });
      return (await list(trx, siteId)).filter((channel) => channel.parentId === parentId);
    });
}
