import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import { tasks } from '../../db/schema';
import type { ProviderEvent } from '../../providers/payments/payment-provider';
import { recordAuthorization } from '../holds/payment-authorization';
import { clearReleasedIntent, findTaskByIntent, releaseIntentTransactions } from '../payments/payments.repository';
import type { WebhookHandler } from '../payments/payment-webhooks';

/**
 * The task payments' webhook handlers, for paymentSetupRoutes(deps, { webhookHandlers }). Like
 * account.updated, the intent is read again from the provider (events may arrive out of order) and
 * the write runs in the transaction that records the event id.
 */

/** The card was authorized outside our confirm call (e.g. the browser closed after 3-D Secure). */
export const handleIntentAuthorized: WebhookHandler = async (event, { payments, clock }) => {
  if (!event.paymentIntentId) return undefined;
  const intent = await payments.retrievePaymentIntent(event.paymentIntentId);
  if (intent.status !== 'requires_capture') return undefined;
  const now = clock.now();
  return async (tx) => {
    const task = await findTaskByIntent(tx, intent.id);
    if (task) await recordAuthorization(tx, { task, intent, now });
  };
};

/**
 * The intent was cancelled at the provider. Ours (cancelHold) already cleared the task, so this is
 * the provider's own expiry of a hold, or a cancellation from its dashboard:
 * - never authorized: the task goes back to unpaid with no intent;
 * - authorized: the task keeps payment_status authorized with the hold marked expired, which the
 *   domain reads as "authorize again" (and lets the expert report the client); the row is refunded.
 */
export const handleIntentCanceled: WebhookHandler = async (event, { payments, clock }) => {
  if (!event.paymentIntentId) return undefined;
  const intent = await payments.retrievePaymentIntent(event.paymentIntentId);
  if (intent.status !== 'canceled') return undefined;
  const now = clock.now();
  return async (tx) => {
    const task = await findTaskByIntent(tx, intent.id);
    if (!task || task.payment_status === 'captured') return;
    await releaseIntentTransactions(tx, { taskId: task.id, intentId: intent.id, now });
    if (task.payment_status === 'authorized') {
      const expiry = task.authorization_hold_expires_at;
      if (!expiry || expiry.getTime() > now.getTime()) {
        await tx
          .update(tasks)
          .set({ authorization_hold_expires_at: now, updated_at: now })
          .where(and(eq(tasks.id, task.id), eq(tasks.stripe_payment_intent_id, intent.id)));
      }
      return;
    }
    await clearReleasedIntent(tx, { taskId: task.id, intentId: intent.id, now });
  };
};

export const paymentIntentWebhookHandlers: Record<string, WebhookHandler> = {
  'payment_intent.amount_capturable_updated': handleIntentAuthorized,
  'payment_intent.canceled': handleIntentCanceled,
};

/**
 * Handles one payment_intent.* event without recording its id (the webhook route records it; this
 * is for callers that do their own bookkeeping). Returns whether the type is handled here.
 */
export async function handlePaymentIntentEvent(deps: Pick<AppDeps, 'db' | 'clock' | 'providers'>, event: ProviderEvent): Promise<boolean> {
  const handler = paymentIntentWebhookHandlers[event.type];
  if (!handler) return false;
  const apply = await handler(event, { payments: deps.providers.payments, clock: deps.clock });
  if (apply) await deps.db.transaction((tx) => apply(tx as unknown as Db));
  return true;
}
