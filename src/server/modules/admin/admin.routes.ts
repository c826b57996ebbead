import { Hono } from 'hono';
import {
  adminNotificationsQuerySchema,
  adminExportQuerySchema,
  adminPageQuerySchema,
  adminReportsQuerySchema,
  adminTasksQuerySchema,
  adminUsersQuerySchema,
  sendNotificationSchema,
  systemSettingsSchema,
  userRoleChangeSchema,
  userRoleRemoveParamsSchema,
} from '@shared/schemas/admin.schemas';
import type {
  AdminNotificationDto,
  AdminUserDto,
  AuditEntryDto,
  ClientFlagDto,
  OverviewDto,
  Paged,
  ReportsDto,
  RoleChangeDto,
  SystemSettingsDto,
  AdminTaskDto,
} from '@shared/schemas/admin-dto';
import { auditQuerySchema } from '@shared/schemas/admin-overrides.schemas';
import { cancellationPolicySchema, type CancellationPolicyDto } from '@shared/schemas/cancellations.schemas';
import { idParamsSchema } from '@shared/schemas/common.schemas';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../http/context';
import { jsonBody, pathParams, queryParams } from '../../http/validation';
import { requireAdmin } from './admin-access';
import { listAdminUsers } from './users.repository';
import { addUserRole, removeUserRole } from './role-changes';
import { listAdminTasks } from './tasks.repository';
import { listAllNotifications, markAllNotificationsRead } from './notifications.repository';
import { sendAdminNotification } from './send-notification';
import { readSystemSettings, writeSystemSettings, type SystemSettingsRow } from './settings.repository';
import { loadOverview } from './overview.repository';
import { recordAudit } from '../audit/audit.repository';
import { readCancellationPolicy, writeCancellationPolicy } from '../settings/settings.repository';
import { loadReports } from './reports.repository';
import { reportCsv, reportFileName } from './reports-csv';
import { listAuditEntries, listClientFlags } from './oversight.repository';

const iso = (date: Date) => date.toISOString();
const pageQuery = adminPageQuerySchema;
const exportQuerySchema = adminExportQuerySchema;

function settingsDto(row: SystemSettingsRow): SystemSettingsDto {
  return {
    platform_fee_percent: Number(row.platform_fee_percent),
    min_task_price: row.min_task_price,
    max_task_price: row.max_task_price,
    maintenance_mode: row.maintenance_mode,
    footer_text: row.footer_text ?? '',
    contact_email: row.contact_email ?? '',
    tos_content: row.tos_content,
    privacy_policy_content: row.privacy_policy_content,
    updated_at: iso(row.updated_at),
  };
}

/**
 * The admin area's API under /api/admin. Every route starts with requireAdmin (check_is_admin on
 * the server): 401 signed out, 403 for clients and experts.
 */
export function adminRoutes(deps: AppDeps) {
  const { db, clock } = deps;
  return new Hono<AppEnv>()
    .get('/admin/overview', async (c) => {
      await requireAdmin(c, db);
      return c.json((await loadOverview(db, clock.now())) satisfies OverviewDto);
    })
    .get('/admin/users', async (c) => {
      await requireAdmin(c, db);
      const query = queryParams(c, adminUsersQuerySchema);
      const { rows, total } = await listAdminUsers(db, query);
      const users: AdminUserDto[] = rows.map((row) => ({ ...row, created_at: iso(row.created_at) }));
      return c.json({ rows: users, total, page: query.page, pageSize: query.pageSize } satisfies Paged<AdminUserDto>);
    })
    .post('/admin/users/:id/roles', async (c) => {
      const admin = await requireAdmin(c, db);
      const { id } = pathParams(c, idParamsSchema);
      const { role } = await jsonBody(c, userRoleChangeSchema);
      const result = await addUserRole(db, { actorId: admin.id, userId: id, role, now: clock.now() });
      return c.json(result satisfies RoleChangeDto, result.changed ? 201 : 200);
    })
    .delete('/admin/users/:id/roles/:role', async (c) => {
      const admin = await requireAdmin(c, db);
      const { id, role } = pathParams(c, userRoleRemoveParamsSchema);
      const result = await removeUserRole(db, { actorId: admin.id, userId: id, role, now: clock.now() });
      return c.json(result satisfies RoleChangeDto);
    })
    .get('/admin/audit', async (c) => {
      await requireAdmin(c, db);
      const query = queryParams(c, auditQuerySchema);
      const { rows, total } = await listAuditEntries(db, query);
      const entries: AuditEntryDto[] = rows.map((row) => ({ ...row, created_at: iso(row.created_at) }));
      return c.json({ rows: entries, total, page: query.page, pageSize: query.pageSize } satisfies Paged<AuditEntryDto>);
    })
    .get('/admin/client-flags', async (c) => {
      await requireAdmin(c, db);
      const query = queryParams(c, pageQuery);
      const { rows, total } = await listClientFlags(db, query);
      const flags: ClientFlagDto[] = rows.map((row) => ({ ...row, created_at: iso(row.created_at) }));
      return c.json({ rows: flags, total, page: query.page, pageSize: query.pageSize } satisfies Paged<ClientFlagDto>);
    })
    .get('/admin/tasks', async (c) => {
      await requireAdmin(c, db);
      const query = queryParams(c, adminTasksQuerySchema);
      const { rows, total } = await listAdminTasks(db, query);
      const list: AdminTaskDto[] = rows.map((row) => ({ ...row, created_at: iso(row.created_at) }));
      return c.json({ rows: list, total, page: query.page, pageSize: query.pageSize } satisfies Paged<AdminTaskDto>);
    })
    .get('/admin/notifications', async (c) => {
      await requireAdmin(c, db);
      const query = queryParams(c, adminNotificationsQuerySchema);
      const { rows, total } = await listAllNotifications(db, query);
      const list: AdminNotificationDto[] = rows.map(({ first_name, last_name, avatar_url: _avatar, ...row }) => ({
        ...row,
        user_name: [first_name, last_name].filter(Boolean).join(' ') || null,
        created_at: iso(row.created_at),
      }));
      return c.json({ rows: list, total, page: query.page, pageSize: query.pageSize } satisfies Paged<AdminNotificationDto>);
    })
    .post('/admin/notifications/mark-all-read', async (c) => {
      await requireAdmin(c, db);
      return c.json({ updated: await markAllNotificationsRead(db) });
    })
    .post('/admin/notifications', async (c) => {
      const admin = await requireAdmin(c, db);
      const input = await jsonBody(c, sendNotificationSchema);
      const result = await sendAdminNotification(db, { actorId: admin.id, input, now: clock.now() });
      return c.json(result, 201);
    })
    .get('/admin/settings', async (c) => {
      await requireAdmin(c, db);
      return c.json(settingsDto(await readSystemSettings(db)) satisfies SystemSettingsDto);
    })
    .put('/admin/settings', async (c) => {
      await requireAdmin(c, db);
      const input = await jsonBody(c, systemSettingsSchema);
      return c.json(settingsDto(await writeSystemSettings(db, input, clock.now())) satisfies SystemSettingsDto);
    })
    // The cancellation policy's numbers (issue 50, decision 0460), audited like the review window.
    .get('/admin/cancellation-policy', async (c) => {
      await requireAdmin(c, db);
      return c.json((await readCancellationPolicy(db)) satisfies CancellationPolicyDto);
    })
    .put('/admin/cancellation-policy', async (c) => {
      const admin = await requireAdmin(c, db);
      const input = await jsonBody(c, cancellationPolicySchema);
      const now = clock.now();
      await readSystemSettings(db);
      const saved = await db.transaction(async (tx) => {
        const row = await writeCancellationPolicy(tx, input, now);
        await recordAudit(tx, { actor_id: admin.id, action: 'settings.cancellation_policy_changed', target_type: 'settings', target_id: '1', details: input, created_at: now });
        return row;
      });
      return c.json(saved satisfies CancellationPolicyDto);
    })
    .get('/admin/reports', async (c) => {
      await requireAdmin(c, db);
      const { timeframe } = queryParams(c, adminReportsQuerySchema);
      return c.json((await loadReports(db, timeframe, clock.now())) satisfies ReportsDto);
    })
    .get('/admin/reports/export', async (c) => {
      await requireAdmin(c, db);
      const { timeframe, report } = queryParams(c, exportQuerySchema);
      const now = clock.now();
      const csv = reportCsv(report, await loadReports(db, timeframe, now));
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="${reportFileName(report, now)}"`);
      c.header('Cache-Control', 'no-store');
      return c.body(csv);
    });
}
