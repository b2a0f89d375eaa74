import type { server as zh } from '../zh/server.ts';

export const server: typeof zh = {
  unknownSiteTitle: 'Site not found',
  unknownSiteMessage: 'No site answers at this address. Please check the URL.',
  adminUnauthorized: 'A valid admin token is required.',
  adminSiteNotFound: 'Site {sld} was not found.',
  adminSiteClosed: 'Site {sld} is closed ({status}); closed sites are not built.',
  adminChannelNotFound: 'Channel {id} was not found.',
  adminBadRequest: 'The request is not valid.',
  rebuildStarted: 'Site {sld} is being rebuilt.',
  rebuildQueued: 'Site {sld} is already being rebuilt; it will be rebuilt once more afterwards.',
  rebuildBuilderOff:
    'This server does not build sites (BUILDER=off): the server with the builder renders {sld} from the change log; ask it for a rebuild.',
  methodNotAllowedTitle: 'Method not allowed',
  methodNotAllowedMessage: 'This address can only be read (GET or HEAD).',
  payloadTooLargeTitle: 'Request too large',
  payloadTooLargeMessage: 'Pages do not accept a request body.',
  busyTitle: 'Busy, please retry',
  busyMessage: 'Too many pages are being prepared at this moment. Please reload the page in a few seconds.',
};
