import type { AppDeps } from '../../app-deps';
import { createJobRunner, type JobHandler, type JobRunnerOptions } from '../../jobs/runner';
import type { Metrics } from '../../ops/metrics';
import { createTaskPayments } from '../payments/task-payments';
import { revealDueReviews } from '../reviews/blind-reviews';
import { communityTrustReviewHooks } from '../verification/community-trust';
import { createMoneyJobHandlers, scheduleMoneyWork } from '../holds/hold-jobs';
import { reconcilePayments, RECONCILE_JOB_KIND, scheduleReconciliation } from '../reconciliation/reconcile';
import {
  alertAdmins,
  alertingOnRepeatedFailure,
  ALERTED_JOB_KINDS,
  createPaymentRetryHandlers,
} from '../holds/payment-retries';

/** The job runner of the money path: hold reminders and lapses, review reminders, auto-release. */
export function createMoneyJobRunner(
  deps: AppDeps,
  options: {
    pollIntervalMs?: number;
    metrics?: Pick<Metrics, 'jobRun'> & Partial<Pick<Metrics, 'paymentDrift'>>;
    /** Other kinds this runner also runs (notification delivery). */
    extraHandlers?: Record<string, JobHandler>;
    /** How many jobs of a kind may run at once, where a kind needs fewer than the runner's default. */
    kindLimits?: Record<string, number>;
    /** Other periodic work run before each claim (the admin counters' compaction). */
    extraSchedule?: (now: Date) => Promise<void>;
    /** "A job was enqueued" (the change bus): a new job wakes the runner at once (decision 0433). */
    onJobEnqueued?: JobRunnerOptions['onJobEnqueued'];
  } = {},
) {
  const provider = () => deps.providers.payments;
  const payments = deps.taskPayments ?? createTaskPayments(deps);
  const moneyDeps = { db: deps.db, clock: deps.clock, payments, provider };
  const alerts = { db: deps.db, clock: deps.clock };
  // The reconciler (decision 0440): a keyed job each period, so one instance runs it at a time.
  const reconcile = async () => {
    await reconcilePayments({
      ...moneyDeps,
      onDrift: (finding) => options.metrics?.paymentDrift?.({ kind: finding.kind, outcome: finding.repaired ? 'repaired' : 'unresolved' }),
    });
  };
  const handlers: Record<string, JobHandler> = {
    [RECONCILE_JOB_KIND]: reconcile,
    ...createMoneyJobHandlers(moneyDeps),
    ...createPaymentRetryHandlers(moneyDeps),
    ...options.extraHandlers,
  };
  for (const kind of ALERTED_JOB_KINDS)
    if (handlers[kind]) handlers[kind] = alertingOnRepeatedFailure(handlers[kind], alerts);
  return createJobRunner({
    db: deps.db,
    clock: deps.clock,
    handlers,
    onExhausted: async (job, error) => {
      if (ALERTED_JOB_KINDS.has(job.kind)) await alertAdmins(alerts, job, error, true);
    },
    // Issue 23: double-blind reviews whose 14-day window closed are revealed here (decision 0260).
    schedule: async (now) => {
      await scheduleMoneyWork(deps.db, now);
      await scheduleReconciliation(deps.db, now);
      await revealDueReviews(deps.db, now, communityTrustReviewHooks);
      await options.extraSchedule?.(now);
    },
    pollIntervalMs: options.pollIntervalMs,
    kindLimits: options.kindLimits,
    onJobEnqueued: options.onJobEnqueued,
    onRun: (job, outcome) => options.metrics?.jobRun({ kind: job.kind, outcome }),
  });
}
