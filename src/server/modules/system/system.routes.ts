import { Hono } from 'hono';
import { messages } from '@shared/messages';
import { jobIdParamsSchema, type SystemStatusDto } from '@shared/schemas/system.schemas';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../http/context';
import { pathParams } from '../../http/validation';
import { conflict, notFound } from '../../lib/errors';
import { latestMigrationMillis } from './readiness';
import { jobQueueStats } from '../../jobs/jobs-stats';
import { serviceChoices } from '../../env';
import { API_VERSION } from '../../ops/version';
import type { WebhookFailureLog } from '../../ops/webhook-failures';
import { requireAdmin } from '../admin/admin-access';
import { recordAudit } from '../audit/audit.repository';
import {
  countFailedDeliveries,
  findJobById,
  listFailedJobs,
  listFailingPaymentRetries,
  retryFailedJob,
} from './system.repository';
import { lastReconciliation } from '../reconciliation/reconcile.repository';

/** The admin "System" tab (issue 21): the job queue, failures an operator acts on, and versions. */
export function systemRoutes(deps: AppDeps & { webhookFailures: WebhookFailureLog }) {
  const { db, clock } = deps;
  return new Hono<AppEnv>()
    .get('/admin/system', async (c) => {
      await requireAdmin(c, db);
      const [queue, failedJobs, paymentRetries, failedDeliveries, reconciliation] = await Promise.all([
        jobQueueStats(db, { now: clock.now() }),
        listFailedJobs(db),
        listFailingPaymentRetries(db),
        countFailedDeliveries(db),
        lastReconciliation(db),
      ]);
      const status: SystemStatusDto = {
        queue: {
          due: queue.due,
          oldest_due_at: queue.oldestDueAt?.toISOString() ?? null,
          failed: queue.failed,
          failing: queue.failing,
        },
        failed_jobs: failedJobs,
        payment_retries: paymentRetries,
        webhook_failures: deps.webhookFailures.recent(),
        failed_deliveries: failedDeliveries,
        versions: {
          api: API_VERSION,
          node: process.version,
          database: deps.env.DATABASE_URL ? 'postgresql' : 'pglite',
          schema: latestMigrationMillis(),
        },
        reconciliation: reconciliation
          ? {
              started_at: reconciliation.started_at.toISOString(),
              finished_at: reconciliation.finished_at?.toISOString() ?? null,
              tasks_checked: reconciliation.tasks_checked,
              drift_found: reconciliation.drift_found,
              repaired: reconciliation.repaired,
              unresolved: reconciliation.unresolved,
              findings: reconciliation.findings,
            }
          : null,
        providers: serviceChoices(deps.env).map(({ service, provider, embedded }) => ({ service, provider, embedded })),
      };
      return c.json(status, 200, { 'Cache-Control': 'no-store' });
    })
    .post('/admin/system/jobs/:id/retry', async (c) => {
      const admin = await requireAdmin(c, db);
      const { id } = pathParams(c, jobIdParamsSchema);
      const now = clock.now();
      const job = await db.transaction(async (tx) => {
        const retried = await retryFailedJob(tx, { id, now });
        if (retried) {
          await recordAudit(tx, {
            actor_id: admin.id,
            action: 'job.retried',
            target_type: 'job',
            target_id: id,
            details: { kind: retried.kind },
            created_at: now,
          });
        }
        return retried;
      });
      if (job) return c.json({ job });
      if (!(await findJobById(db, id))) throw notFound(messages.operations.jobNotFound);
      throw conflict(messages.operations.jobNotFailed);
    });
}
