import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { taskPriceChanges } from '../../db/schema';
import { idempotencyKeyFor, type PaymentProvider } from '../../providers/payments/payment-provider';

/**
 * Issue 51 (docs/decisions/0467): when a card does not allow an incremental authorization, an
 * approved price increase is held by a second intent for the difference. It belongs to the task's
 * hold (`intent_id`): captured right after it, voided with it. The price-changes module writes the
 * rows; the money paths read them here, below every module that captures or voids.
 */
export async function secondHoldsOf(db: Db, params: { taskId: string; mainIntentId: string }): Promise<string[]> {
  const rows = await db
    .select({ id: taskPriceChanges.second_intent_id })
    .from(taskPriceChanges)
    .where(
      and(
        eq(taskPriceChanges.task_id, params.taskId),
        eq(taskPriceChanges.intent_id, params.mainIntentId),
        eq(taskPriceChanges.status, 'approved'),
        eq(taskPriceChanges.authorization, 'second_hold'),
      ),
    );
  return rows.map((row) => row.id).filter((id): id is string => Boolean(id));
}

type Deps = { db: Db; provider: () => PaymentProvider };

/**
 * Captures every second hold of a captured task hold; throws on a provider failure so that the
 * capture job (which calls it again) retries. One key per second intent: a retry captures once.
 */
export async function captureSecondHolds(deps: Deps, task: { id: string; stripe_payment_intent_id: string | null }): Promise<number> {
  if (!task.stripe_payment_intent_id) return 0;
  let captured = 0;
  for (const intentId of await secondHoldsOf(deps.db, { taskId: task.id, mainIntentId: task.stripe_payment_intent_id })) {
    const current = await deps.provider().retrievePaymentIntent(intentId);
    if (current.status === 'succeeded') {
      captured += current.amountCapturedCents;
      continue;
    }
    const done = await deps.provider().capturePaymentIntent(intentId, { idempotencyKey: idempotencyKeyFor(task.id, 'capture', intentId) });
    captured += done.amountCapturedCents;
  }
  return captured;
}

/** Voids every second hold of a released task hold (a cancel, a decline, a replaced hold); throws to be retried. */
export async function voidSecondHolds(deps: Deps, task: { id: string }, mainIntentId: string): Promise<void> {
  for (const intentId of await secondHoldsOf(deps.db, { taskId: task.id, mainIntentId })) {
    const current = await deps.provider().retrievePaymentIntent(intentId);
    if (current.status === 'canceled' || current.status === 'succeeded') continue;
    await deps.provider().cancelPaymentIntent(intentId, { idempotencyKey: idempotencyKeyFor(task.id, 'cancel_hold', intentId), reason: 'task_cancelled_by_client' });
  }
}
