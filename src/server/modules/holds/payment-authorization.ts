import { platformFeeCents } from '@shared/domain/money';
import type { Db } from '../../db/client';
import { paymentActions } from '../../db/schema';
import type { PaymentIntentInfo } from '../../providers/payments/payment-provider';
import { paymentNotification } from '../payments/payment-notifications';
import { insertNotifications } from '../notifications/notifications.repository';
import { restoreLapsedTask } from './restore-lapsed';
import {
  findTask,
  markAuthorized,
  platformFeePercent,
  transactionsOfTask,
  upsertIntentTransaction,
  type TaskRow,
} from '../payments/payments.repository';

/** The key of the confirm_authorization record of one intent (no provider call: one row per intent). */
export const confirmAuthorizationKey = (taskId: string, intentId: string) =>
  `task:${taskId}:confirm_authorization:${intentId}`;

/**
 * Records an authorized hold (the intent is requires_capture): payment_status authorized, the
 * payment method and the hold's deadline on the task, the intent's transaction row authorized and
 * the expert's payment_authorized notification, all in one transaction. Returns the task when this
 * call made the change, or null when it was already done (or the task moved on to another intent).
 */
export async function recordAuthorization(
  db: Db,
  params: { task: Pick<TaskRow, 'id'>; intent: PaymentIntentInfo; now: Date },
): Promise<TaskRow | null> {
  const { intent, now } = params;
  return db.transaction(async (tx) => {
    const updated = await markAuthorized(tx, {
      taskId: params.task.id,
      intentId: intent.id,
      paymentMethodId: intent.paymentMethodId,
      holdExpiresAt: intent.captureBefore,
      now,
    });
    if (!updated) return null;
    const restored = updated.status === 'payment_lapsed' ? await restoreLapsedTask(tx, updated, now) : updated;
    const pendingRow = (await transactionsOfTask(tx, updated.id)).find((row) => row.stripe_payment_intent_id === intent.id);
    // The percent stored when the intent was created (the hold) decides the fee, not today's setting.
    const feePercent = pendingRow?.platform_fee_percent ?? (await platformFeePercent(tx));
    const fee = platformFeeCents(intent.amountCents, Number(feePercent));
    await upsertIntentTransaction(tx, {
      taskId: updated.id,
      intentId: intent.id,
      amount: intent.amountCents,
      platformFee: fee,
      platformFeePercent: Number(feePercent),
      status: 'authorized',
      from: ['pending'],
      now,
    });
    await tx
      .insert(paymentActions)
      .values({
        task_id: updated.id,
        action: 'confirm_authorization',
        idempotency_key: confirmAuthorizationKey(updated.id, intent.id),
        status: 'succeeded',
        stripe_payment_intent_id: intent.id,
        amount: intent.amountCents,
        created_at: now,
        updated_at: now,
      })
      .onConflictDoNothing({ target: paymentActions.idempotency_key });
    if (updated.expert_id) {
      await insertNotifications(tx, [
        paymentNotification('authorized', {
          to: updated.expert_id,
          task: updated,
          amountCents: intent.amountCents,
          data: { amount: intent.amountCents, platform_fee: fee },
          now,
        }),
        // The client's side of the same step: the hire is confirmed (decision 0071).
        paymentNotification('assignmentConfirmed', {
          to: updated.client_id,
          task: updated,
          amountCents: intent.amountCents,
          data: { amount: intent.amountCents },
          now,
        }),
      ]);
    }
    return restored;
  });
}

/** recordAuthorization, treating "already authorized with this intent" as done. */
export async function ensureAuthorized(
  db: Db,
  params: { taskId: string; intent: PaymentIntentInfo; now: Date },
): Promise<TaskRow | null> {
  const changed = await recordAuthorization(db, { task: { id: params.taskId }, intent: params.intent, now: params.now });
  if (changed) return changed;
  const current = await findTask(db, params.taskId);
  return current && current.stripe_payment_intent_id === params.intent.id && current.payment_status !== 'unpaid' && current.payment_status !== 'pending'
    ? current
    : null;
}
