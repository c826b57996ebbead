import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webhookEvents } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import {
  expertFieldsFromAccountStatus,
  type PaymentProvider,
  type ProviderEvent,
} from '../../providers/payments/payment-provider';
import { updatePaymentStatusByAccount } from '../experts/experts.repository';

/**
 * One event type's handling, in two steps: `prepare` runs first, outside any transaction (it may call
 * the provider); the write it returns runs in the transaction that records the event id, so an event
 * is either recorded and applied, or neither (and the provider's retry gets another chance).
 */
export type WebhookHandler = (
  event: ProviderEvent,
  context: { payments: PaymentProvider; clock: Clock },
) => Promise<((tx: Db) => Promise<void>) | undefined>;

/**
 * account.updated: the event's copy of the account may be stale when events arrive out of order, so
 * the status is read from the provider again and stored through the same mapping as verify.
 */
export const handleAccountUpdated: WebhookHandler = async (event, { payments, clock }) => {
  const accountId = event.accountId;
  if (!accountId) return undefined;
  const fields = expertFieldsFromAccountStatus(await payments.getAccountStatus(accountId));
  const now = clock.now();
  return async (tx) => {
    await updatePaymentStatusByAccount(tx, accountId, fields, now);
  };
};

/** Handlers by event type. The task payments add theirs (payment_intent.*) through paymentSetupRoutes' options. */
export const paymentSetupWebhookHandlers: Record<string, WebhookHandler> = {
  'account.updated': handleAccountUpdated,
};

export async function isEventRecorded(db: Db, eventId: string): Promise<boolean> {
  const rows = await db.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.id, eventId));
  return rows.length > 0;
}

/**
 * Records the event id and applies the prepared write in one transaction. Returns false when the id
 * was already recorded (a repeat delivery), in which case nothing is applied.
 */
export async function recordAndApply(
  db: Db,
  event: ProviderEvent,
  provider: string,
  apply: ((tx: Db) => Promise<void>) | undefined,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(webhookEvents)
      .values({ id: event.id, provider, type: event.type })
      .onConflictDoNothing({ target: webhookEvents.id })
      .returning({ id: webhookEvents.id });
    if (inserted.length === 0) return false;
    if (apply) await apply(tx);
    return true;
  });
}
