import { randomBytes } from 'node:crypto';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { localIdempotencyKeys, localPaymentIntents } from '../../db/schema/local-payments';
import { PaymentProviderError, type PaymentIntentInfo, type PaymentIntentStatus } from './payment-provider';

/** Queries shared by the local provider's parts. */

export type LocalIntentRow = typeof localPaymentIntents.$inferSelect;

/** The real provider forgets idempotency keys after 24 hours; so does the local one. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** Provider-style ids: a type prefix, `local`, then random hex. */
export const localId = (prefix: 'acct' | 'pi' | 'pm' | 'evt' | 're') =>
  `${prefix}_local_${randomBytes(12).toString('hex')}`;
export const randomToken = () => randomBytes(24).toString('base64url');

export function intentInfoFromRow(row: LocalIntentRow): PaymentIntentInfo {
  return {
    id: row.id,
    clientSecret: row.client_secret,
    status: row.status as PaymentIntentStatus,
    amountCents: row.amount,
    amountCapturedCents: row.amount_captured,
    captureBefore: row.capture_before,
    paymentMethodId: row.payment_method,
    createdAt: row.created_at,
  };
}

export type IdempotentScope = 'create_account' | 'create_intent' | 'capture' | 'cancel' | 'refund' | 'reauthorize' | 'increment';

/**
 * Runs `work` once per idempotency key, like the real provider: the key is claimed in the same
 * transaction as the change, so a failed call leaves it free and a concurrent duplicate waits for
 * the first and then replays its answer. Returns the id stored with the key.
 */
export async function runIdempotent(
  db: Db,
  params: { scope: IdempotentScope; key: string; objectId: string; now: Date },
  work: (tx: Db) => Promise<void>,
): Promise<{ objectId: string; replayed: boolean }> {
  if (!params.key) throw new PaymentProviderError('invalid_request', 'An idempotency key is required.');
  const scopedKey = `${params.scope}:${params.key}`;
  return db.transaction(async (tx) => {
    const staleBefore = new Date(params.now.getTime() - IDEMPOTENCY_KEY_TTL_MS);
    await tx
      .delete(localIdempotencyKeys)
      .where(and(eq(localIdempotencyKeys.key, scopedKey), lte(localIdempotencyKeys.created_at, staleBefore)));
    const claimed = await tx
      .insert(localIdempotencyKeys)
      .values({ key: scopedKey, object_id: params.objectId, created_at: params.now })
      .onConflictDoNothing()
      .returning({ key: localIdempotencyKeys.key });
    if (claimed.length === 0) {
      const [existing] = await tx
        .select()
        .from(localIdempotencyKeys)
        .where(eq(localIdempotencyKeys.key, scopedKey));
      return { objectId: existing.object_id, replayed: true };
    }
    await work(tx as unknown as Db);
    return { objectId: params.objectId, replayed: false };
  });
}

export async function findIntent(db: Db, id: string): Promise<LocalIntentRow | undefined> {
  const [row] = await db.select().from(localPaymentIntents).where(eq(localPaymentIntents.id, id));
  return row;
}

/** The intents made for one task (its `task_id` metadata), newest first; an expression index serves it. */
export async function listIntentsOfTask(db: Db, taskId: string): Promise<LocalIntentRow[]> {
  return db
    .select()
    .from(localPaymentIntents)
    .where(sql`(${localPaymentIntents.metadata})::jsonb ->> 'task_id' = ${taskId}`)
    .orderBy(desc(localPaymentIntents.created_at));
}

export async function findIntentByClientSecret(
  db: Db,
  clientSecret: string,
): Promise<LocalIntentRow | undefined> {
  const [row] = await db
    .select()
    .from(localPaymentIntents)
    .where(eq(localPaymentIntents.client_secret, clientSecret));
  return row;
}

/** The real provider cancels an uncaptured authorization when its hold lapses; this does it on read. */
export async function expireHoldIfDue(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(localPaymentIntents)
    .set({ status: 'canceled' })
    .where(
      and(
        eq(localPaymentIntents.id, id),
        eq(localPaymentIntents.status, 'requires_capture'),
        lte(localPaymentIntents.capture_before, now),
      ),
    );
}

export const noSuchIntent = (id: string) =>
  new PaymentProviderError('not_found', `No such payment_intent: '${id}'`, {
    providerCode: 'resource_missing',
  });

export const unexpectedState = (message: string) =>
  new PaymentProviderError('invalid_state', message, { providerCode: 'payment_intent_unexpected_state' });
