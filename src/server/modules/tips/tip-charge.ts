import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import { MONEY } from '@shared/constants';
import { formatUsd } from '@shared/domain/money';
import type { Db } from '../../db/client';
import type { JobHandler } from '../../jobs/runner';
import type { Clock } from '../../lib/clock';
import {
  idempotencyKeyFor,
  PaymentProviderError,
  type PaymentProvider,
} from '../../providers/payments/payment-provider';
import { findTaskForPayment } from '../payments/payments.repository';
import { insertNotifications } from '../notifications/notifications.repository';
import { issueReceipt } from '../receipts/issue-receipt';
import { findTip, updatePendingTip } from './tips.repository';

/** Job kind of a tip's charge (the money lane: `money_*`), written with the tip (decision 0471). */
export const TIP_CHARGE_KIND = 'money_tip_charge';
export const tipJobKey = (tipId: string) => `tip:${tipId}:charge`;

export interface TipChargeDeps {
  db: Db;
  clock: Clock;
  provider: () => PaymentProvider;
}

/**
 * Charges a pending tip: a new hold on the client's saved card with no application fee (the whole tip
 * goes to the expert), captured at once. Both calls carry keys made from the tip's id, so a run
 * repeated after a crash at any line replays the provider's answers: never a second charge, never a
 * lost one. A refusal of the card ends the tip (failed, or requires_action when the bank wants the
 * client); any other failure throws, and the job retries.
 */
export async function chargeTip(deps: TipChargeDeps, tipId: string): Promise<void> {
  const { db, clock } = deps;
  const tip = await findTip(db, tipId);
  if (!tip || tip.status !== 'pending') return;
  const found = await findTaskForPayment(db, tip.task_id);
  const paymentMethodId = found?.task.stripe_payment_method_id;
  const destination = found?.expert?.stripe_account_id;
  if (!found || !paymentMethodId || !destination) {
    await updatePendingTip(db, {
      id: tip.id,
      status: 'failed',
      failureMessage: messages.earnings.tipNoPaymentMethod,
      now: clock.now(),
    });
    return;
  }
  const provider = deps.provider();
  let intent;
  try {
    intent = await provider.reauthorizeWithSavedMethod({
      amountCents: tip.amount,
      currency: MONEY.currency,
      applicationFeeCents: 0,
      destinationAccountId: destination,
      description: `Tip: ${found.task.title}`.slice(0, 500),
      // Not `task_id`: the reconciler lists a task's intents by it and would void or flag a tip's
      // charge as an orphan hold of the task (a tip is reconciled by its own job and keys).
      metadata: {
        tip_for_task: tip.task_id,
        tip_id: tip.id,
        client_id: tip.client_id ?? '',
        expert_id: tip.expert_id ?? '',
      },
      idempotencyKey: idempotencyKeyFor(tip.task_id, 'create_payment_intent', `tip:${tip.id}`),
      paymentMethodId,
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    if (error.kind === 'authentication_failed') {
      await updatePendingTip(db, {
        id: tip.id,
        status: 'requires_action',
        failureMessage: messages.earnings.tipNeedsAuthentication,
        now: clock.now(),
      });
      return;
    }
    if (error.kind === 'card_declined' || error.kind === 'invalid_request') {
      await updatePendingTip(db, {
        id: tip.id,
        status: 'failed',
        failureMessage: error.message,
        now: clock.now(),
      });
      return;
    }
    throw error;
  }
  // Recorded before the capture: a crash after it leaves the intent findable by the tip.
  await updatePendingTip(db, { id: tip.id, paymentIntentId: intent.id, now: clock.now() });
  if (intent.status === 'requires_action' || intent.status === 'requires_payment_method') {
    await updatePendingTip(db, {
      id: tip.id,
      status: 'requires_action',
      failureMessage: messages.earnings.tipNeedsAuthentication,
      now: clock.now(),
    });
    return;
  }
  if (intent.status !== 'succeeded') {
    if (intent.status !== 'requires_capture')
      throw new Error(`Tip ${tip.id}: unexpected intent status ${intent.status}`);
    await provider.capturePaymentIntent(intent.id, {
      idempotencyKey: idempotencyKeyFor(tip.task_id, 'capture', `tip:${tip.id}`),
    });
  }
  const now = clock.now();
  await db.transaction(async (tx) => {
    const won = await updatePendingTip(tx, { id: tip.id, status: 'succeeded', failureMessage: null, capturedAt: now, now });
    // Issue 51: the client's receipt for the tip, once (decision 0468): no platform fee on it.
    if (won && tip.expert_id) {
      await insertNotifications(tx, [
        {
          user_id: tip.expert_id,
          type: 'tip_received',
          task_id: tip.task_id,
          title: messages.earnings.tipReceivedTitle,
          message: format(messages.earnings.tipReceivedMessage, { amount: formatUsd(tip.amount), title: found.task.title }),
          data: { tip_id: tip.id, amount: tip.amount },
          created_at: now,
        },
      ]);
    }
    if (won && tip.client_id) {
      await issueReceipt(tx, {
        kind: 'tip',
        task: { id: tip.task_id, title: found.task.title, client_id: tip.client_id },
        expertId: tip.expert_id,
        amountCents: tip.amount,
        platformFeeCents: 0,
        sourceKey: `tip:${tip.id}`,
        now,
      });
    }
  });
}

export function createTipChargeHandlers(deps: TipChargeDeps): Record<string, JobHandler> {
  return {
    [TIP_CHARGE_KIND]: async (job) => {
      await chargeTip(deps, String((job.payload as { tipId?: string }).tipId ?? ''));
    },
  };
}

/** The text of a tip's failure for the client. */
export const tipFailureText = (reason: string) => format(messages.earnings.tipFailed, { reason });
