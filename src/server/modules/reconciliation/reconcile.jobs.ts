import type { ReconciliationFinding } from '../../db/schema';
import type { JobModule } from '../../jobs/registry';
import type { MoneyJobDeps } from '../holds/money-job-deps';
import { reconcilePayments, RECONCILE_JOB_KIND, scheduleReconciliation } from './reconcile';

/** The reconciler (decision 0440): a keyed job each period, so one instance runs it at a time. */
export function reconciliationJobs(deps: MoneyJobDeps, options: { onDrift?: (finding: ReconciliationFinding) => void } = {}): JobModule {
  return {
    name: 'reconciliation',
    handlers: {
      [RECONCILE_JOB_KIND]: async () => {
        await reconcilePayments({ ...deps, onDrift: options.onDrift });
      },
    },
    schedule: (now) => scheduleReconciliation(deps.db, now),
  };
}
