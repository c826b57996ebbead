import { z } from 'zod';
import { ADMIN, SETTINGS_DEFAULTS, TEXT_LIMITS } from '../constants';
import { APP_ROLES, REPORT_TIMEFRAME_KEYS, TRANSACTION_STATUSES } from '../domain/enums';
import { parseDollarsToCents } from '../domain/money';
import { TASK_STATUSES } from '../domain/task-state';
import { messages } from '../messages';
import { optionalSearch, paginationQuery } from './common.schemas';

const adminText = messages.admin;

const priceCents = (message: string) =>
  z.number({ error: message }).int(message).min(SETTINGS_DEFAULTS.priceLimitFloorCents, message);

const legalText = z.string().max(TEXT_LIMITS.legalTextMax, adminText.legalTextTooLong).nullable().optional();

/**
 * PUT /admin/settings (spec 002 section 5). Prices are cents: at least 100 ($1) each, and the
 * minimum may not exceed the maximum. The fee is 0-100 in steps of 0.01.
 */
export const systemSettingsSchema = z
  .object({
    platform_fee_percent: z
      .number({ error: adminText.feeOutOfRange })
      .min(SETTINGS_DEFAULTS.platformFeeMin, adminText.feeOutOfRange)
      .max(SETTINGS_DEFAULTS.platformFeeMax, adminText.feeOutOfRange)
      .multipleOf(SETTINGS_DEFAULTS.platformFeeStep, adminText.feeTooPrecise),
    min_task_price: priceCents(adminText.minPriceTooLow),
    max_task_price: priceCents(adminText.maxPriceTooLow),
    maintenance_mode: z.boolean(),
    footer_text: z.string().max(TEXT_LIMITS.footerTextMax, adminText.footerTooLong),
    contact_email: z.string().trim().pipe(z.email(adminText.contactEmailInvalid)),
    tos_content: legalText,
    privacy_policy_content: legalText,
  })
  .refine((settings) => settings.min_task_price <= settings.max_task_price, {
    message: adminText.priceRangeInverted,
    path: ['min_task_price'],
  });
export type SystemSettingsRequest = z.input<typeof systemSettingsSchema>;
export type SystemSettingsInput = z.output<typeof systemSettingsSchema>;

/** The fee field as typed: non-numeric input falls back to 0 (spec 002 section 5). */
export function parseFeeInput(text: string): number {
  const value = Number(text.trim());
  return text.trim() === '' || !Number.isFinite(value) ? 0 : value;
}

/** A price field as typed, in dollars, to cents: non-numeric input falls back to $1. */
export function parsePriceInputCents(text: string): number {
  return parseDollarsToCents(text) ?? SETTINGS_DEFAULTS.priceLimitFloorCents;
}

const adminPage = paginationQuery(ADMIN.pageSize);

/** GET /admin/users: search over names and email, role filter. */
export const adminUsersQuerySchema = adminPage.extend({
  search: optionalSearch(TEXT_LIMITS.searchMax),
  role: z.enum(['all', 'client', ...APP_ROLES]).default('all'),
});
export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;

/** GET /admin/transactions: optional status filter. */
export const adminTransactionsQuerySchema = adminPage.extend({
  status: z.enum(['all', ...TRANSACTION_STATUSES]).default('all'),
  search: transactionIdSearchField(),
});
export type AdminTransactionsQuery = z.output<typeof adminTransactionsQuerySchema>;

/**
 * GET /admin/tasks (issue 52): search over the title, the task id and the client's or expert's name
 * or email; status filter.
 */
export const adminTasksQuerySchema = adminPage.extend({
  search: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string(adminText.taskSearchTooLong).trim().max(TEXT_LIMITS.searchMax, adminText.taskSearchTooLong).optional(),
  ),
  status: z.enum(['all', ...TASK_STATUSES], { error: adminText.taskStatusInvalid }).default('all'),
});
export type AdminTasksQuery = z.output<typeof adminTasksQuerySchema>;

/** GET /admin/notifications. */
export const adminNotificationsQuerySchema = adminPage;
export type AdminNotificationsQuery = z.output<typeof adminNotificationsQuerySchema>;

/** POST/DELETE /admin/users/:id/roles: the role to add or remove (client is the absence of both). */
export const userRoleChangeSchema = z.object({ role: z.enum(APP_ROLES) });
export type UserRoleChangeRequest = z.infer<typeof userRoleChangeSchema>;

/** GET /admin/reports and the CSV exports. */
export const adminReportsQuerySchema = z.object({
  timeframe: z.enum(REPORT_TIMEFRAME_KEYS).default('30d'),
});

/** The admin CSV exports (Reports tab). */
export const REPORT_KINDS = ['activity', 'finance', 'user'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const adminExportQuerySchema = adminReportsQuerySchema.extend({ report: z.enum(REPORT_KINDS) });

/** An admin list's page query (the admin lists' own page size). */
export const adminPageQuerySchema = paginationQuery(ADMIN.pageSize);
export type AdminReportsQuery = z.output<typeof adminReportsQuerySchema>;

/** DELETE /admin/users/:id/roles/:role: "client" is the absence of both roles and cannot be removed. */
export const userRoleRemoveParamsSchema = z.object({
  id: z.uuid(adminText.userNotFound),
  role: z.enum(APP_ROLES, { error: adminText.clientRoleNotRemovable }),
});

/** GET /admin/transactions ?search: a prefix of the transaction id (as shown, first 8 characters or more). */
function transactionIdSearchField() {
  return z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z
    .string()
    .trim()
    .toLowerCase()
    .max(36, adminText.transactionSearchInvalid)
    .regex(/^[0-9a-f-]+$/, adminText.transactionSearchInvalid)
      .refine((text) => text.replace(/-/g, '').length <= 32, adminText.transactionSearchInvalid)
    .optional(),
  );
}

export const ADMIN_NOTIFICATION_LIMITS = { titleMax: 120, messageMax: 1000 } as const;

/** POST /admin/notifications: one user, everyone with a role, or everyone. */
export const sendNotificationSchema = z
  .object({
    audience: z.enum(['user', 'role', 'all']),
    user_id: z.uuid(adminText.notificationUserRequired).optional(),
    role: z.enum(['client', ...APP_ROLES], { error: adminText.notificationRoleRequired }).optional(),
    title: requiredTextField(ADMIN_NOTIFICATION_LIMITS.titleMax, adminText.notificationTitleRequired, adminText.notificationTitleTooLong),
    message: requiredTextField(
      ADMIN_NOTIFICATION_LIMITS.messageMax,
      adminText.notificationMessageRequired,
      adminText.notificationMessageTooLong,
    ),
  })
  .superRefine((value, ctx) => {
    if (value.audience === 'user' && !value.user_id)
      ctx.addIssue({ code: 'custom', message: adminText.notificationUserRequired, path: ['user_id'] });
    if (value.audience === 'role' && !value.role)
      ctx.addIssue({ code: 'custom', message: adminText.notificationRoleRequired, path: ['role'] });
  });
export type SendNotificationRequest = z.input<typeof sendNotificationSchema>;
export type SendNotificationInput = z.output<typeof sendNotificationSchema>;

function requiredTextField(max: number, required: string, tooLong: string) {
  return z.string({ error: required }).trim().min(1, required).max(max, tooLong);
}
