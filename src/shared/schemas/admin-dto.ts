import type { AppRole, NotificationType, TransactionStatus } from '../domain/enums';
import type { PaymentStatus, TaskStatus } from '../domain/task-state';

/** Response shapes of the admin API (money in integer cents, dates as ISO strings). */

export interface Paged<T> {
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** Whether the account can sign in: suspended by an admin, or deleted by its owner (issue 52). */
export type AdminAccountStatus = 'active' | 'suspended' | 'deleted';

export interface AdminUserDto {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  avatar_url: string | null;
  created_at: string;
  roles: AppRole[];
  account_status: AdminAccountStatus;
}

export interface RoleChangeDto {
  changed: boolean;
  role: AppRole;
}

export interface AdminTransactionDto {
  id: string;
  task_id: string;
  task_title: string | null;
  client_id: string | null;
  /** The parties' names, shown as links to them in the Users tab (issue 52). */
  client_name: string | null;
  expert_id: string | null;
  expert_name: string | null;
  amount: number;
  platform_fee: number;
  platform_fee_percent: number;
  status: TransactionStatus;
  created_at: string;
  /** Issue 51: the rate agreed by counter-offer before the hire (cents), if any. */
  offer_amount: number | null;
  /** Issue 51: the approved price changes after the hire, oldest first (cents; how an increase was held). */
  price_changes: Array<{ from: number; to: number; authorization: string | null; second_intent_id: string | null }>;
  /** Issue 51: the client's tip on the task (cents; on the row of the task's own hold, else 0). */
  tip_amount: number;
  /** Issue 51: the expert's payout that carried this charge (the provider's status and arrival day), if any yet. */
  payout_status: string | null;
  payout_arrival: string | null;
}

/** A row of the admin task list (issue 52): the task and both parties, each linkable. */
export interface AdminTaskDto {
  id: string;
  title: string;
  status: TaskStatus;
  payment_status: PaymentStatus;
  budget: number;
  client_id: string;
  client_name: string | null;
  client_email: string | null;
  expert_id: string | null;
  expert_name: string | null;
  expert_email: string | null;
  created_at: string;
}

export interface AdminNotificationDto {
  id: string;
  user_id: string;
  user_name: string | null;
  type: NotificationType;
  title: string;
  message: string;
  task_id: string | null;
  read: boolean;
  created_at: string;
}

export interface AuditEntryDto {
  id: string;
  action: string;
  actor_id: string | null;
  actor_name: string | null;
  target_type: string;
  target_id: string | null;
  target_name: string | null;
  details: unknown;
  created_at: string;
}

export interface ClientFlagDto {
  id: string;
  reason: string;
  severity: string;
  task_id: string;
  task_title: string | null;
  expert_id: string;
  expert_name: string | null;
  client_id: string;
  client_name: string | null;
  created_at: string;
}

export interface SystemSettingsDto {
  platform_fee_percent: number;
  min_task_price: number;
  max_task_price: number;
  maintenance_mode: boolean;
  footer_text: string;
  contact_email: string;
  tos_content: string | null;
  privacy_policy_content: string | null;
  updated_at: string;
}

export interface CountByKey {
  key: string;
  count: number;
}

export interface OverviewDto {
  users: { total: number; newLast7Days: number };
  tasks: { total: number; newLast7Days: number; completed: number; completionRate: number };
  revenue: { total: number; last7Days: number };
  taskStatus: CountByKey[];
  taskTrend: { date: string; count: number }[];
  verification: CountByKey[];
  performance: {
    /** Average minutes from a task's publication to its first application; null with no applications. */
    avgResponseMinutes: number | null;
    /** Percent of tasks with a hired expert that reached completed or verified; null with none. */
    completionRate: number | null;
    hiredTasks: number;
  };
  revenueBreakdown: { key: 'platform_fees' | 'expert_payouts' | 'on_hold' | 'refunded'; amount: number }[];
  revenueByMonth: { month: string; volume: number; revenue: number }[];
}

export interface ReportsDto {
  timeframe: string;
  groupBy: 'day' | 'week' | 'month';
  from: string;
  activity: {
    series: { bucket: string; tasks: number; users: number }[];
    taskStatus: CountByKey[];
    progress: { bucket: string; completed: number; inProgress: number; cancelled: number }[];
  };
  financial: {
    series: { bucket: string; volume: number; revenue: number }[];
    stats: { count: number; volume: number; revenue: number; average: number };
    paymentStatus: CountByKey[];
  };
  users: {
    series: { bucket: string; users: number }[];
    verification: CountByKey[];
    stats: { totalUsers: number; totalExperts: number; verifiedExperts: number };
  };
}
