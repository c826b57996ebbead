import { and, eq, ne, sql } from 'drizzle-orm';
import { formatUsd, platformFeeCents } from '@shared/domain/money';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { RefundRequest } from '@shared/schemas/disputes.schemas';
import type { Db } from '../../db/client';
import { paymentActions, transactions } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { PaymentProvider } from '../../providers/payments/payment-provider';
import { recordAudit } from '../audit/audit.repository';
import { insertNotifications } from '../notifications/notifications.repository';
import { issueReceipt } from '../receipts/issue-receipt';
import { finishAction, startAction } from '../payments/payments.repository';
import { asProviderError } from '../payments/task-payments';
import { findTaskRow } from '../holds/holds.repository';
import { holdNotifications } from '../holds/money-notifications';
import { findTransaction } from './disputes.repository';
import { enqueueRefundRetry, otherRefundRetrying, refundJobKey } from './refund-retry-jobs';
import { finishJobByKey } from '../../jobs/jobs.repository';
import { crashPoint } from '../../ops/crash-points';
import { OUTBOX_HEAD_START_MS } from '../payments/payment-retry-jobs';

const holdsText = messages.holds;

/**
 * An admin refunds a captured payment, fully or partly (docs/decisions/0114). The dialog's key
 * makes the provider call idempotent; the ledger moves in one conditional update (captured ->
 * partially_refunded -> refunded), so parallel refunds never over-count.
 */
export function createRefundsService(deps: { db: Db; clock: Clock; provider: () => PaymentProvider }) {
  const { db, clock, provider } = deps;

  return {
    async refund(adminId: string, transactionId: string, body: RefundRequest & { amount_cents: number }) {
      const row = await findTransaction(db, transactionId);
      if (!row) throw notFound(messages.common.notFound);
      const key = `transaction:${row.id}:refund:${body.idempotency_key}`;
      const [previous] = await db.select().from(paymentActions).where(eq(paymentActions.idempotency_key, key));
      if (previous?.status === 'succeeded') {
        const current = await findTransaction(db, row.id);
        return { message: holdsText.refunded, transaction_status: current!.status, amount_refunded: current!.amount_refunded };
      }
      if ((row.status !== 'captured' && row.status !== 'partially_refunded') || !row.stripe_payment_intent_id) {
        throw conflict(holdsText.refundNotAllowed);
      }
      const left = row.amount - row.amount_refunded;
      if (body.amount_cents > left) throw badRequest(holdsText.refundAmountInvalid, { amount_cents: holdsText.refundAmountInvalid });
      if (await otherRefundRetrying(db, { transactionId: row.id, idempotencyKey: body.idempotency_key })) {
        throw conflict(messages.operations.refundRetrying);
      }
      const task = await findTaskRow(db, row.task_id);
      const now = clock.now();
      const payload = { taskId: row.task_id, transactionId: row.id, adminId, amountCents: body.amount_cents, idempotencyKey: body.idempotency_key };
      const retryPayload = body.reason ? { ...payload, reason: body.reason } : payload;
      // The outbox (decision 0440): the refund's job exists before the provider is called.
      await db.transaction(async (tx) => {
        await startAction(tx, { taskId: row.task_id, action: 'refund', key, intentId: row.stripe_payment_intent_id!, amount: body.amount_cents, reason: body.reason ?? null, now });
        await enqueueRefundRetry(tx, retryPayload, now, OUTBOX_HEAD_START_MS);
      });
      let refundId: string;
      try {
        const refund = await provider().refundPayment({
          paymentIntentId: row.stripe_payment_intent_id,
          amountCents: body.amount_cents,
          idempotencyKey: key,
          reason: body.reason,
        });
        if (refund.status === 'failed') throw new Error('The provider reported the refund as failed.');
        refundId = refund.id;
      } catch (error) {
        const failure = asProviderError(error);
        await finishAction(db, { key, status: 'failed', error: failure.message, now: clock.now() });
        // The provider failed to answer (it did not refuse): its job retries it, no money waits for a
        // person (decision 0242). A refusal is final: the job ends.
        if (failure.kind !== 'unavailable') await finishJobByKey(db, { key: refundJobKey(retryPayload), now: clock.now() });
        throw new AppError(failure.code === 'bad_request' ? 'conflict' : 'provider_error', format(holdsText.refundFailed, { msg: failure.message }));
      }
      crashPoint('refund.after_provider');
      const at = clock.now();
      const updated = await db.transaction(async (tx) => {
        // The key's row is the once-guard: a parallel request with the same key (the provider
        // answered both with the same refund) finds it succeeded and does not count it again.
        const [won] = await tx
          .update(paymentActions)
          .set({ status: 'succeeded', data: { refund_id: refundId, amount: body.amount_cents }, error: null, updated_at: at })
          .where(and(eq(paymentActions.idempotency_key, key), ne(paymentActions.status, 'succeeded')))
          .returning({ id: paymentActions.id });
        if (!won) return (await findTransaction(tx, row.id)) ?? null;
        const [changed] = await tx
          .update(transactions)
          .set({
            amount_refunded: sql`${transactions.amount_refunded} + ${body.amount_cents}`,
            status: sql`case when ${transactions.amount_refunded} + ${body.amount_cents} >= ${transactions.amount} then 'refunded'::transaction_status else 'partially_refunded'::transaction_status end`,
            updated_at: at,
          })
          .where(
            and(
              eq(transactions.id, row.id),
              sql`${transactions.status} in ('captured', 'partially_refunded')`,
              sql`${transactions.amount} - ${transactions.amount_refunded} >= ${body.amount_cents}`,
            ),
          )
          .returning();
        if (!changed) return undefined;
        if (task) {
          // Issue 51: the client's refund receipt; the fee comes back pro rata, as the provider reverses it.
          await issueReceipt(tx, {
            kind: 'refund',
            task,
            expertId: task.expert_id,
            amountCents: body.amount_cents,
            platformFeeCents: platformFeeCents(body.amount_cents, Number(changed.platform_fee_percent)),
            sourceKey: `refund:${key}`,
            now: at,
          });
          const amount = formatUsd(body.amount_cents);
          await insertNotifications(tx, [
            holdNotifications.refunded(task.client_id, task, amount, at),
            ...(task.expert_id ? [holdNotifications.refunded(task.expert_id, task, amount, at)] : []),
          ]);
        }
        await recordAudit(tx, {
          actor_id: adminId,
          action: 'payment.refunded',
          target_type: 'transaction',
          target_id: row.id,
          details: { task_id: row.task_id, amount: body.amount_cents, refund_id: refundId, reason: body.reason ?? null },
          created_at: at,
        });
        return changed;
      });
      // Recorded (or found recorded): the outbox job has nothing left to do.
      await finishJobByKey(db, { key: refundJobKey(retryPayload), now: clock.now() });
      if (updated === undefined) throw conflict(holdsText.refundNotAllowed);
      if (updated === null) throw conflict(holdsText.refundNotAllowed);
      return { message: holdsText.refunded, transaction_status: updated.status, amount_refunded: updated.amount_refunded };
    },
  };
}
