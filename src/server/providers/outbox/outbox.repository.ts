import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devOutbox } from '../../db/schema';

export type OutboxChannel = 'email' | 'sms' | 'push';
export const OUTBOX_CHANNELS: readonly OutboxChannel[] = ['email', 'sms', 'push'];

export type OutboxMessage = typeof devOutbox.$inferSelect;

export interface NewOutboxMessage {
  channel: OutboxChannel;
  recipient: string;
  subject?: string | null;
  body: string;
  data?: Record<string, unknown> | null;
}

export const OUTBOX_DEFAULT_LIMIT = 50;
export const OUTBOX_MAX_LIMIT = 500;

/** Records a message the embedded email, SMS or push adapter "sent". */
export async function insertOutboxMessage(db: Db, message: NewOutboxMessage): Promise<OutboxMessage> {
  const [row] = await db
    .insert(devOutbox)
    .values({
      channel: message.channel,
      recipient: message.recipient,
      subject: message.subject ?? null,
      body: message.body,
      data: message.data ?? null,
      // clock_timestamp, not now(): several messages written in one transaction still sort in the order they were sent.
      created_at: sql`clock_timestamp()`,
    })
    .returning();
  return row;
}

export interface OutboxFilter {
  channel?: OutboxChannel;
  /** Matched without regard to case, since people type email addresses in any case. */
  recipient?: string;
  limit?: number;
}

/** Newest first. */
export async function listOutboxMessages(db: Db, filter: OutboxFilter = {}): Promise<OutboxMessage[]> {
  const conditions: SQL[] = [];
  if (filter.channel) conditions.push(eq(devOutbox.channel, filter.channel));
  if (filter.recipient) conditions.push(sql`lower(${devOutbox.recipient}) = lower(${filter.recipient})`);
  const limit = Math.min(Math.max(1, Math.trunc(filter.limit ?? OUTBOX_DEFAULT_LIMIT)), OUTBOX_MAX_LIMIT);
  return db
    .select()
    .from(devOutbox)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(devOutbox.created_at), desc(devOutbox.seq))
    .limit(limit);
}
