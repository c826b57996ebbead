import { formatUsd } from '@shared/domain/money';
import { reviewWindowEnd } from '@shared/domain/task-status';
import { messages } from '@shared/messages';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { conflict } from '../../lib/errors';
import { enqueueJob } from '../../jobs/jobs.repository';
import type { PaymentIntentInfo, PaymentProvider } from '../../providers/payments/payment-provider';
import { recordAudit } from '../audit/audit.repository';
import { insertNotifications } from '../notifications/notifications.repository';
import {
  failStalePendingTransactions,
  findTaskForPayment,
  finishAction,
  upsertIntentTransaction,
  type TaskRow,
} from '../payments/payments.repository';
import type { TaskPayments } from '../payments/task-payments';
import { restoreTargetOf } from './restore-lapsed';
import { reviewWindowHours, swapInNewHold } from './holds.repository';
import { holdNotifications } from './money-notifications';
import { errorField, log } from '../../ops/logger';

export interface ReplaceHoldDeps {
  db: Db;
  clock: Clock;
  payments: TaskPayments;
  provider: () => PaymentProvider;
}

/**
 * A new hold (`intent`, already requires_capture) takes the place of `previousIntentId` (null: the
 * task's hold lapsed) - docs/decisions/0113. It is recorded first (the task's intent swapped in one
 * conditional update, its transaction authorized, both parties notified, audited, all in one
 * transaction); then the old hold is voided, and a failed void is retried by a job. The saved-card
 * path and the payment dialog both end here. A loser of a race has its new hold cancelled: 409.
 */
export async function replaceHold(
  deps: ReplaceHoldDeps,
  params: {
    task: TaskRow;
    userId: string;
    intent: PaymentIntentInfo;
    previousIntentId: string | null;
    paymentMethodId: string | null;
    amount: number;
    fee: number;
    key: string;
    via: 'saved_card' | 'payment_dialog';
  },
): Promise<TaskRow> {
  const { db, clock, provider } = deps;
  const { task, intent, previousIntentId, amount, key } = params;
  const at = clock.now();
  const restoreStatus = previousIntentId ? undefined : await restoreTargetOf(db, task);
  const windowHours = await reviewWindowHours(db);
  const swapped = await db.transaction(async (tx) => {
    const row = await swapInNewHold(tx, {
      taskId: task.id,
      previousIntentId,
      intentId: intent.id,
      paymentMethodId: intent.paymentMethodId ?? params.paymentMethodId,
      holdExpiresAt: intent.captureBefore,
      restoreStatus,
      ...(restoreStatus === 'pending_approval'
        ? { reviewWindowEndsAt: reviewWindowEnd(at, windowHours, intent.captureBefore) }
        : {}),
      now: at,
    });
    await finishAction(tx, { key, status: 'succeeded', intentId: intent.id, now: at });
    if (!row) return undefined;
    await upsertIntentTransaction(tx, {
      taskId: task.id,
      intentId: intent.id,
      amount,
      platformFee: params.fee,
      status: 'authorized',
      from: ['pending'],
      now: at,
    });
    // Renewal intents the client opened in the dialog and never paid are not holds: failed.
    await failStalePendingTransactions(tx, { taskId: task.id, keepIntentId: intent.id, now: at });
    const amountText = formatUsd(amount);
    await insertNotifications(tx, [
      holdNotifications.reauthorized(task.client_id, task, amountText, at),
      ...(task.expert_id ? [holdNotifications.reauthorized(task.expert_id, task, amountText, at)] : []),
    ]);
    await recordAudit(tx, {
      actor_id: params.userId,
      action: 'payment.reauthorized',
      target_type: 'task',
      target_id: task.id,
      details: { previous_intent_id: previousIntentId, intent_id: intent.id, restored_status: restoreStatus ?? null, via: params.via },
      created_at: at,
    });
    return row;
  });
  if (!swapped) {
    // A parallel request (or the lapse) changed the task first: this hold is not needed.
    const current = await findTaskForPayment(db, task.id);
    if (current?.task.stripe_payment_intent_id !== intent.id) {
      await provider()
        .cancelPaymentIntent(intent.id, { idempotencyKey: `${key}:abandon`, reason: 'hold_replaced' })
        .catch(() => undefined);
      throw conflict(messages.tasks.statusChanged);
    }
  }
  if (previousIntentId) await voidReplacedHold(deps, task.id, previousIntentId);
  return (await findTaskForPayment(db, task.id))?.task ?? task;
}

/** Voids the replaced hold now, or leaves it to the keyed void_replaced_hold job when the provider fails. */
async function voidReplacedHold(deps: ReplaceHoldDeps, taskId: string, intentId: string): Promise<void> {
  try {
    await deps.payments.cancelHold({ id: taskId, stripe_payment_intent_id: intentId }, 'hold_replaced');
  } catch (error) {
    log.error({ taskId, intentId, err: errorField(error) }, 'replaced hold could not be voided; retrying later');
    await enqueueJob(deps.db, {
      kind: 'void_replaced_hold',
      key: `void_replaced_hold:${intentId}`,
      runAt: deps.clock.now(),
      payload: { taskId, intentId },
    });
  }
}
