/**
 * `npm run outbox [-- --to address] [--limit N]`: prints the mail and SMS kept in the outbox
 * (newest first): what would have been sent without SMTP_URL, and every development SMS.
 */

import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../src/server/config.ts';
import { closeStore, openStore } from '../src/server/store/open-store.ts';
import { outboxMessages } from '../src/server/store/outbox.ts';
import { setUsage } from './cli.ts';

setUsage('usage: npm run outbox -- [--to address] [--limit N]');
const { values } = parseArgs({ options: { to: { type: 'string' }, limit: { type: 'string' } } });
const limit = z.coerce.number().int().min(1).max(10_000).default(20).parse(values.limit);

const db = await openStore(loadConfig().databasePath);
const messages = await outboxMessages(db, {
  limit,
  ...(values.to ? { recipient: values.to.trim().toLowerCase() } : {}),
});
await closeStore(db);
if (messages.length === 0) console.log('the outbox is empty');
for (const message of messages) {
  console.log(`#${message.id} ${message.createdAt} ${message.channel} to ${message.recipient}`);
  if (message.subject) console.log(`Subject: ${message.subject}`);
  console.log(`${message.text}\n`);
}
