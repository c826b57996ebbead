import { and, asc, count, desc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authUsers, outboundEvents, webhookDeliveries, webhookEndpoints } from '../../db/schema';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type OutboundEventRow = typeof outboundEvents.$inferSelect;

/** Serialises a user's endpoint creations: the limit is counted and kept under this lock. */
export async function lockOwner(db: Db, params: { userId: string }): Promise<void> {
  await db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.id, params.userId)).for('update');
}

export async function countEndpointsOf(db: Db, params: { userId: string }): Promise<number> {
  const [row] = await db.select({ value: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.user_id, params.userId));
  return Number(row?.value ?? 0);
}

export async function insertEndpoint(
  db: Db,
  params: { userId: string; url: string; description: string | null; events: string[]; secret: string; now: Date },
): Promise<WebhookEndpointRow> {
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      user_id: params.userId,
      url: params.url,
      description: params.description,
      events: params.events,
      secret: params.secret,
      created_at: params.now,
      updated_at: params.now,
    })
    .returning();
  return row!;
}

export function listEndpointsOf(db: Db, params: { userId: string }): Promise<WebhookEndpointRow[]> {
  return db.select().from(webhookEndpoints).where(eq(webhookEndpoints.user_id, params.userId)).orderBy(desc(webhookEndpoints.created_at));
}

/** The endpoint when it is the user's; another user's answers like a missing one. */
export async function findEndpointOf(db: Db, params: { userId: string; id: string }): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, params.id), eq(webhookEndpoints.user_id, params.userId)));
  return row;
}

export async function updateEndpointOf(
  db: Db,
  params: { userId: string; id: string; changes: Partial<Omit<WebhookEndpointRow, 'id' | 'user_id' | 'created_at'>> },
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set(params.changes)
    .where(and(eq(webhookEndpoints.id, params.id), eq(webhookEndpoints.user_id, params.userId)))
    .returning();
  return row;
}

/** Changes made by the delivery jobs (failing since, disabled), whoever the owner. */
export async function updateEndpoint(db: Db, params: { id: string; changes: Partial<Omit<WebhookEndpointRow, 'id' | 'user_id' | 'created_at'>> }) {
  await db.update(webhookEndpoints).set(params.changes).where(eq(webhookEndpoints.id, params.id));
}

export async function deleteEndpointOf(db: Db, params: { userId: string; id: string }): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, params.id), eq(webhookEndpoints.user_id, params.userId)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** The endpoint's log, newest first, with each delivery's event type. */
export function listDeliveriesOf(db: Db, params: { endpointId: string; limit: number }) {
  return db
    .select({ delivery: webhookDeliveries, eventType: outboundEvents.type })
    .from(webhookDeliveries)
    .innerJoin(outboundEvents, eq(outboundEvents.id, webhookDeliveries.event_id))
    .where(eq(webhookDeliveries.endpoint_id, params.endpointId))
    .orderBy(desc(webhookDeliveries.seq))
    .limit(params.limit);
}

export async function findDeliveryOf(db: Db, params: { endpointId: string; deliveryId: string }) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, eventType: outboundEvents.type })
    .from(webhookDeliveries)
    .innerJoin(outboundEvents, eq(outboundEvents.id, webhookDeliveries.event_id))
    .where(and(eq(webhookDeliveries.id, params.deliveryId), eq(webhookDeliveries.endpoint_id, params.endpointId)));
  return row;
}

export async function findEvent(db: Db, params: { id: string }): Promise<OutboundEventRow | undefined> {
  const [row] = await db.select().from(outboundEvents).where(eq(outboundEvents.id, params.id));
  return row;
}

/** The body is fixed once: a retried prepare job keeps the first one. */
export async function setEventPayloadOnce(db: Db, params: { id: string; payload: unknown }): Promise<OutboundEventRow | undefined> {
  await db
    .update(outboundEvents)
    .set({ payload: params.payload })
    .where(and(eq(outboundEvents.id, params.id), isNull(outboundEvents.payload)));
  return findEvent(db, { id: params.id });
}

/**
 * Locks the endpoints the event has deliveries to (the triggers queued them with the change): each
 * queue is changed under its row lock, so a body prepared and the end of a send never miss each other.
 */
export function lockEndpointsOfEvent(db: Db, params: { eventId: string }) {
  return db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(sql`${webhookEndpoints.id} in (select d.endpoint_id from webhook_deliveries d where d.event_id = ${params.eventId}::uuid)`)
    .orderBy(asc(webhookEndpoints.id))
    .for('update');
}

export async function lockEndpoint(db: Db, params: { id: string }): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, params.id)).for('update');
  return row;
}

export async function insertDelivery(db: Db, params: { endpointId: string; eventId: string; now: Date }): Promise<WebhookDeliveryRow> {
  const [row] = await db
    .insert(webhookDeliveries)
    .values({ endpoint_id: params.endpointId, event_id: params.eventId, created_at: params.now })
    .returning();
  return row!;
}

/** The endpoint's oldest pending delivery, and whether its event's body is ready to send. */
export async function headOfQueue(
  db: Db,
  params: { endpointId: string },
): Promise<{ id: string; ready: boolean; nextAttemptAt: Date | null } | undefined> {
  const [row] = await db
    .select({
      id: webhookDeliveries.id,
      ready: sql<boolean>`${outboundEvents.payload} is not null`,
      nextAttemptAt: webhookDeliveries.next_attempt_at,
    })
    .from(webhookDeliveries)
    .innerJoin(outboundEvents, eq(outboundEvents.id, webhookDeliveries.event_id))
    .where(and(eq(webhookDeliveries.endpoint_id, params.endpointId), eq(webhookDeliveries.status, 'pending')))
    .orderBy(asc(webhookDeliveries.seq))
    .limit(1);
  return row;
}

/**
 * Heads of enabled endpoints' queues that should have been sent by `before` and are not being sent:
 * a send job that used up its attempts on our side (a database error) left them without one.
 */
export async function stalledHeads(db: Db, params: { before: Date; now: Date; limit: number }): Promise<string[]> {
  const rows = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(outboundEvents, eq(outboundEvents.id, webhookDeliveries.event_id))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpoint_id))
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        isNull(webhookEndpoints.disabled_at),
        sql`${outboundEvents.payload} is not null`,
        lt(webhookDeliveries.created_at, params.before),
        or(isNull(webhookDeliveries.next_attempt_at), lt(webhookDeliveries.next_attempt_at, params.before)),
        or(isNull(webhookDeliveries.locked_until), lt(webhookDeliveries.locked_until, params.now)),
        sql`not exists (select 1 from webhook_deliveries e
          where e.endpoint_id = ${webhookDeliveries.endpoint_id} and e.status = 'pending' and e.seq < ${webhookDeliveries.seq})`,
      ),
    )
    .limit(params.limit);
  return rows.map((row) => row.id);
}

/** The endpoint's oldest pending delivery: the only one that may be sent. */
export async function headPendingDelivery(db: Db, params: { endpointId: string }): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpoint_id, params.endpointId), eq(webhookDeliveries.status, 'pending')))
    .orderBy(asc(webhookDeliveries.seq))
    .limit(1);
  return row;
}

/**
 * Takes the delivery for one send: still pending, not held by another job, the head of an enabled
 * endpoint's queue, its body prepared. Undefined when any of that is not so (another job has it, or
 * it must wait).
 */
export async function claimDelivery(db: Db, params: { id: string; now: Date; until: Date }) {
  const claimed = await db
    .update(webhookDeliveries)
    .set({ locked_until: params.until })
    .where(
      and(
        eq(webhookDeliveries.id, params.id),
        eq(webhookDeliveries.status, 'pending'),
        or(isNull(webhookDeliveries.locked_until), lt(webhookDeliveries.locked_until, params.now)),
        // A retry waits out its backoff, whoever asks to send it earlier.
        or(isNull(webhookDeliveries.next_attempt_at), lte(webhookDeliveries.next_attempt_at, params.now)),
        sql`not exists (select 1 from webhook_deliveries e
          where e.endpoint_id = ${webhookDeliveries.endpoint_id} and e.status = 'pending' and e.seq < ${webhookDeliveries.seq})`,
        sql`exists (select 1 from webhook_endpoints p where p.id = ${webhookDeliveries.endpoint_id} and p.disabled_at is null)`,
        sql`exists (select 1 from outbound_events ev where ev.id = ${webhookDeliveries.event_id} and ev.payload is not null)`,
      ),
    )
    .returning({ id: webhookDeliveries.id });
  if (claimed.length === 0) return undefined;
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, event: outboundEvents })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpoint_id))
    .innerJoin(outboundEvents, eq(outboundEvents.id, webhookDeliveries.event_id))
    .where(eq(webhookDeliveries.id, params.id));
  return row;
}

export async function updateDelivery(db: Db, params: { id: string; changes: Partial<WebhookDeliveryRow> }): Promise<void> {
  await db.update(webhookDeliveries).set(params.changes).where(eq(webhookDeliveries.id, params.id));
}

/** A disabled endpoint's queue: nothing pending is sent any more. */
export async function failPendingDeliveries(db: Db, params: { endpointId: string; error: string; now: Date }): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', last_error: params.error, next_attempt_at: null, locked_until: null })
    .where(and(eq(webhookDeliveries.endpoint_id, params.endpointId), eq(webhookDeliveries.status, 'pending')));
}
