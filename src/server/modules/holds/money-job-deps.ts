import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { PaymentProvider } from '../../providers/payments/payment-provider';
import type { TaskPayments } from '../payments/task-payments';

/** What every money job handler needs (hold-jobs, auto-release, payment-retries); a file of its own so they do not import each other. */
export interface MoneyJobDeps {
  db: Db;
  clock: Clock;
  payments: TaskPayments;
  provider: () => PaymentProvider;
}
