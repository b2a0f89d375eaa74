import { channelIdNow } from '../../store/bulk/lookups.ts';
import type { ChannelInput } from '../schema.ts';
import { at, html, type Writer } from './writer.ts';

export function writeChannels(
  w: Writer,
  siteId: number,
  channels: readonly ChannelInput[],
  parentId: number,
  path: (string | number)[],
): number {
  let written = 0;
  channels.forEach((channel, i) => {
    const here = [...path, i];
    const { id } = at(here, () =>
      w.upsert(
        'channels',
        channelIdNow(w.db, siteId, parentId, channel.code),
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
    written += 1 + writeChannels(w, siteId, channel.children, id, [...here, 'children']);
  });
  return written;
}
