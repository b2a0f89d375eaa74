/**
 * Channel (menu item) writes for editors. Every change runs in one transaction and is checked
 * against the site it claims to belong to, so an editor of one site cannot touch another's menu.
 */
import type { Selectable, Transaction } from 'kysely';
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
  name: string;
  enName?: string | null | undefined;
  parentId?: number | undefined;
  enable?: boolean | undefined;
  sortOrder?: number | undefined;
  route?: string | null | undefined;
  linkValue?: string | null | undefined;
};

export type ChannelChange = {
  name?: string | undefined;
  enName?: string | null | undefined;
  enable?: boolean | undefined;
  sortOrder?: number | undefined;
  parentId?: number | undefined;
};

export class ChannelError extends Error {
  readonly status: 400 | 404;
  constructor(status: 400 | 404, message: string) {
    super(message);
    this.status = status;
  }
}

type Q = Transaction<Database> | ReturnType<typeof kysely>;

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

async function list(q: Q, siteId: number): Promise<ChannelRow[]> {
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

async function requireChannel(q: Q, siteId: number, id: number): Promise<ChannelRow> {
  const channel = await get(q, siteId, id);
  if (!channel) throw new ChannelError(404, `channel ${id} not found on this site`);
  return channel;
}

/** A parent must be 0 (top level) or a channel of the same site that is not the channel or below it. */
async function checkParent(q: Q, siteId: number, parentId: number, movingId?: number): Promise<void> {
  if (parentId === 0) return;
  let current: ChannelRow | null = await get(q, siteId, parentId);
  if (!current) throw new ChannelError(400, `parent channel ${parentId} not found on this site`);
  while (current) {
    if (current.id === movingId) throw new ChannelError(400, 'a channel cannot be moved under itself');
    current = current.parentId === 0 ? null : await get(q, siteId, current.parentId);
  }
}

/** Every menu write is recorded in the change log inside its transaction (the menu is on every page). */
const menuChanged = (trx: Q, siteId: number, origin: string, id?: number) =>
  recordChanges(trx, [{ siteId, kind: 'menu', action: 'updated', ids: id === undefined ? [] : [id] }], origin);

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
          name: input.name,
          en_name: input.enName ?? null,
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
      if (change.parentId !== undefined) await checkParent(trx, siteId, change.parentId, id);
      await trx
        .updateTable('channels')
        .set({
          name: change.name ?? channel.name,
          en_name: change.enName === undefined ? channel.enName : change.enName,
          enable: change.enable === undefined ? channel.enable : change.enable ? '1' : '0',
          sort_order: change.sortOrder ?? channel.sortOrder,
          parent_id: change.parentId ?? channel.parentId,
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
        throw new ChannelError(400, `ids must list every child of parent ${parentId} exactly once`);
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
