import type { AppDeps } from '../../app-deps';
import type { JobModule } from '../../jobs/registry';
import { createMoneyJobHandlers, scheduleMoneyWork } from './hold-jobs';
import type { MoneyJobDeps } from './money-job-deps';
import { createPaymentRetryHandlers, withMoneyAlerts } from './payment-retries';

/** What the money jobs are built from: the app's deps, with the task payments built once (server-context.ts). */
export function moneyJobDepsOf(deps: AppDeps): MoneyJobDeps {
  return {
    db: deps.db,
    clock: deps.clock,
    payments: deps.taskPayments,
    // Read at each call: tests replace the provider after the runner is built.
    provider: () => deps.providers.payments,
  };
}

/**
 * The job kinds of the money path (docs/decisions/0110): hold reminders and lapses, review reminders,
 * auto-release, and the capture and void retries, whose failures admins hear about. They run in the
 * runner's money lane (MONEY_JOB_KINDS, decision 0433).
 */
export function holdJobs(deps: MoneyJobDeps): JobModule {
  const alerted = withMoneyAlerts(
    { ...createMoneyJobHandlers(deps), ...createPaymentRetryHandlers(deps) },
    { db: deps.db, clock: deps.clock },
  );
  return {
    name: 'holds',
    handlers: alerted.handlers,
    schedule: (now) => scheduleMoneyWork(deps.db, now),
    onExhausted: alerted.onExhausted,
  };
}
