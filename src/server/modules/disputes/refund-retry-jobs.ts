import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';
import { enqueueJob } from '../../jobs/jobs.repository';
import { retryDelayMs } from '../../jobs/runner';
import { MAX_RETRY_ATTEMPTS, RETRY_JOB_KINDS } from '../holds/payment-retries';

/**
 * A refund the provider failed to make (down, timed out) is retried by a keyed job with the
 * runner's back-off, with the admin's own idempotency key: the provider makes it once however many
 * times it is tried, and the ledger counts it once (refunds.service.ts). Admins hear of repeated
 * failures like a capture's (payment-retries.ts). A refusal (a 4xx: nothing left to refund) is final.
 */
export interface RefundRetryPayload {
  taskId: string;
  transactionId: string;
  adminId: string;
  amountCents: number;
  idempotencyKey: string;
  reason?: string;
}

export const refundJobKey = (payload: Pick<RefundRetryPayload, 'transactionId' | 'idempotencyKey'>) =>
  `${RETRY_JOB_KINDS.refund}:${payload.transactionId}:${payload.idempotencyKey}`;

/**
 * Written with the refund's start record (the outbox, decision 0440), before the provider is called,
 * so a crash after the provider's refund still records it; the request that makes the refund marks
 * the job done when it finishes, and a refusal ends it.
 */
export async function enqueueRefundRetry(db: Db, payload: RefundRetryPayload, now: Date, delayMs = retryDelayMs(1)): Promise<boolean> {
  return enqueueJob(db, {
    kind: RETRY_JOB_KINDS.refund,
    key: refundJobKey(payload),
    runAt: new Date(now.getTime() + delayMs),
    payload: { ...payload },
    maxAttempts: MAX_RETRY_ATTEMPTS,
  });
}

/**
 * Whether another refund of this transaction (another key) is still being retried: a second refund
 * made meanwhile could pay back twice once the first goes through.
 */
export async function otherRefundRetrying(
  db: Db,
  params: { transactionId: string; idempotencyKey: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        isNull(jobs.done_at),
        eq(jobs.kind, RETRY_JOB_KINDS.refund),
        sql`${jobs.payload}->>'transactionId' = ${params.transactionId}`,
        ne(sql`${jobs.payload}->>'idempotencyKey'`, params.idempotencyKey),
        sql`${jobs.attempts} < ${jobs.max_attempts}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}
