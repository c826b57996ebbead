import type { Db } from '../../db/client';
import { webhookEvents } from '../../db/schema/platform';
import type { PaymentProvider, ProviderEvent } from './payment-provider';

/**
 * Records a verified provider event by its id; true the first time, false for a redelivery.
 * Call it inside the transaction that applies the event: if applying fails, the record rolls back
 * with it and the provider's retry is handled again.
 */
export async function recordProviderEvent(
  db: Db,
  params: { provider: PaymentProvider['name']; event: ProviderEvent; now: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(webhookEvents)
    .values({
      id: params.event.id,
      provider: params.provider,
      type: params.event.type,
      received_at: params.now,
    })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  return inserted.length > 0;
}
