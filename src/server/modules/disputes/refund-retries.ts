import type { Db } from '../../db/client';
import type { JobHandler } from '../../jobs/runner';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { PaymentProvider } from '../../providers/payments/payment-provider';
import { RETRY_JOB_KINDS } from '../holds/payment-retries';
import type { RefundRetryPayload } from './refund-retry-jobs';
import { createRefundsService } from './refunds.service';

/** Runs a refund_retry job (refund-retry-jobs.ts) through the same service as the admin's refund. */
export function createRefundRetryHandlers(deps: {
  db: Db;
  clock: Clock;
  provider: () => PaymentProvider;
}): Record<string, JobHandler> {
  const refunds = createRefundsService(deps);
  const refundRetry: JobHandler = async (job) => {
    const payload = job.payload as RefundRetryPayload;
    try {
      await refunds.refund(payload.adminId, payload.transactionId, {
        amount_cents: payload.amountCents,
        idempotency_key: payload.idempotencyKey,
        reason: payload.reason,
      });
    } catch (error) {
      // Settled meanwhile, or nothing left to refund: retrying cannot change that.
      if (
        error instanceof AppError &&
        (error.code === 'conflict' || error.code === 'not_found' || error.code === 'bad_request')
      )
        return;
      throw error;
    }
  };
  return { [RETRY_JOB_KINDS.refund]: refundRetry };
}
