/**
 * Channel (menu item) writes for editors. Every change runs in one transaction and is checked
 * against the site it claims to belong to, so an editor of one site cannot touch another's menu.
 */
import { type Db, transaction } from '../store/db.ts';

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

const COLUMNS = `id, site_id AS siteId, parent_id AS parentId, code, name, en_name AS enName, enable,
  sort_order AS sortOrder, route, link_value AS linkValue`;

function toRow(row: Record<string, unknown>): ChannelRow {
  return {
    id: Number(row['id']),
    siteId: Number(row['siteId']),
    parentId: Number(row['parentId']),
    code: String(row['code']),
    name: row['name'] === null ? null : String(row['name']),
    enName: row['enName'] === null ? null : String(row['enName']),
    enable: row['enable'] === '1' ? '1' : '0',
    sortOrder: Number(row['sortOrder']),
    route: row['route'] === null ? null : String(row['route']),
    linkValue: row['linkValue'] === null ? null : String(row['linkValue']),
  };
}

export function siteIdBySld(db: Db, sld: string): number | null {
  const row = db.prepare('SELECT id FROM sites WHERE sld = ?').get(sld);
  return row ? Number(row['id']) : null;
}

/** 'active', 'expired' or 'forbidden'; null when there is no such site. */
export function siteStatusBySld(db: Db, sld: string): string | null {
  const row = db.prepare('SELECT status FROM sites WHERE sld = ?').get(sld);
  return row ? String(row['status']) : null;
}

export function listChannels(db: Db, siteId: number): ChannelRow[] {
  return db
    .prepare(`SELECT ${COLUMNS} FROM channels WHERE site_id = ? ORDER BY parent_id, sort_order, id`)
    .all(siteId)
    .map(toRow);
}

export function getChannel(db: Db, siteId: number, id: number): ChannelRow | null {
  const row = db.prepare(`SELECT ${COLUMNS} FROM channels WHERE site_id = ? AND id = ?`).get(siteId, id);
  return row ? toRow(row) : null;
}

function requireChannel(db: Db, siteId: number, id: number): ChannelRow {
  const channel = getChannel(db, siteId, id);
  if (!channel) throw new ChannelError(404, `channel ${id} not found on this site`);
  return channel;
}

/** A parent must be 0 (top level) or a channel of the same site that is not the channel or below it. */
function checkParent(db: Db, siteId: number, parentId: number, movingId?: number): void {
  if (parentId === 0) return;
  let current: ChannelRow | null = requireParent(db, siteId, parentId);
  while (current) {
    if (current.id === movingId) throw new ChannelError(400, 'a channel cannot be moved under itself');
    current = current.parentId === 0 ? null : getChannel(db, siteId, current.parentId);
  }
}

function requireParent(db: Db, siteId: number, parentId: number): ChannelRow {
  const parent = getChannel(db, siteId, parentId);
  if (!parent) throw new ChannelError(400, `parent channel ${parentId} not found on this site`);
  return parent;
}

export function createChannel(db: Db, siteId: number, input: NewChannel): ChannelRow {
  return transaction(db, () => {
    const parentId = input.parentId ?? 0;
    checkParent(db, siteId, parentId);
    const sortOrder =
      input.sortOrder ??
      Number(db.prepare('SELECT COALESCE(MAX(sort_order), -1) + 1 AS next FROM channels WHERE site_id = ? AND parent_id = ?').get(siteId, parentId)?.['next'] ?? 0);
    const result = db
      .prepare(
        'INSERT INTO channels (site_id, parent_id, code, name, en_name, enable, sort_order, route, link_value) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(siteId, parentId, input.code, input.name, input.enName ?? null, input.enable === false ? '0' : '1', sortOrder, input.route ?? null, input.linkValue ?? null);
    return requireChannel(db, siteId, Number(result.lastInsertRowid));
  });
}

export function updateChannel(db: Db, siteId: number, id: number, change: ChannelChange): ChannelRow {
  return transaction(db, () => {
    const channel = requireChannel(db, siteId, id);
    if (change.parentId !== undefined) checkParent(db, siteId, change.parentId, id);
    db.prepare('UPDATE channels SET name = ?, en_name = ?, enable = ?, sort_order = ?, parent_id = ? WHERE id = ? AND site_id = ?').run(
      change.name ?? channel.name,
      change.enName === undefined ? channel.enName : change.enName,
      change.enable === undefined ? channel.enable : change.enable ? '1' : '0',
      change.sortOrder ?? channel.sortOrder,
      change.parentId ?? channel.parentId,
      id,
      siteId,
    );
    return requireChannel(db, siteId, id);
  });
}

/** Sets the order of the children of one parent: the listed ids get sort orders 0, 1, 2, … */
export function reorderChannels(db: Db, siteId: number, parentId: number, ids: number[]): ChannelRow[] {
  return transaction(db, () => {
    const siblings = listChannels(db, siteId).filter((channel) => channel.parentId === parentId);
    const known = new Set(siblings.map((channel) => channel.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
      throw new ChannelError(400, `ids must list every child of parent ${parentId} exactly once`);
    }
    const update = db.prepare('UPDATE channels SET sort_order = ? WHERE id = ? AND site_id = ?');
    for (const [index, id] of ids.entries()) update.run(index, id, siteId);
    return listChannels(db, siteId).filter((channel) => channel.parentId === parentId);
  });
}
