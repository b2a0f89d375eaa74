/** DELETE /_admin/sites/{sld}/channels/{id}: removes a menu item nothing links to (409 naming what does). */
import type { Context, Hono } from 'hono';
import { dictionary, format } from '../../i18n/index.ts';
import { requestLang } from '../api/index.ts';
import { deleteChannel } from '../store/channel-delete.ts';
import type { Db } from '../store/db.ts';
import { channelIdOfPath, menuWrite, siteOfPath } from './menu-answers.ts';
import { type AdminEnv, actorOf } from './principal.ts';

export function channelDeleteRoute(
  admin: Hono<AdminEnv>,
  db: Db,
  rebuildAfter: (c: Context<AdminEnv>, sld: string) => Promise<unknown>,
): void {
  admin.delete('/_admin/sites/:sld/channels/:id', (c) =>
    menuWrite(c, async () => {
      const site = await siteOfPath(c, db);
      if (site instanceof Response) return site;
      const id = channelIdOfPath(c);
      if (id instanceof Response) return id;
      const channel = await deleteChannel(db, site.siteId, id, undefined, actorOf(c.get('principal')));
      const message = format(dictionary(requestLang(c)).menus.deleted, { id });
      return c.json({ message, channel, rebuild: await rebuildAfter(c, site.sld) });
    }),
  );
}
