import { z } from 'zod';
import { idSchema } from './common.schemas';

/** POST /api/admin/system/jobs/:id/retry */
export const jobIdParamsSchema = z.object({ id: idSchema });

export interface SystemJobDto {
  id: string;
  kind: string;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  run_at: string;
  created_at: string;
}

/** GET /api/admin/system: what an operator checks first (issue 21's admin "System" tab). */
export interface SystemStatusDto {
  queue: { due: number; oldest_due_at: string | null; failed: number; failing: number };
  /** Jobs that used up their attempts: each can be retried. */
  failed_jobs: SystemJobDto[];
  /** Payment retries (capture, void, refund) still being retried after a failure. */
  payment_retries: SystemJobDto[];
  /** Provider webhooks answered with an error status by this instance, newest first. */
  webhook_failures: { route: string; status: number; at: string }[];
  /** Email and push deliveries that used up their retries, by channel. */
  failed_deliveries: Record<string, number>;
  versions: { api: string; node: string; database: 'pglite' | 'postgresql'; schema: number };
  /** The payment reconciler's last run (decision 0440), or null before its first. */
  reconciliation: ReconciliationRunDto | null;
  /** Which adapter serves each outside service; `embedded` when nothing leaves this server (issue 53). */
  providers: { service: string; provider: string; embedded: boolean }[];
}

/** One difference between the ledger and the payment provider, and whether it was repaired. */
export interface ReconciliationFindingDto {
  task_id: string;
  intent_id: string | null;
  kind: string;
  repaired: boolean;
  detail: string;
}

export interface ReconciliationRunDto {
  started_at: string;
  finished_at: string | null;
  tasks_checked: number;
  drift_found: number;
  repaired: number;
  unresolved: number;
  findings: ReconciliationFindingDto[];
}

export const systemJobSchema = z.object({
  id: z.string(),
  kind: z.string(),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  last_error: z.string().nullable(),
  run_at: z.string(),
  created_at: z.string(),
});

/** The response schemas of the System tab's routes (the OpenAPI document and the API suite's response check). */
export const systemStatusDtoSchema = z.object({
  queue: z.object({
    due: z.number().int(),
    oldest_due_at: z.string().nullable(),
    failed: z.number().int(),
    failing: z.number().int(),
  }),
  failed_jobs: z.array(systemJobSchema),
  payment_retries: z.array(systemJobSchema),
  webhook_failures: z.array(z.object({ route: z.string(), status: z.number().int(), at: z.string() })),
  failed_deliveries: z.record(z.string(), z.number().int()),
  versions: z.object({
    api: z.string(),
    node: z.string(),
    database: z.enum(['pglite', 'postgresql']),
    schema: z.number(),
  }),
  reconciliation: z
    .object({
      started_at: z.string(),
      finished_at: z.string().nullable(),
      tasks_checked: z.number().int(),
      drift_found: z.number().int(),
      repaired: z.number().int(),
      unresolved: z.number().int(),
      findings: z.array(
        z.object({ task_id: z.string(), intent_id: z.string().nullable(), kind: z.string(), repaired: z.boolean(), detail: z.string() }),
      ),
    })
    .nullable(),
  providers: z.array(z.object({ service: z.string(), provider: z.string(), embedded: z.boolean() })),
}) satisfies z.ZodType<SystemStatusDto>;

/** POST /api/admin/system/jobs/:id/retry: the job, due again now. */

export const retriedJobSchema = z.object({ job: systemJobSchema });
