import { channelId } from '../../store/bulk/import-reads.ts';
import type { ChannelInput } from '../schema.ts';
import { at, html, type Writer } from './writer.ts';

export async function writeChannels(
  w: Writer,
  siteId: number,
  channels: readonly ChannelInput[],
  parentId: number,
  path: (string | number)[],
): Promise<number> {
  let written = 0;
  for (const [i, channel] of channels.entries()) {
    const here = [...path, i];
    const { id } = await at(here, async () =>
      w.upsert(
        'channels',
        await channelId(w.trx, siteId, parentId, channel.code),
        {
          name: channel.name,
          en_name: channel.enName,
          enable: channel.enable,
          link_value: channel.linkValue,
          route: channel.route,
          news_data_type: channel.newsDataType,
          content: html(channel.content),
          en_content: html(channel.enContent),
        },
        { site_id: siteId, parent_id: parentId, code: channel.code, enable: '1', sort_order: 1000 + i },
      ),
    );
    written += 1 + (await writeChannels(w, siteId, channel.children, id, [...here, 'children']));
  }
  return written;
}
