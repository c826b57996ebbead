import { Hono } from 'hono';
import { and, desc, gte, inArray, isNull } from 'drizzle-orm';
import type { FailedDeliveryDto } from '@shared/schemas/notification-preferences.schemas';
import type { AppDeps } from '../../app-deps';
import { jobs } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { requireAdmin } from './admin-access';
import { DELIVERY_JOB_KINDS } from '../notifications/delivery/delivery-enqueue';
import { WEB_PUSH_JOB_KIND } from '../notifications/delivery/web-push-delivery';

/** The admin list of deliveries that failed for good (issue 19, docs/notifications.md). */
export function failedDeliveriesRoutes(deps: AppDeps) {
  return (
    new Hono<AppEnv>()
      .get('/admin/failed-deliveries', async (c) => {
        await requireAdmin(c, deps.db);
        const rows = await deps.db
          .select()
          .from(jobs)
          .where(
            and(
              inArray(jobs.kind, [...Object.values(DELIVERY_JOB_KINDS), WEB_PUSH_JOB_KIND]),
              isNull(jobs.done_at),
              gte(jobs.attempts, jobs.max_attempts),
            ),
          )
          .orderBy(desc(jobs.created_at))
          .limit(100);
        const failures: FailedDeliveryDto[] = rows.map((row) => ({
          id: row.id,
          channel: row.kind.replace('deliver-', ''),
          notification_id: (row.payload as { notificationId?: string }).notificationId ?? null,
          attempts: row.attempts,
          last_error: row.last_error,
          created_at: row.created_at.toISOString(),
        }));
        return c.json({ failures });
      })
  );
}
