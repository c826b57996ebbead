import { platformFeeCents, formatUsd } from '@shared/domain/money';
import { check } from '@shared/domain/permissions';
import { reviewWindowEnd, type TaskStatus } from '@shared/domain/task-status';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, conflict } from '../../lib/errors';
import { enqueueJob } from '../../jobs/jobs.repository';
import { idempotencyKeyFor, type PaymentIntentInfo, type PaymentProvider } from '../../providers/payments/payment-provider';
import { recordAudit } from '../audit/audit.repository';
import { insertNotifications } from '../notifications/notifications.repository';
import {
  findTaskForPayment,
  finishAction,
  listActions,
  startAction,
  transactionsOfTask,
  upsertIntentTransaction,
} from '../payments/payments.repository';
import { asProviderError, type TaskPayments } from '../payments/task-payments';
import { enforce, loadVisibleTask } from '../tasks/task-access';
import { restoreTargetOf } from './restore-lapsed';
import { reviewWindowHours, swapInNewHold } from './holds.repository';
import { holdNotifications } from './money-notifications';

export interface ReauthorizeDeps {
  db: Db;
  clock: Clock;
  payments: TaskPayments;
  provider: () => PaymentProvider;
}

export interface ReauthorizeResult {
  message: string;
  status: TaskStatus;
  payment_status: string;
  authorization_hold_expires_at: string | null;
}

/**
 * A fresh hold with the client's saved payment method (docs/decisions/0113): before a hold lapses
 * (the 24 h request) or after it did (payment_lapsed). The new hold is recorded first; the old one
 * is voided afterwards, and a failed void is retried by a job, so the task always has one live hold.
 */
export function createReauthorizeService(deps: ReauthorizeDeps) {
  const { db, clock, payments, provider } = deps;

  const needsDialog = (msg: string) => new AppError('conflict', format(messages.holds.reauthorizeNeedsDialog, { msg }));

  return {
    async reauthorize(userId: string, taskId: string): Promise<ReauthorizeResult> {
      const now = clock.now();
      const { actor, facts } = await loadVisibleTask(db, userId, taskId, now);
      enforce(check(actor, 'reauthorize_payment', facts, now));
      const found = await findTaskForPayment(db, taskId);
      if (!found) throw conflict(messages.holds.reauthorizeNotAllowed);
      const { task, expert } = found;
      const paymentMethodId = task.stripe_payment_method_id;
      if (!paymentMethodId) throw needsDialog('no saved card');
      if (!expert?.stripe_account_id) throw conflict(messages.payment.cannotAuthorize);
      const previousIntentId = task.payment_status === 'authorized' ? task.stripe_payment_intent_id : null;
      const previousRow = (await transactionsOfTask(db, task.id)).at(-1);
      const feePercent = previousRow?.platform_fee_percent ?? 10;
      const amount = task.budget;
      const fee = platformFeeCents(amount, feePercent);

      const attempts = await listActions(db, task.id, 'reauthorize');
      const unfinished = attempts[0]?.status === 'started' ? attempts[0] : undefined;
      const key =
        unfinished?.idempotency_key ??
        idempotencyKeyFor(task.id, 'reauthorize', `${previousIntentId ?? 'lapsed'}:${attempts.length + 1}`);
      await startAction(db, { taskId: task.id, action: 'reauthorize', key, intentId: previousIntentId, amount, now });
      let intent: PaymentIntentInfo;
      try {
        intent = await provider().reauthorizeWithSavedMethod({
          amountCents: amount,
          currency: 'usd',
          applicationFeeCents: fee,
          destinationAccountId: expert.stripe_account_id,
          description: `Task: ${task.title}`.slice(0, 500),
          metadata: { task_id: task.id, client_id: task.client_id, expert_id: task.expert_id ?? '', reauthorized: 'true' },
          idempotencyKey: key,
          paymentMethodId,
        });
      } catch (error) {
        const failure = asProviderError(error);
        await finishAction(db, { key, status: 'failed', error: failure.message, now: clock.now() });
        throw needsDialog(failure.message);
      }
      if (intent.status !== 'requires_capture') {
        await finishAction(db, { key, status: 'failed', intentId: intent.id, error: intent.status, now: clock.now() });
        await provider()
          .cancelPaymentIntent(intent.id, { idempotencyKey: `${key}:abandon`, reason: 'hold_replaced' })
          .catch(() => undefined);
        throw needsDialog(intent.status.replace(/_/g, ' '));
      }

      const at = clock.now();
      const restoreStatus = previousIntentId ? undefined : await restoreTargetOf(db, task);
      const windowHours = await reviewWindowHours(db);
      const swapped = await db.transaction(async (tx) => {
        const row = await swapInNewHold(tx, {
          taskId: task.id,
          previousIntentId,
          intentId: intent.id,
          paymentMethodId: intent.paymentMethodId ?? paymentMethodId,
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
          platformFee: fee,
          status: 'authorized',
          from: ['pending'],
          now: at,
        });
        const amountText = formatUsd(amount);
        await insertNotifications(tx, [
          holdNotifications.reauthorized(task.client_id, task, amountText, at),
          ...(task.expert_id ? [holdNotifications.reauthorized(task.expert_id, task, amountText, at)] : []),
        ]);
        await recordAudit(tx, {
          actor_id: userId,
          action: 'payment.reauthorized',
          target_type: 'task',
          target_id: task.id,
          details: { previous_intent_id: previousIntentId, intent_id: intent.id, restored_status: restoreStatus ?? null },
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
      if (previousIntentId) {
        try {
          await payments.cancelHold({ id: task.id, stripe_payment_intent_id: previousIntentId }, 'hold_replaced');
        } catch (error) {
          console.error(`Replaced hold ${previousIntentId} of task ${task.id} could not be voided; retrying later`, error);
          await enqueueJob(db, {
            kind: 'void_replaced_hold',
            key: `void_replaced_hold:${previousIntentId}`,
            runAt: clock.now(),
            payload: { taskId: task.id, intentId: previousIntentId },
          });
        }
      }
      const current = (await findTaskForPayment(db, task.id))?.task ?? task;
      return {
        message: messages.holds.reauthorized,
        status: current.status,
        payment_status: current.payment_status,
        authorization_hold_expires_at: current.authorization_hold_expires_at?.toISOString() ?? null,
      };
    },
  };
}
