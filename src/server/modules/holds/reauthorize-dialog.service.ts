import { MONEY, SETTINGS_DEFAULTS } from '@shared/constants';
import { platformFeeCents } from '@shared/domain/money';
import { check } from '@shared/domain/permissions';
import { messages } from '@shared/messages';
import type { PaymentIntentDto } from '@shared/schemas/task-api';
import { and, eq } from 'drizzle-orm';
import { paymentActions } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../lib/errors';
import {
  idempotencyKeyFor,
  PaymentProviderError,
  type PaymentIntentInfo,
  type PaymentIntentStatus,
} from '../../providers/payments/payment-provider';
import {
  findTaskForPayment,
  finishAction,
  listActions,
  platformFeePercent,
  startAction,
  transactionsOfTask,
  upsertIntentTransaction,
  type TaskRow,
} from '../payments/payments.repository';
import { confirmAuthorizationKey } from './payment-authorization';
import { createTaskIntent } from '../payments/create-task-intent';
import { enforce, loadVisibleTask } from '../tasks/task-access';
import type { ReauthorizeResult } from './reauthorize.service';
import { replaceHold, type ReplaceHoldDeps } from './replace-hold';

/**
 * How the client renews the hold, for GET /tasks/:id/money: the saved card where the provider can
 * confirm it off-session (only the local provider: the real adapter keeps no card on a customer),
 * else the payment dialog (the renewal intent while the hold is live, the normal one once it lapsed).
 */
export function reauthorizeWith(
  task: Pick<TaskRow, 'status' | 'stripe_payment_method_id'>,
  providerName: string,
  allowed: { saved: boolean; dialog: boolean },
): 'saved_card' | 'payment_dialog' | null {
  if (!allowed.saved) return null;
  if (task.stripe_payment_method_id && providerName === 'local') return 'saved_card';
  return task.status === 'payment_lapsed' || allowed.dialog ? 'payment_dialog' : null;
}

/** Intents the client can still pay: the dialog reuses them instead of creating another. */
const PAYABLE: PaymentIntentStatus[] = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

/**
 * Re-authorization through the payment dialog (docs/decisions/0113), for a client whose saved card
 * cannot be reused (the real provider keeps no card on a customer). The old hold stays live while
 * the client enters a card for a new intent; once that intent is authorized, replaceHold swaps it
 * in and voids the old one, exactly as the saved-card path does.
 */
export function createReauthorizeDialogService(deps: ReplaceHoldDeps) {
  const { db, clock, provider } = deps;

  /** 404 for whoever may not see the task, 403 for the wrong user, 409 in the wrong state. */
  async function loadFor(userId: string, taskId: string, capability: 'replace_hold_via_dialog' | 'reauthorize_payment') {
    const now = clock.now();
    const { actor, facts } = await loadVisibleTask(db, userId, taskId, now);
    enforce(check(actor, capability, facts, now));
    const found = await findTaskForPayment(db, taskId);
    if (!found) throw conflict(messages.holds.reauthorizeNotAllowed);
    return found;
  }

  async function intentDto(intent: PaymentIntentInfo, amount: number, fee: number): Promise<PaymentIntentDto> {
    return {
      provider: provider().name,
      paymentIntentId: intent.id,
      paymentIntentClientSecret: intent.clientSecret,
      amount,
      platform_fee: fee,
      currency: MONEY.currency,
    };
  }

  return {
    /** POST /tasks/:id/payment/reauthorize/intent: a new intent for the dialog; the old hold stays. */
    async createIntent(userId: string, taskId: string): Promise<PaymentIntentDto> {
      const { task, expert } = await loadFor(userId, taskId, 'replace_hold_via_dialog');
      if (!task.stripe_payment_intent_id) throw conflict(messages.holds.reauthorizeNotAllowed);
      const destination = expert?.stripe_account_id;
      if (!destination || !expert.stripe_onboarding_completed || expert.stripe_account_status !== 'active') {
        throw conflict(messages.payment.cannotAuthorize);
      }
      const previousIntentId = task.stripe_payment_intent_id!;
      const previousRow = (await transactionsOfTask(db, task.id)).find((r) => r.stripe_payment_intent_id === previousIntentId);
      const feePercent = previousRow?.platform_fee_percent ?? (await platformFeePercent(db));
      const amount = task.budget;
      const fee = platformFeeCents(amount, Number(feePercent));

      // Attempts to replace this hold; the last one is reused while the client can still pay it.
      const prefix = idempotencyKeyFor(task.id, 'reauthorize', `dialog:${previousIntentId}`);
      const attempts = (await listActions(db, task.id, 'reauthorize_intent')).filter((a) => a.idempotency_key.startsWith(prefix));
      const last = attempts[0];
      if (last?.status === 'succeeded' && last.stripe_payment_intent_id) {
        const earlier = await provider()
          .retrievePaymentIntent(last.stripe_payment_intent_id)
          .catch((error: unknown) => {
            if (error instanceof PaymentProviderError && error.kind === 'not_found') return null;
            throw new AppError('provider_error', messages.payment.authorizationFailed, { details: error });
          });
        if (earlier && PAYABLE.includes(earlier.status) && earlier.amountCents === amount) return intentDto(earlier, amount, fee);
      }
      const key = last?.status === 'started' ? last.idempotency_key : `${prefix}:${attempts.length + 1}`;
      const intent = await createTaskIntent(
        { db, clock, provider },
        {
          task,
          action: 'reauthorize_intent',
          key,
          amountCents: amount,
          feeCents: fee,
          destinationAccountId: destination,
          metadata: { replaces: previousIntentId },
        },
      );
      await db.transaction(async (tx) => {
        const at = clock.now();
        await finishAction(tx, { key, status: 'succeeded', intentId: intent.id, now: at });
        await upsertIntentTransaction(tx, {
          taskId: task.id,
          intentId: intent.id,
          amount,
          platformFee: fee,
          platformFeePercent: Number(feePercent),
          status: 'pending',
          from: ['pending'],
          now: at,
        });
      });
      return intentDto(intent, amount, fee);
    },

    /**
     * The dialog's intent is authorized (requires_capture): it replaces the task's hold. Reached from
     * POST /payments/confirm when the intent is a renewal of the task's hold; a repeat answers the same.
     */
    async confirm(
      userId: string,
      params: { taskId: string; paymentIntentId: string; clientSecret: string },
    ): Promise<ReauthorizeResult & { task: TaskRow }> {
      const done = (task: TaskRow) => ({
        message: messages.holds.reauthorizedThroughDialog,
        status: task.status,
        payment_status: task.payment_status,
        authorization_hold_expires_at: task.authorization_hold_expires_at?.toISOString() ?? null,
        task,
      });
      const current = await findTaskForPayment(db, params.taskId);
      if (current?.task.stripe_payment_intent_id === params.paymentIntentId && current.task.payment_status === 'authorized') {
        return done(current.task);
      }
      // The old hold may have lapsed since the dialog opened: the new one then restores the task.
      const { task } = await loadFor(userId, params.taskId, 'reauthorize_payment');
      const [attempt] = await db
        .select()
        .from(paymentActions)
        .where(
          and(
            eq(paymentActions.task_id, task.id),
            eq(paymentActions.action, 'reauthorize_intent'),
            eq(paymentActions.stripe_payment_intent_id, params.paymentIntentId),
          ),
        );
      if (!attempt) throw conflict(messages.holds.replacementIntentUnknown);
      let intent: PaymentIntentInfo;
      try {
        intent = await provider().retrievePaymentIntent(params.paymentIntentId);
      } catch (error) {
        throw new AppError('provider_error', messages.payment.confirmAuthorizationFailed, { details: error });
      }
      if (intent.clientSecret !== params.clientSecret) throw badRequest(messages.payment.confirmAuthorizationFailed);
      if (intent.status !== 'requires_capture') throw conflict(messages.payment.authorizationFailed);
      const key = confirmAuthorizationKey(task.id, intent.id);
      await startAction(db, { taskId: task.id, action: 'confirm_authorization', key, intentId: intent.id, amount: intent.amountCents, now: clock.now() });
      const row = (await transactionsOfTask(db, task.id)).find((r) => r.stripe_payment_intent_id === intent.id);
      const replaced = await replaceHold(deps, {
        task,
        userId,
        intent,
        previousIntentId: task.payment_status === 'authorized' ? task.stripe_payment_intent_id : null,
        paymentMethodId: intent.paymentMethodId,
        amount: intent.amountCents,
        fee: row?.platform_fee ?? platformFeeCents(intent.amountCents, Number(row?.platform_fee_percent ?? SETTINGS_DEFAULTS.platformFeePercent)),
        key,
        via: 'payment_dialog',
      });
      return done(replaced);
    },
  };
}
