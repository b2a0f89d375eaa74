import { plural } from '../plural.ts';
import type { menus as zh } from '../zh/menus.ts';

export const menus: typeof zh = {
  homeDisable: 'The home channel cannot be disabled: the home page would be empty.',
  homeDelete: 'The home channel cannot be deleted.',
  homeMove: 'The home channel stays at the top level; it cannot be moved under another channel.',
  parentCycle: 'A channel cannot be moved under itself or under one of its own sub-channels.',
  tooDeep: 'Menus show at most {max} levels; the channel cannot be placed that deep.',
  parentMissing: 'Parent channel {id} is not a channel of this site.',
  channelMissing: 'Channel {id} is not a channel of this site.',
  orderIncomplete: 'The order must list every channel under parent {parentId} exactly once.',
  linkInvalid:
    'A link value must be an http(s) address, a path of this site starting with a single "/", or a mailto: address.',
  linkTooLong: 'A link value may have at most {max} characters.',
  nameMissing: 'Please enter the channel’s name in at least one language.',
  nameTooLongZh: 'The Chinese name may have at most {max} characters.',
  nameTooLongEn: 'The English name may have at most {max} characters.',
  contentTooLong: 'A channel’s content may have at most {max} characters.',
  field: 'The value of the field "{field}" is not valid.',
  linked: 'The channel is still linked to and cannot be deleted: {by}. Remove these links first.',
  linkedChild: 'sub-channel "{name}" ({id})',
  linkedMenuLink: 'the link of channel "{name}" ({id})',
  linkedCustomButton: 'header button "{name}"',
  linkedFooter: 'a footer link',
  linkedModules: plural({ one: '{count} page module', other: '{count} page modules' }),
  linkedNews: plural({ one: '{count} news item filed under it', other: '{count} news items filed under it' }),
  linkedAlbums: plural({ one: '{count} album filed under it', other: '{count} albums filed under it' }),
  linkedBoards: plural({
    one: '{count} editorial board filed under it',
    other: '{count} editorial boards filed under it',
  }),
  listSeparator: '; ',
  hiddenInZh: 'Hidden in Chinese: the channel has no Chinese name.',
  hiddenInEn: 'Hidden in English: the channel has no English name.',
  deleted: 'Channel {id} was deleted.',
};
