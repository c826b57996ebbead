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
}
