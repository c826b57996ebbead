import type { AppDeps } from '../../app-deps';
import { createJobRunner, type JobHandler } from '../../jobs/runner';
import { createTaskPayments } from '../payments/task-payments';
import { createMoneyJobHandlers, scheduleMoneyWork } from './hold-jobs';

/** The job runner of the money path: hold reminders and lapses, review reminders, auto-release. */
export function createMoneyJobRunner(
  deps: AppDeps,
  options: { pollIntervalMs?: number; /** Other kinds this runner also runs (notification delivery). */ extraHandlers?: Record<string, JobHandler> } = {},
) {
  const provider = () => deps.providers.payments;
  const payments = createTaskPayments(deps);
  return createJobRunner({
    db: deps.db,
    clock: deps.clock,
    handlers: { ...createMoneyJobHandlers({ db: deps.db, clock: deps.clock, payments, provider }), ...options.extraHandlers },
    schedule: (now) => scheduleMoneyWork(deps.db, now),
    pollIntervalMs: options.pollIntervalMs,
  });
}
