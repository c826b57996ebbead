import type { Db } from '../../db/client';
import type { JobModule } from '../../jobs/registry';
import type { Clock } from '../../lib/clock';
import type { PaymentProvider } from '../../providers/payments/payment-provider';
import { withMoneyAlerts } from '../holds/payment-retries';
import { createRefundRetryHandlers } from './refund-retries';

/**
 * Refund retries live with refunds (disputes), which use the money module, never the reverse
 * (jobs/registry.ts). Admins hear of a refund that keeps failing, as of the other money retries.
 */
export function refundRetryJobs(deps: { db: Db; clock: Clock; provider: () => PaymentProvider }): JobModule {
  const alerted = withMoneyAlerts(createRefundRetryHandlers(deps), { db: deps.db, clock: deps.clock });
  return { name: 'refund retries', handlers: alerted.handlers, onExhausted: alerted.onExhausted };
}
