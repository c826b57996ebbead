import type { AppDeps } from '../../app-deps';
import { createJobRunner } from '../../jobs/runner';
import type { Metrics } from '../../ops/metrics';
import { createTaskPayments } from '../payments/task-payments';
import { createMoneyJobHandlers, scheduleMoneyWork } from './hold-jobs';

/** The job runner of the money path: hold reminders and lapses, review reminders, auto-release. */
export function createMoneyJobRunner(deps: AppDeps, options: { pollIntervalMs?: number; metrics?: Pick<Metrics, 'jobRun'> } = {}) {
  const provider = () => deps.providers.payments;
  const payments = createTaskPayments(deps);
  return createJobRunner({
    db: deps.db,
    clock: deps.clock,
    handlers: createMoneyJobHandlers({ db: deps.db, clock: deps.clock, payments, provider }),
    schedule: (now) => scheduleMoneyWork(deps.db, now),
    pollIntervalMs: options.pollIntervalMs,
    onRun: (job, outcome) => options.metrics?.jobRun({ kind: job.kind, outcome }),
  });
}
