import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { taskPriceChanges, tasks, transactions } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { idempotencyKeyFor, type PaymentProvider } from '../../providers/payments/payment-provider';
import { issueReceipt } from '../receipts/issue-receipt';
import { releaseIntentTransactions, upsertIntentTransaction } from './payments.repository';

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

type Deps = { db: Db; provider: () => PaymentProvider; clock: Clock };

/**
 * Records a captured second hold: its ledger row captured (an admin sees it and can refund it like
 * any transaction; the overview counts its fee) and the client's receipt for it, once (issue 51).
 * Safe to repeat: the row moves from authorized once, and the receipt is keyed by the intent.
 */
async function recordSecondCapture(deps: Deps, taskId: string, intentId: string, amountCents: number): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(transactions)
      .where(and(eq(transactions.task_id, taskId), eq(transactions.stripe_payment_intent_id, intentId)));
    const fee = row ? Math.min(row.platform_fee, amountCents) : 0;
    await upsertIntentTransaction(tx, { taskId, intentId, amount: amountCents, platformFee: fee, status: 'captured', from: ['authorized', 'pending'], now });
    const [task] = await tx
      .select({ id: tasks.id, title: tasks.title, client_id: tasks.client_id, expert_id: tasks.expert_id })
      .from(tasks)
      .where(eq(tasks.id, taskId));
    if (task) {
      await issueReceipt(tx, {
        kind: 'payment',
        task: { id: task.id, title: task.title, client_id: task.client_id },
        expertId: task.expert_id,
        amountCents,
        platformFeeCents: fee,
        sourceKey: `capture:${intentId}`,
        now,
      });
    }
  });
}

/**
 * Captures every second hold of a captured task hold; throws on a provider failure so that the
 * capture job (which calls it again) retries. One key per second intent: a retry captures once, and
 * a capture that went through before a crash is recorded by the retry.
 */
export async function captureSecondHolds(deps: Deps, task: { id: string; stripe_payment_intent_id: string | null }): Promise<number> {
  if (!task.stripe_payment_intent_id) return 0;
  let captured = 0;
  for (const intentId of await secondHoldsOf(deps.db, { taskId: task.id, mainIntentId: task.stripe_payment_intent_id })) {
    const current = await deps.provider().retrievePaymentIntent(intentId);
    const done =
      current.status === 'succeeded'
        ? current
        : await deps.provider().capturePaymentIntent(intentId, { idempotencyKey: idempotencyKeyFor(task.id, 'capture', intentId) });
    await recordSecondCapture(deps, task.id, intentId, done.amountCapturedCents);
    captured += done.amountCapturedCents;
  }
  return captured;
}

/** Voids every second hold of a released task hold (a cancel, a decline, a replaced hold); throws to be retried. */
export async function voidSecondHolds(deps: Deps, task: { id: string }, mainIntentId: string): Promise<void> {
  for (const intentId of await secondHoldsOf(deps.db, { taskId: task.id, mainIntentId })) {
    const current = await deps.provider().retrievePaymentIntent(intentId);
    if (current.status === 'succeeded') continue;
    if (current.status !== 'canceled') {
      await deps.provider().cancelPaymentIntent(intentId, { idempotencyKey: idempotencyKeyFor(task.id, 'cancel_hold', intentId), reason: 'task_cancelled_by_client' });
    }
    await releaseIntentTransactions(deps.db, { taskId: task.id, intentId, now: deps.clock.now() });
  }
}
