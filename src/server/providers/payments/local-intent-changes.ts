import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { localPaymentIntents } from '../../db/schema/local-payments';
import { captureRefusal } from './local-intent-rules';
import {
  findIntent,
  intentInfoFromRow,
  runIdempotent,
  unexpectedState,
  type LocalIntentRow,
} from './local-store';
import { PaymentProviderError, type PaymentIntentInfo, type PaymentIntentStatus } from './payment-provider';

/** The local PaymentIntent's state changes: each a conditional update that loses cleanly to a concurrent one. */

/** A card authorization is held this long, like the real provider's card holds. */
export const LOCAL_AUTHORIZATION_HOLD_MS = 7 * 24 * 60 * 60 * 1000;

export const CONFIRMABLE: PaymentIntentStatus[] = ['requires_payment_method', 'requires_confirmation'];
const CANCELABLE: PaymentIntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'requires_capture',
];

export const idempotencyConflict = () =>
  new PaymentProviderError(
    'idempotency_conflict',
    'Keys for idempotent requests can only be used with the same parameters they were first used with.',
    { providerCode: 'idempotency_key_in_use' },
  );

function assertSameIntent(result: { objectId: string }, id: string) {
  if (result.objectId !== id) throw idempotencyConflict();
}

/** The changes that authorize an intent: requires_capture with a fresh hold. */
export function authorizedState(now: Date, paymentMethod: string) {
  return {
    status: 'requires_capture',
    payment_method: paymentMethod,
    capture_before: new Date(now.getTime() + LOCAL_AUTHORIZATION_HOLD_MS),
  };
}

/** Captures `amount` of an authorized intent whose hold has not lapsed, once per idempotency key. */
export async function captureLocalIntent(
  db: Db,
  params: { id: string; amount: number; applicationFeeCents?: number; idempotencyKey: string; now: Date },
): Promise<void> {
  const { id, amount, now } = params;
  await runIdempotent(db, { scope: 'capture', key: params.idempotencyKey, objectId: id, now }, async (tx) => {
    const captured = await tx
      .update(localPaymentIntents)
      .set({
        status: 'succeeded',
        amount_captured: amount,
        ...(params.applicationFeeCents !== undefined
          ? { application_fee_amount: params.applicationFeeCents }
          : {}),
      })
      .where(
        and(
          eq(localPaymentIntents.id, id),
          eq(localPaymentIntents.status, 'requires_capture'),
          gt(localPaymentIntents.capture_before, now),
        ),
      )
      .returning({ id: localPaymentIntents.id });
    if (captured.length === 0) throw captureRefusal((await findIntent(tx, id))!, now);
  }).then((result) => assertSameIntent(result, id));
}

/** Cancels an intent that is not yet captured or canceled, once per idempotency key. */
export async function cancelLocalIntent(
  db: Db,
  params: { id: string; idempotencyKey: string; now: Date },
): Promise<void> {
  const { id, now } = params;
  await runIdempotent(db, { scope: 'cancel', key: params.idempotencyKey, objectId: id, now }, async (tx) => {
    const canceled = await tx
      .update(localPaymentIntents)
      .set({ status: 'canceled' })
      .where(and(eq(localPaymentIntents.id, id), inArray(localPaymentIntents.status, CANCELABLE)))
      .returning({ id: localPaymentIntents.id });
    if (canceled.length === 0) {
      const row = (await findIntent(tx, id))!;
      throw unexpectedState(
        `You cannot cancel this PaymentIntent because it has a status of ${row.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
      );
    }
  }).then((result) => assertSameIntent(result, id));
}

/** Moves an intent from one of `from` to `changes`; returns null when it was in another status. */
export async function moveLocalIntent(
  db: Db,
  params: {
    id: string;
    from: PaymentIntentStatus[];
    changes: Partial<Pick<LocalIntentRow, 'status' | 'payment_method' | 'capture_before'>>;
  },
): Promise<PaymentIntentInfo | null> {
  const [row] = await db
    .update(localPaymentIntents)
    .set(params.changes)
    .where(and(eq(localPaymentIntents.id, params.id), inArray(localPaymentIntents.status, params.from)))
    .returning();
  return row ? intentInfoFromRow(row) : null;
}

/**
 * Grows an authorized, unlapsed hold to `amountCents` with its new fee, once per idempotency key
 * (issue 51). The new total must be more than the hold: the real provider refuses anything else.
 */
export async function incrementLocalIntent(
  db: Db,
  params: { id: string; amountCents: number; applicationFeeCents: number; idempotencyKey: string; now: Date },
): Promise<void> {
  const { id, amountCents, now } = params;
  if (!Number.isInteger(amountCents) || !Number.isInteger(params.applicationFeeCents) || params.applicationFeeCents < 0 || params.applicationFeeCents > amountCents) {
    throw new PaymentProviderError('invalid_request', 'The amount and the application fee must be whole numbers of cents, the fee at most the amount.', { providerCode: 'parameter_invalid' });
  }
  await runIdempotent(db, { scope: 'increment', key: params.idempotencyKey, objectId: id, now }, async (tx) => {
    const row = (await findIntent(tx, id))!;
    if (row.status !== 'requires_capture' || !row.capture_before || row.capture_before <= now) throw captureRefusal(row, now);
    if (amountCents <= row.amount) {
      throw new PaymentProviderError('invalid_request', 'The new amount must be greater than the amount currently authorized.', { providerCode: 'parameter_invalid' });
    }
    await tx
      .update(localPaymentIntents)
      .set({ amount: amountCents, application_fee_amount: params.applicationFeeCents })
      .where(and(eq(localPaymentIntents.id, id), eq(localPaymentIntents.status, 'requires_capture')));
  }).then((result) => assertSameIntent(result, id));
}
