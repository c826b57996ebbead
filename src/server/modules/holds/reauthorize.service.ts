import { MONEY, SETTINGS_DEFAULTS } from '@shared/constants';
import { platformFeeCents } from '@shared/domain/money';
import { check } from '@shared/domain/permissions';
import type { TaskStatus } from '@shared/domain/task-status';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, conflict } from '../../lib/errors';
import { idempotencyKeyFor, type PaymentIntentInfo, type PaymentProvider } from '../../providers/payments/payment-provider';
import {
  findTaskForPayment,
  finishAction,
  listActions,
  startAction,
  transactionsOfTask,
} from '../payments/payments.repository';
import { asProviderError, type TaskPayments } from '../payments/task-payments';
import { enforce, loadVisibleTask } from '../tasks/task-access';
import { replaceHold } from './replace-hold';

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
  const { db, clock, provider } = deps;

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
      const feePercent = previousRow?.platform_fee_percent ?? SETTINGS_DEFAULTS.platformFeePercent;
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
          currency: MONEY.currency,
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

      const current = await replaceHold(deps, {
        task,
        userId,
        intent,
        previousIntentId,
        paymentMethodId,
        amount,
        fee,
        key,
        via: 'saved_card',
      });
      return {
        message: messages.holds.reauthorized,
        status: current.status,
        payment_status: current.payment_status,
        authorization_hold_expires_at: current.authorization_hold_expires_at?.toISOString() ?? null,
      };
    },
  };
}
