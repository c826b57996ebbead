import { format } from '@shared/format-message';
import { platformFeeCents } from '@shared/domain/money';
import { isCapturable } from '@shared/domain/task-status';
import { messages } from '@shared/messages';
import type { CaptureResultDto } from '@shared/schemas/task-api';
import type { AppDeps, TaskPayments } from '../../app-deps';
import type { Db } from '../../db/client';
import {
  idempotencyKeyFor,
  PaymentProviderError,
  type CancelHoldReason,
  type PaymentIntentInfo,
  type TaskPaymentAction,
} from '../../providers/payments/payment-provider';
import { crashPoint } from '../../ops/crash-points';
import { paymentNotification } from './payment-notifications';
import { captureSecondHolds, voidSecondHolds } from './second-holds';
import { insertNotifications } from '../notifications/notifications.repository';
import { issueReceipt } from '../receipts/issue-receipt';
import {
  clearReleasedIntent,
  countFailedActions,
  finishAction,
  findTask,
  markCaptured,
  platformFeePercent,
  releaseIntentTransactions,
  startAction,
  transactionsOfTask,
  upsertIntentTransaction,
  type TaskRow,
} from './payments.repository';

/** The contract lives with AppDeps (app-deps.ts), which must not import a module; this is its implementation. */
export type { TaskPayments };

/**
 * The idempotency key of one call about one intent. Retries of a call whose outcome is unknown (a
 * crash, a timeout, a parallel request) reuse the key, so the provider does the work once. After a
 * recorded failure the next attempt gets a fresh key, because the provider replays a key's first
 * answer, including an error, for a day.
 */
export async function attemptKey(
  db: Db,
  params: { taskId: string; action: Extract<TaskPaymentAction, 'capture' | 'cancel_hold'>; intentId: string },
): Promise<string> {
  const failures = await countFailedActions(db, params);
  return idempotencyKeyFor(params.taskId, params.action, failures === 0 ? params.intentId : `${params.intentId}:${failures + 1}`);
}

/** A provider failure as PaymentProviderError, whatever threw it. */
export function asProviderError(error: unknown): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error;
  return new PaymentProviderError('unavailable', error instanceof Error ? error.message : String(error), { cause: error });
}

export function createTaskPayments(deps: Pick<AppDeps, 'db' | 'clock' | 'providers'>): TaskPayments {
  const { db, clock } = deps;
  // Read at call time: tests wrap the provider to inject failures.
  const provider = () => deps.providers.payments;

  const refused = (intentId: string | null, error: string): CaptureResultDto => ({
    success: false,
    payment_intent_id: intentId,
    amount_captured: 0,
    error,
  });

  async function capturedResult(task: TaskRow): Promise<CaptureResultDto> {
    const rows = await transactionsOfTask(db, task.id);
    const captured = rows.find((row) => row.status === 'captured' && row.stripe_payment_intent_id === task.stripe_payment_intent_id);
    return {
      success: true,
      payment_intent_id: task.stripe_payment_intent_id,
      amount_captured: captured?.amount ?? task.budget,
    };
  }

  /** The provider call; an answer lost on the way (the capture went through) reads as succeeded. */
  async function captureAtProvider(intentId: string, key: string, partial: { amountCents: number; feeCents: number } | null): Promise<PaymentIntentInfo> {
    try {
      return await provider().capturePaymentIntent(intentId, {
        idempotencyKey: key,
        ...(partial ? { amountCents: partial.amountCents, applicationFeeCents: partial.feeCents } : {}),
      });
    } catch (error) {
      const current = await provider()
        .retrievePaymentIntent(intentId)
        .catch(() => null);
      if (current?.status === 'succeeded') return current;
      throw asProviderError(error);
    }
  }

  return {
    async capture(input, options = {}) {
      const task = await findTask(db, input.id);
      if (!task) return refused(input.stripe_payment_intent_id, messages.payment.cannotCapture);
      if (task.payment_status === 'captured') return capturedResult(task);
      const intentId = task.stripe_payment_intent_id;
      // Finished work, or a cancelled booking's call-out fee (a stated amount: issue 50, decision 0460).
      if (task.payment_status !== 'authorized' || !intentId || !isCapturable(task.status, { amount: options.amountCents })) {
        return refused(intentId, messages.payment.cannotCapture);
      }

      const authorizedRow = (await transactionsOfTask(db, task.id)).find((row) => row.stripe_payment_intent_id === intentId);
      const held = authorizedRow?.amount ?? task.budget;
      // Issue 51: a price lowered after the hire (decision 0467) captures only the new price.
      const wanted = options.amountCents ?? (task.budget < held ? task.budget : undefined);
      const partial =
        wanted !== undefined && (wanted < held || task.status === 'cancelled')
          ? { amountCents: wanted, feeCents: options.feeCents ?? platformFeeCents(wanted, Number(authorizedRow?.platform_fee_percent ?? (await platformFeePercent(db)))) }
          : null;
      const key = await attemptKey(db, { taskId: task.id, action: 'capture', intentId });
      await startAction(db, { taskId: task.id, action: 'capture', key, intentId, amount: partial?.amountCents ?? task.budget, now: clock.now() });
      let intent: PaymentIntentInfo;
      try {
        intent = await captureAtProvider(intentId, key, partial);
      } catch (error) {
        const message = asProviderError(error).message;
        await finishAction(db, { key, status: 'failed', error: message, now: clock.now() });
        return refused(intentId, format(messages.payment.captureFailed, { msg: message }));
      }
      crashPoint('capture.after_provider');

      const amount = intent.amountCapturedCents || intent.amountCents;
      // The fee follows the percent in force when the hold was made (stored on the row), applied to
      // the amount actually captured; a partial capture's fee was fixed with its amount.
      const feePercent = authorizedRow ? Number(authorizedRow.platform_fee_percent) : await platformFeePercent(db);
      const fee = partial && amount === partial.amountCents ? partial.feeCents : platformFeeCents(amount, feePercent);
      const now = clock.now();
      const won = await db.transaction(async (tx) => {
        const updated = await markCaptured(tx, { taskId: task.id, intentId, now });
        await finishAction(tx, { key, status: 'succeeded', intentId, data: { amount_captured: amount }, now });
        if (!updated) return false;
        await upsertIntentTransaction(tx, {
          taskId: task.id,
          intentId,
          amount,
          platformFee: fee,
          status: 'captured',
          from: ['authorized', 'pending'],
          now,
        });
        // Issue 51: the client's receipt, written with the ledger's record (a retry issues none).
        await issueReceipt(tx, {
          kind: partial ? 'partial_payment' : 'payment',
          task: { id: task.id, title: updated.title, client_id: updated.client_id },
          expertId: updated.expert_id ?? task.expert_id,
          amountCents: amount,
          platformFeeCents: fee,
          sourceKey: `capture:${intentId}`,
          now,
        });
        if (updated.expert_id) {
          await insertNotifications(tx, [
            paymentNotification('captured', {
              to: updated.expert_id,
              task: { id: task.id, title: updated.title },
              amountCents: amount - fee,
              data: { amount, platform_fee: fee },
              now,
            }),
          ]);
        }
        return true;
      });
      if (won) {
        // A raised price held by a second intent is captured with the first (the capture job retries a
        // failure); a stated amount (a dispute settled in part, a call-out fee) is all that is owed.
        const settleSecond = options.amountCents === undefined ? captureSecondHolds({ db, clock, provider }, { id: task.id, stripe_payment_intent_id: intentId }) : voidSecondHolds({ db, clock, provider }, task, intentId);
        await settleSecond.catch(() => undefined);
        return { success: true, payment_intent_id: intentId, amount_captured: amount };
      }
      // A parallel capture of the same hold finished first: same outcome, written once.
      const current = await findTask(db, task.id);
      return current?.payment_status === 'captured'
        ? capturedResult(current)
        : refused(intentId, messages.payment.cannotCapture);
    },

    async cancelHold(task, reason: CancelHoldReason) {
      const intentId = task.stripe_payment_intent_id;
      if (!intentId) return;
      const key = await attemptKey(db, { taskId: task.id, action: 'cancel_hold', intentId });
      await startAction(db, { taskId: task.id, action: 'cancel_hold', key, intentId, reason, now: clock.now() });
      try {
        const current = await provider().retrievePaymentIntent(intentId);
        if (current.status !== 'canceled') {
          await provider().cancelPaymentIntent(intentId, { idempotencyKey: key, reason });
        }
      } catch (error) {
        // A hold released meanwhile (a parallel call, the provider's own expiry) is what was asked for.
        const again = await provider()
          .retrievePaymentIntent(intentId)
          .catch(() => null);
        if (again?.status !== 'canceled') {
          const failure = asProviderError(error);
          await finishAction(db, { key, status: 'failed', error: failure.message, now: clock.now() });
          throw failure;
        }
      }
      crashPoint('void.after_provider');
      const now = clock.now();
      await db.transaction(async (tx) => {
        await releaseIntentTransactions(tx, { taskId: task.id, intentId, now });
        await clearReleasedIntent(tx, { taskId: task.id, intentId, now });
        await finishAction(tx, { key, status: 'succeeded', intentId, now });
      });
      // Issue 51: a second hold of a raised price is released with the first (throws: the void job retries).
      await voidSecondHolds({ db, clock, provider }, task, intentId);
    },
  };
}
