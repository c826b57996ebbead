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
  /** Which adapter serves each outside service; `embedded` when nothing leaves this server (issue 53). */
  providers: { service: string; provider: string; embedded: boolean }[];
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
  providers: z.array(z.object({ service: z.string(), provider: z.string(), embedded: z.boolean() })),
}) satisfies z.ZodType<SystemStatusDto>;

/** POST /api/admin/system/jobs/:id/retry: the job, due again now. */

export const retriedJobSchema = z.object({ job: systemJobSchema });
