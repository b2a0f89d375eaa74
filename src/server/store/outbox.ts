/** The outbox: mail kept instead of sent (no SMTP_URL) and every development SMS. */
import type { Db } from './db.ts';
import { kysely } from './kysely.ts';

export type OutboxChannel = 'email' | 'sms';
export type OutboxMessage = {
  id: number;
  channel: OutboxChannel;
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
};

export async function addToOutbox(db: Db, message: Omit<OutboxMessage, 'id'>): Promise<number> {
  const row = await kysely(db)
    .insertInto('outbox')
    .values({
      channel: message.channel,
      recipient: message.recipient,
      subject: message.subject,
      body: message.text,
      body_html: message.html,
      created_at: message.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Newest first; only one recipient's when given. */
export async function outboxMessages(
  db: Db,
  options: { recipient?: string; limit?: number } = {},
): Promise<OutboxMessage[]> {
  let query = kysely(db)
    .selectFrom('outbox')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(options.limit ?? 50);
  if (options.recipient !== undefined) query = query.where('recipient', '=', options.recipient);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel === 'sms' ? 'sms' : 'email',
    recipient: row.recipient,
    subject: row.subject ?? '',
    text: row.body,
    html: row.body_html,
    createdAt: row.created_at,
  }));
}
