import { exportQuerySchema, pageQuery } from '@server/modules/admin/admin.routes';
import {
  adminNotificationsQuerySchema,
  adminReportsQuerySchema,
  adminTransactionsQuerySchema,
  adminUsersQuerySchema,
  sendNotificationSchema,
  systemSettingsSchema,
  userRoleChangeSchema,
  userRoleRemoveParamsSchema,
} from '@shared/schemas/admin.schemas';
import { auditQuerySchema } from '@shared/schemas/admin-overrides.schemas';
import { idParamsSchema } from '@shared/schemas/common.schemas';
import type { RouteDoc } from '../route-doc';

export const adminDocs: RouteDoc[] = [
  {
    route: 'DELETE /api/admin/users/:id/roles/:role',
    summary: 'Remove a role from a user',
    access: 'admin',
    params: userRoleRemoveParamsSchema,
  },
  {
    route: 'GET /api/admin/audit',
    summary: 'Admin: the audit log',
    access: 'admin',
    query: auditQuerySchema,
  },
  {
    route: 'GET /api/admin/client-flags',
    summary: 'Admin: clients flagged by reports',
    access: 'admin',
    query: pageQuery,
  },
  {
    route: 'GET /api/admin/notifications',
    summary: 'Admin: the admin inbox',
    access: 'admin',
    query: adminNotificationsQuerySchema,
  },
  { route: 'GET /api/admin/overview', summary: 'Admin: overview figures', access: 'admin' },
  {
    route: 'GET /api/admin/reports',
    summary: 'Admin: reports over a timeframe',
    access: 'admin',
    query: adminReportsQuerySchema,
  },
  {
    route: 'GET /api/admin/reports/export',
    summary: 'Admin: export a report as CSV',
    access: 'admin',
    query: exportQuerySchema,
  },
  { route: 'GET /api/admin/settings', summary: 'Admin: read the platform settings', access: 'admin' },
  {
    route: 'GET /api/admin/transactions',
    summary: 'Admin: list transactions',
    access: 'admin',
    query: adminTransactionsQuerySchema,
  },
  {
    route: 'GET /api/admin/users',
    summary: 'Admin: list users',
    access: 'admin',
    query: adminUsersQuerySchema,
  },
  {
    route: 'POST /api/admin/notifications',
    summary: 'Admin: send a notification to users',
    access: 'admin',
    body: sendNotificationSchema,
  },
  {
    route: 'POST /api/admin/notifications/mark-all-read',
    summary: 'Admin: mark the admin inbox read',
    access: 'admin',
  },
  {
    route: 'POST /api/admin/users/:id/roles',
    summary: 'Admin: give a user a role',
    access: 'admin',
    body: userRoleChangeSchema,
    params: idParamsSchema,
  },
  {
    route: 'PUT /api/admin/settings',
    summary: 'Admin: save the platform settings',
    access: 'admin',
    body: systemSettingsSchema,
  },
];
