import { z } from 'zod';
import { APP_ROLES, NOTIFICATION_TYPES, TRANSACTION_STATUSES } from '../domain/enums';
import { PAYMENT_STATUSES, TASK_STATUSES } from '../domain/task-state';
import type {
  AdminNotificationDto,
  AdminTaskDto,
  AdminTransactionDto,
  AdminUserDto,
  AuditEntryDto,
  ClientFlagDto,
  OverviewDto,
  ReportsDto,
  RoleChangeDto,
  SystemSettingsDto,
} from './admin-dto';

/**
 * The admin area's responses as zod schemas (issue 21): the OpenAPI document describes the answers with
 * them and the API suite checks every answer against them; the `same` checks below fail the build when a
 * schema and the interface the web app reads (admin-dto.ts) drift apart.
 */

const isoDate = z.string().meta({ format: 'date-time' });

/** Paged<T>: one page of an admin list. */
const paged = <T extends z.ZodType>(row: T) =>
  z.object({ rows: z.array(row), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

const adminUserDtoSchema = z.object({
  id: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  avatar_url: z.string().nullable(),
  created_at: isoDate,
  roles: z.array(z.enum(APP_ROLES)),
  account_status: z.enum(['active', 'suspended', 'deleted']),
});
export const adminUserPageSchema = paged(adminUserDtoSchema).meta({ id: 'AdminUserPage' });

export const roleChangeDtoSchema = z.object({ changed: z.boolean(), role: z.enum(APP_ROLES) }).meta({ id: 'RoleChange' });

const adminTransactionDtoSchema = z.object({
  id: z.string(),
  task_id: z.string(),
  task_title: z.string().nullable(),
  client_id: z.string().nullable(),
  client_name: z.string().nullable(),
  expert_id: z.string().nullable(),
  expert_name: z.string().nullable(),
  amount: z.number().int(),
  platform_fee: z.number().int(),
  platform_fee_percent: z.number(),
  status: z.enum(TRANSACTION_STATUSES),
  created_at: isoDate,
  offer_amount: z.number().int().nullable(),
  price_changes: z.array(
    z.object({ from: z.number().int(), to: z.number().int(), authorization: z.string().nullable(), second_intent_id: z.string().nullable() }),
  ),
  tip_amount: z.number().int(),
  payout_status: z.string().nullable(),
  payout_arrival: z.string().nullable(),
});
export const adminTransactionPageSchema = paged(adminTransactionDtoSchema).meta({ id: 'AdminTransactionPage' });

const adminTaskDtoSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(TASK_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  budget: z.number().int(),
  client_id: z.string(),
  client_name: z.string().nullable(),
  client_email: z.string().nullable(),
  expert_id: z.string().nullable(),
  expert_name: z.string().nullable(),
  expert_email: z.string().nullable(),
  created_at: isoDate,
});
export const adminTaskPageSchema = paged(adminTaskDtoSchema).meta({ id: 'AdminTaskPage' });

const adminNotificationDtoSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  user_name: z.string().nullable(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  task_id: z.string().nullable(),
  read: z.boolean(),
  created_at: isoDate,
});
export const adminNotificationPageSchema = paged(adminNotificationDtoSchema).meta({ id: 'AdminNotificationPage' });

const auditEntryDtoSchema = z.object({
  id: z.string(),
  action: z.string(),
  actor_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  target_name: z.string().nullable(),
  details: z.unknown(),
  created_at: isoDate,
});
export const auditEntryPageSchema = paged(auditEntryDtoSchema).meta({ id: 'AuditEntryPage' });

const clientFlagDtoSchema = z.object({
  id: z.string(),
  reason: z.string(),
  severity: z.string(),
  task_id: z.string(),
  task_title: z.string().nullable(),
  expert_id: z.string(),
  expert_name: z.string().nullable(),
  client_id: z.string(),
  client_name: z.string().nullable(),
  created_at: isoDate,
});
export const clientFlagPageSchema = paged(clientFlagDtoSchema).meta({ id: 'ClientFlagPage' });

export const systemSettingsDtoSchema = z
  .object({
    platform_fee_percent: z.number(),
    min_task_price: z.number().int(),
    max_task_price: z.number().int(),
    maintenance_mode: z.boolean(),
    footer_text: z.string(),
    contact_email: z.string(),
    tos_content: z.string().nullable(),
    privacy_policy_content: z.string().nullable(),
    updated_at: isoDate,
  })
  .meta({ id: 'SystemSettings' });

const countByKey = z.object({ key: z.string(), count: z.number().int() });

export const overviewDtoSchema = z
  .object({
    users: z.object({ total: z.number().int(), newLast7Days: z.number().int() }),
    tasks: z.object({
      total: z.number().int(),
      newLast7Days: z.number().int(),
      completed: z.number().int(),
      completionRate: z.number(),
    }),
    revenue: z.object({ total: z.number(), last7Days: z.number() }),
    taskStatus: z.array(countByKey),
    taskTrend: z.array(z.object({ date: z.string(), count: z.number().int() })),
    verification: z.array(countByKey),
    performance: z.object({
      avgResponseMinutes: z.number().nullable(),
      completionRate: z.number().nullable(),
      hiredTasks: z.number().int(),
    }),
    revenueBreakdown: z.array(
      z.object({ key: z.enum(['platform_fees', 'expert_payouts', 'on_hold', 'refunded']), amount: z.number() }),
    ),
    revenueByMonth: z.array(z.object({ month: z.string(), volume: z.number(), revenue: z.number() })),
  })
  .meta({ id: 'AdminOverview' });

export const reportsDtoSchema = z
  .object({
    timeframe: z.string(),
    groupBy: z.enum(['day', 'week', 'month']),
    from: isoDate,
    activity: z.object({
      series: z.array(z.object({ bucket: z.string(), tasks: z.number().int(), users: z.number().int() })),
      taskStatus: z.array(countByKey),
      progress: z.array(
        z.object({
          bucket: z.string(),
          completed: z.number().int(),
          inProgress: z.number().int(),
          cancelled: z.number().int(),
        }),
      ),
    }),
    financial: z.object({
      series: z.array(z.object({ bucket: z.string(), volume: z.number(), revenue: z.number() })),
      stats: z.object({ count: z.number().int(), volume: z.number(), revenue: z.number(), average: z.number() }),
      paymentStatus: z.array(countByKey),
    }),
    users: z.object({
      series: z.array(z.object({ bucket: z.string(), users: z.number().int() })),
      verification: z.array(countByKey),
      stats: z.object({
        totalUsers: z.number().int(),
        totalExperts: z.number().int(),
        verifiedExperts: z.number().int(),
      }),
    }),
  })
  .meta({ id: 'AdminReports' });

/** POST /admin/notifications (201): how many users were notified. */
export const notificationSentSchema = z.object({ recipients: z.number().int() });
/** POST /admin/notifications/mark-all-read. */
export const notificationsMarkedSchema = z.object({ updated: z.number().int() });

// Compile-time: each schema's output is exactly the interface the web app reads.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <A, B>(check: Same<A, B>) => check;
same<z.output<typeof adminUserDtoSchema>, AdminUserDto>(true);
same<z.output<typeof roleChangeDtoSchema>, RoleChangeDto>(true);
same<z.output<typeof adminTransactionDtoSchema>, AdminTransactionDto>(true);
same<z.output<typeof adminTaskDtoSchema>, AdminTaskDto>(true);
same<z.output<typeof adminNotificationDtoSchema>, AdminNotificationDto>(true);
same<z.output<typeof auditEntryDtoSchema>, AuditEntryDto>(true);
same<z.output<typeof clientFlagDtoSchema>, ClientFlagDto>(true);
same<z.output<typeof systemSettingsDtoSchema>, SystemSettingsDto>(true);
same<z.output<typeof overviewDtoSchema>, OverviewDto>(true);
same<z.output<typeof reportsDtoSchema>, ReportsDto>(true);
