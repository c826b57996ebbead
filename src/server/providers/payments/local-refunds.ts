import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { localPaymentIntents } from '../../db/schema/local-payments';
import { findIntent, localId, runIdempotent, unexpectedState } from './local-store';
import { PaymentProviderError, type RefundInfo, type RefundInput } from './payment-provider';

/**
 * The local provider's refunds: part or all of a captured intent, once per idempotency key, never
 * more than was captured (one conditional update), with the real provider's wording.
 */
export async function refundLocalPayment(db: Db, input: RefundInput, now: Date): Promise<RefundInfo> {
  const amount = input.amountCents;
  if (!Number.isInteger(amount) || amount < 1) {
    throw new PaymentProviderError('invalid_request', 'Invalid positive integer', {
      providerCode: 'parameter_invalid',
    });
  }
  const { objectId } = await runIdempotent(
    db,
    { scope: 'refund', key: input.idempotencyKey, objectId: localId('re'), now },
    async (tx) => {
      const refunded = await tx
        .update(localPaymentIntents)
        .set({ amount_refunded: sql`${localPaymentIntents.amount_refunded} + ${amount}` })
        .where(
          and(
            eq(localPaymentIntents.id, input.paymentIntentId),
            eq(localPaymentIntents.status, 'succeeded'),
            sql`${localPaymentIntents.amount_captured} - ${localPaymentIntents.amount_refunded} >= ${amount}`,
          ),
        )
        .returning({ id: localPaymentIntents.id });
      if (refunded.length > 0) return;
      const row = (await findIntent(tx, input.paymentIntentId))!;
      if (row.status !== 'succeeded') {
        throw unexpectedState('This PaymentIntent does not have a successful charge to refund.');
      }
      throw new PaymentProviderError(
        'invalid_request',
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((row.amount_captured - row.amount_refunded) / 100).toFixed(2)})`,
        { providerCode: 'charge_already_refunded' },
      );
    },
  );
  return { id: objectId, amountCents: amount, status: 'succeeded' };
}
