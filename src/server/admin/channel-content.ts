/**
 * GET and PUT /_admin/sites/{sld}/channels/{id}/content: the HTML body of an item's own page in
 * both languages, stored sanitized where the item and about pages read it.
 */
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { MENU_CONTENT_MAX } from '../../lib/menu-rules.ts';
import { getChannelContent, setChannelContent } from '../store/channel-content.ts';
import { ChannelError } from '../store/channel-writes.ts';
import type { Db } from '../store/db.ts';
import { jsonBody } from './json-body.ts';
import { channelIdOfPath, invalidBody, menuWrite, siteOfPath } from './menu-answers.ts';
import { type AdminEnv, actorOf } from './principal.ts';

const html = z.string().nullable().optional();
const contentBody = z
  .strictObject({ content: html, enContent: html })
  .refine((body) => body.content !== undefined || body.enContent !== undefined);

export function channelContentRoutes(
  admin: Hono<AdminEnv>,
  db: Db,
  rebuildAfter: (c: Context<AdminEnv>, sld: string) => Promise<unknown>,
): void {
  admin.get('/_admin/sites/:sld/channels/:id/content', (c) =>
    menuWrite(c, async () => {
      const site = await siteOfPath(c, db);
      if (site instanceof Response) return site;
      const id = channelIdOfPath(c);
      if (id instanceof Response) return id;
      return c.json(await getChannelContent(db, site.siteId, id));
    }),
  );

  admin.put('/_admin/sites/:sld/channels/:id/content', (c) =>
    menuWrite(c, async () => {
      const site = await siteOfPath(c, db);
      if (site instanceof Response) return site;
      const id = channelIdOfPath(c);
      if (id instanceof Response) return id;
      const parsed = contentBody.safeParse(await jsonBody(c));
      if (!parsed.success) return invalidBody(c, parsed.error);
      for (const text of [parsed.data.content, parsed.data.enContent])
        if ((text?.length ?? 0) > MENU_CONTENT_MAX)
          throw new ChannelError(400, { rule: 'contentTooLong', max: MENU_CONTENT_MAX });
      const content = await setChannelContent(db, site.siteId, id, parsed.data, undefined, actorOf(c.get('principal')));
      return c.json({ ...content, rebuild: await rebuildAfter(c, site.sld) });
    }),
  );
}
