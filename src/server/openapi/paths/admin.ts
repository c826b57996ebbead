import { adminExportQuerySchema as exportQuerySchema, adminPageQuerySchema as pageQuery } from '@shared/schemas/admin.schemas';
import {
  adminNotificationsQuerySchema,
  adminReportsQuerySchema,
  adminTasksQuerySchema,
  adminTransactionsQuerySchema,
  adminUsersQuerySchema,
  sendNotificationSchema,
  systemSettingsSchema,
  userRoleChangeSchema,
  userRoleRemoveParamsSchema,
} from '@shared/schemas/admin.schemas';
import {
  adminNotificationPageSchema,
  adminTaskPageSchema,
  adminTransactionPageSchema,
  adminUserPageSchema,
  auditEntryPageSchema,
  clientFlagPageSchema,
  notificationSentSchema,
  notificationsMarkedSchema,
  overviewDtoSchema,
  reportsDtoSchema,
  roleChangeDtoSchema,
  systemSettingsDtoSchema,
} from '@shared/schemas/admin-api.schemas';
import { auditQuerySchema } from '@shared/schemas/admin-overrides.schemas';
import { idParamsSchema } from '@shared/schemas/common.schemas';
import { cancellationPolicyDtoSchema, cancellationPolicySchema } from '@shared/schemas/cancellations.schemas';
import type { RouteDoc } from '../route-doc';

export const adminDocs: RouteDoc[] = [
  {
    route: 'DELETE /api/admin/users/:id/roles/:role',
    summary: 'Remove a role from a user',
    access: 'admin',
    params: userRoleRemoveParamsSchema,
    responses: { 200: roleChangeDtoSchema },
  },
  {
    route: 'GET /api/admin/audit',
    summary: 'Admin: the audit log',
    access: 'admin',
    query: auditQuerySchema,
    responses: { 200: auditEntryPageSchema },
  },
  {
    route: 'GET /api/admin/client-flags',
    summary: 'Admin: clients flagged by reports',
    access: 'admin',
    query: pageQuery,
    responses: { 200: clientFlagPageSchema },
  },
  {
    route: 'GET /api/admin/notifications',
    summary: 'Admin: the admin inbox',
    access: 'admin',
    query: adminNotificationsQuerySchema,
    responses: { 200: adminNotificationPageSchema },
  },
  {
    route: 'GET /api/admin/overview',
    summary: 'Admin: overview figures',
    access: 'admin',
    responses: { 200: overviewDtoSchema },
  },
  {
    route: 'GET /api/admin/reports',
    summary: 'Admin: reports over a timeframe',
    access: 'admin',
    query: adminReportsQuerySchema,
    responses: { 200: reportsDtoSchema },
  },
  {
    route: 'GET /api/admin/reports/export',
    summary: 'Admin: export a report as CSV',
    access: 'admin',
    query: exportQuerySchema,
    produces: {
      status: 200,
      contentType: 'text/csv; charset=utf-8',
      description: 'A download: the chosen report (activity, finance or user) over the timeframe.',
    },
  },
  {
    route: 'GET /api/admin/cancellation-policy',
    summary: "Admin: read the cancellation policy's numbers",
    access: 'admin',
    responses: { 200: cancellationPolicyDtoSchema },
  },
  {
    route: 'PUT /api/admin/cancellation-policy',
    summary: "Admin: save the cancellation policy's numbers (audited)",
    access: 'admin',
    body: cancellationPolicySchema,
    responses: { 200: cancellationPolicyDtoSchema },
  },
  {
    route: 'GET /api/admin/settings',
    summary: 'Admin: read the platform settings',
    access: 'admin',
    responses: { 200: systemSettingsDtoSchema },
  },
  {
    route: 'GET /api/admin/tasks',
    summary: 'Admin: list tasks (search by title, id, client or expert; status filter)',
    access: 'admin',
    query: adminTasksQuerySchema,
    responses: { 200: adminTaskPageSchema },
  },
  {
    route: 'GET /api/admin/transactions',
    summary: 'Admin: list transactions',
    access: 'admin',
    query: adminTransactionsQuerySchema,
    responses: { 200: adminTransactionPageSchema },
  },
  {
    route: 'GET /api/admin/transactions/export',
    summary: 'Admin: the transactions as CSV, with counter-offers, price changes, tips and payouts (issue 51)',
    access: 'admin',
    query: adminTransactionsQuerySchema,
    produces: {
      status: 200,
      contentType: 'text/csv; charset=utf-8',
      description: 'A download: the transactions matching the status filter and id search, newest first (at most 10,000).',
    },
  },
  {
    route: 'GET /api/admin/users',
    summary: 'Admin: list users',
    access: 'admin',
    query: adminUsersQuerySchema,
    responses: { 200: adminUserPageSchema },
  },
  {
    route: 'POST /api/admin/notifications',
    summary: 'Admin: send a notification to users',
    access: 'admin',
    body: sendNotificationSchema,
    responses: { 201: notificationSentSchema },
  },
  {
    route: 'POST /api/admin/notifications/mark-all-read',
    summary: 'Admin: mark the admin inbox read',
    access: 'admin',
    responses: { 200: notificationsMarkedSchema },
  },
  {
    route: 'POST /api/admin/users/:id/roles',
    summary: 'Admin: give a user a role',
    access: 'admin',
    body: userRoleChangeSchema,
    params: idParamsSchema,
    // 201 when the role was added, 200 when the user already had it.
    responses: { 200: roleChangeDtoSchema, 201: roleChangeDtoSchema },
  },
  {
    route: 'PUT /api/admin/settings',
    summary: 'Admin: save the platform settings',
    access: 'admin',
    body: systemSettingsSchema,
    responses: { 200: systemSettingsDtoSchema },
  },
];
