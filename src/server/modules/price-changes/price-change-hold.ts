import { formatUsd, platformFeeCents } from '@shared/domain/money';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { Db } from '../../db/client';
import { enqueueJob } from '../../jobs/jobs.repository';
import type { JobHandler } from '../../jobs/runner';
import type { Clock } from '../../lib/clock';
import {
  idempotencyKeyFor,
  isIncrementUnavailable,
  PaymentProviderError,
  type PaymentProvider,
} from '../../providers/payments/payment-provider';
import { findTask, platformFeePercent, transactionsOfTask, upsertIntentTransaction } from '../payments/payments.repository';
import { notify } from '../tasks/task-notifications';
import { expertAccountOf, findPriceChange, settleAuthorization, setTaskPrice, type PriceChangeRow } from './price-changes.repository';

const text = messages.priceChanges;

/** The money lane's job (its kind starts with money_) that holds an approved increase. */
export const PRICE_CHANGE_HOLD_JOB = 'money_price_change_hold';
const MAX_ATTEMPTS = 50;

export type PriceChangeHoldDeps = { db: Db; clock: Clock; provider: () => PaymentProvider };

/** Written in the approval's transaction: the increase is held even when the approving request dies. */
export async function enqueuePriceChangeHold(db: Db, params: { changeId: string; now: Date }): Promise<void> {
  await enqueueJob(db, {
    kind: PRICE_CHANGE_HOLD_JOB,
    key: `${PRICE_CHANGE_HOLD_JOB}:${params.changeId}`,
    runAt: params.now,
    payload: { changeId: params.changeId },
    maxAttempts: MAX_ATTEMPTS,
  });
}

/** A refusal that a retry cannot change (a declined card, an intent no longer held). */
const isPermanent = (error: unknown) =>
  error instanceof PaymentProviderError && ['card_declined', 'authentication_failed', 'invalid_request', 'invalid_state', 'hold_expired', 'not_found'].includes(error.kind);

/**
 * Holds an approved increase (issue 51, docs/decisions/0467): the task's hold grows to the new price
 * by incremental authorization, or, where the card does not allow it, a second intent with the saved
 * payment method holds the difference (captured with the first, payments/second-holds.ts). The fee
 * is the platform's percent of the final price: the second hold's fee is what the first lacks.
 * Idempotent: keys per change, and the change's `authorization` moves from pending once.
 */
export async function holdIncrease(deps: PriceChangeHoldDeps, changeId: string): Promise<PriceChangeRow | undefined> {
  const { db, clock } = deps;
  const change = await findPriceChange(db, changeId);
  if (!change || change.status !== 'approved' || change.authorization !== 'pending' || !change.intent_id) return change;
  const task = await findTask(db, change.task_id);
  const intentId = change.intent_id;
  if (!task || task.stripe_payment_intent_id !== intentId || task.payment_status !== 'authorized' || !task.expert_id) {
    return fail(deps, change);
  }
  const ledger = (await transactionsOfTask(db, task.id)).find((row) => row.stripe_payment_intent_id === intentId);
  const percent = ledger ? Number(ledger.platform_fee_percent) : await platformFeePercent(db);
  const finalFee = platformFeeCents(change.amount, percent);
  // A raise after a decrease may stay within what is already held: nothing to authorize, and the
  // capture takes the new price partially.
  if (ledger && change.amount <= ledger.amount) return settleAuthorization(db, { id: change.id, authorization: 'incremental' });
  try {
    await deps.provider().incrementAuthorization(intentId, {
      amountCents: change.amount,
      applicationFeeCents: finalFee,
      idempotencyKey: idempotencyKeyFor(task.id, 'increment_authorization', change.id),
    });
    return db.transaction(async (tx) => {
      const settled = await settleAuthorization(tx, { id: change.id, authorization: 'incremental' });
      if (settled) {
        await upsertIntentTransaction(tx, { taskId: task.id, intentId, amount: change.amount, platformFee: finalFee, status: 'authorized', from: ['authorized'], now: clock.now() });
      }
      return settled;
    });
  } catch (error) {
    if (!isIncrementUnavailable(error)) {
      if (isPermanent(error)) return fail(deps, change);
      throw error;
    }
  }
  // The card does not allow it: a second hold for the difference with the saved payment method.
  const destination = await expertAccountOf(db, task.expert_id);
  const paymentMethodId = task.stripe_payment_method_id ?? (await deps.provider().retrievePaymentIntent(intentId)).paymentMethodId;
  if (!destination || !paymentMethodId) return fail(deps, change);
  const heldFee = ledger?.platform_fee ?? platformFeeCents(change.previous_amount, percent);
  const difference = change.amount - (ledger?.amount ?? change.previous_amount);
  try {
    const second = await deps.provider().reauthorizeWithSavedMethod({
      amountCents: difference,
      currency: 'usd',
      applicationFeeCents: Math.max(0, finalFee - heldFee),
      destinationAccountId: destination,
      description: `Task: ${task.title} (price increase)`.slice(0, 500),
      // Not `task_id`: the reconciler's search by task must not take it for a stray hold of the task.
      metadata: { price_change_id: change.id, price_change_task_id: task.id },
      idempotencyKey: idempotencyKeyFor(task.id, 'second_hold', change.id),
      paymentMethodId,
    });
    if (second.status !== 'requires_capture') return fail(deps, change);
    // The second hold is a transaction of its own: admins see it, refund it and count its fee.
    return db.transaction(async (tx) => {
      const settled = await settleAuthorization(tx, { id: change.id, authorization: 'second_hold', secondIntentId: second.id });
      if (settled) {
        await upsertIntentTransaction(tx, {
          taskId: task.id,
          intentId: second.id,
          amount: difference,
          platformFee: Math.max(0, finalFee - heldFee),
          platformFeePercent: percent,
          status: 'authorized',
          from: ['pending', 'authorized'],
          now: clock.now(),
        });
      }
      return settled;
    });
  } catch (error) {
    if (isPermanent(error)) return fail(deps, change);
    throw error;
  }
}

/** The card refused: the price goes back to what it was, and both parties are told. */
async function fail(deps: PriceChangeHoldDeps, change: PriceChangeRow): Promise<PriceChangeRow | undefined> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const settled = await settleAuthorization(tx, { id: change.id, authorization: 'failed' });
    if (!settled) return undefined;
    const task = await setTaskPrice(tx, { taskId: change.task_id, from: change.amount, to: change.previous_amount, now });
    if (task) {
      const message = format(text.authorizationFailedMessage, { amount: formatUsd(change.amount), previous: formatUsd(change.previous_amount), title: task.title });
      const note = (to: string | null) =>
        to ? { user_id: to, type: 'price_change_declined' as const, title: text.authorizationFailedTitle, message, task_id: task.id, data: { task_id: task.id, price_change_id: change.id } } : null;
      await notify(tx, [note(task.client_id), note(task.expert_id)]);
    }
    return settled;
  });
}

export function createPriceChangeHoldHandlers(deps: PriceChangeHoldDeps): Record<string, JobHandler> {
  return {
    [PRICE_CHANGE_HOLD_JOB]: async (job) => {
      await holdIncrease(deps, (job.payload as { changeId: string }).changeId);
    },
  };
}
