import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AppRole, ReportTimeframe, TransactionStatus } from '@shared/domain/enums';
import type { TaskStatus } from '@shared/domain/task-state';
import type {
  AdminNotificationDto,
  AdminTaskDto,
  AdminTransactionDto,
  AdminUserDto,
  AuditEntryDto,
  ClientFlagDto,
  OverviewDto,
  Paged,
  ReportsDto,
  RoleChangeDto,
  SystemSettingsDto,
} from '@shared/schemas/admin-dto';
import type { WaitlistPlaceDto } from '@shared/schemas/discovery.schemas';
import type { SendNotificationRequest, SystemSettingsRequest } from '@shared/schemas/admin.schemas';
import { api, ApiError } from '@web/lib/api';

/** Fetchers and query options of the admin area (spec 002 section 7, through the product's own API). */
export const adminKeys = {
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  users: (q: object) => ['admin', 'users', q] as const,
  audit: (page: number) => ['admin', 'audit', page] as const,
  flags: (page: number) => ['admin', 'client-flags', page] as const,
  transactions: (q: object) => ['admin', 'transactions', q] as const,
  tasks: (q: object) => ['admin', 'tasks', q] as const,
  notifications: (page: number) => ['admin', 'notifications', page] as const,
  settings: ['admin', 'settings'] as const,
  reports: (timeframe: ReportTimeframe) => ['admin', 'reports', timeframe] as const,
  waitlist: ['admin', 'waitlist'] as const,
};

export type UsersQuery = { page: number; search: string; role: 'all' | 'client' | AppRole };
export type TransactionsQuery = { page: number; status: 'all' | TransactionStatus; search: string };
export type TasksQuery = { page: number; status: 'all' | TaskStatus; search: string };

export const overviewQuery = queryOptions({
  queryKey: adminKeys.overview,
  queryFn: () => api.get<OverviewDto>('/api/admin/overview'),
});

/** Waitlisted demand by place: on the overview (its first five places) and in the reports. */
export const waitlistQuery = queryOptions({
  queryKey: adminKeys.waitlist,
  queryFn: () => api.get<{ places: WaitlistPlaceDto[] }>('/api/admin/waitlist'),
});

export const usersQuery = (q: UsersQuery) =>
  queryOptions({
    queryKey: adminKeys.users(q),
    queryFn: () => api.get<Paged<AdminUserDto>>('/api/admin/users', q),
    placeholderData: keepPreviousData,
  });

export const auditQuery = (page: number) =>
  queryOptions({
    queryKey: adminKeys.audit(page),
    queryFn: () => api.get<Paged<AuditEntryDto>>('/api/admin/audit', { page }),
    placeholderData: keepPreviousData,
  });

export const clientFlagsQuery = (page: number) =>
  queryOptions({
    queryKey: adminKeys.flags(page),
    queryFn: () => api.get<Paged<ClientFlagDto>>('/api/admin/client-flags', { page }),
    placeholderData: keepPreviousData,
  });

export const transactionsQuery = (q: TransactionsQuery) =>
  queryOptions({
    queryKey: adminKeys.transactions(q),
    queryFn: () => api.get<Paged<AdminTransactionDto>>('/api/admin/transactions', q),
    placeholderData: keepPreviousData,
  });

export const tasksQuery = (q: TasksQuery) =>
  queryOptions({
    queryKey: adminKeys.tasks(q),
    queryFn: () => api.get<Paged<AdminTaskDto>>('/api/admin/tasks', q),
    placeholderData: keepPreviousData,
  });

export const notificationsQuery = (page: number) =>
  queryOptions({
    queryKey: adminKeys.notifications(page),
    queryFn: () => api.get<Paged<AdminNotificationDto>>('/api/admin/notifications', { page }),
    placeholderData: keepPreviousData,
  });

export const settingsQuery = queryOptions({
  queryKey: adminKeys.settings,
  queryFn: () => api.get<SystemSettingsDto>('/api/admin/settings'),
});

export const reportsQuery = (timeframe: ReportTimeframe) =>
  queryOptions({
    queryKey: adminKeys.reports(timeframe),
    queryFn: () => api.get<ReportsDto>('/api/admin/reports', { timeframe }),
  });

export const addRole = (userId: string, role: AppRole) => api.post<RoleChangeDto>(`/api/admin/users/${userId}/roles`, { role });
export const removeRole = (userId: string, role: AppRole) =>
  api.delete<RoleChangeDto>(`/api/admin/users/${userId}/roles/${role}`);
export const markAllRead = () => api.post<{ updated: number }>('/api/admin/notifications/mark-all-read');
export const sendNotification = (body: SendNotificationRequest) =>
  api.post<{ recipients: number }>('/api/admin/notifications', body);
export const saveSettings = (body: SystemSettingsRequest) => api.put<SystemSettingsDto>('/api/admin/settings', body);

/** Downloads a report's CSV as the server names it (activity-report-yyyy-MM-dd.csv, ...). */
export async function downloadReportCsv(report: 'activity' | 'finance' | 'user', timeframe: ReportTimeframe): Promise<void> {
  const response = await fetch(`/api/admin/reports/export?report=${report}&timeframe=${timeframe}`, { credentials: 'same-origin' });
  if (!response.ok) throw new ApiError(response.status, 'error', `Request failed (${response.status})`);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `${report}-report.csv`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
