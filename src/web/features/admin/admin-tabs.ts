import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import {
  Activity,
  BarChart3,
  Bell,
  ClipboardList,
  CreditCard,
  LayoutDashboard,
  MessageSquareWarning,
  Scale,
  ScrollText,
  Settings,
  Users,
  type LucideIcon,
} from 'lucide-react';

export interface AdminTab {
  /** The value of ?tab= in the address. */
  id: string;
  label: string;
  icon: LucideIcon;
  /** Each panel is its own chunk, loaded when its tab first opens. */
  Panel: LazyExoticComponent<ComponentType>;
}

/**
 * The sidebar, in order; the first is the default. Another panel is one more line here, e.g.
 * `{ id: 'disputes', label: 'Disputes', icon: Scale, Panel: lazy(() => import('./disputes/disputes-panel')) }`.
 */
export const ADMIN_TABS: readonly AdminTab[] = [
  {
    id: 'overview',
    label: 'Overview',
    icon: LayoutDashboard,
    Panel: lazy(() => import('./overview/overview-panel')),
  },
  { id: 'users', label: 'Users', icon: Users, Panel: lazy(() => import('./users/users-panel')) },
  // Issue 52: every task, each a link to its page.
  { id: 'tasks', label: 'Tasks', icon: ClipboardList, Panel: lazy(() => import('./tasks/tasks-panel')) },
  {
    id: 'transactions',
    label: 'Transactions',
    icon: CreditCard,
    Panel: lazy(() => import('./transactions/transactions-panel')),
  },
  {
    id: 'disputes',
    label: 'Disputes',
    icon: Scale,
    Panel: lazy(() => import('./disputes').then((module) => ({ default: module.DisputesPanel }))),
  },
  // Issue 27: every audited act, filterable by task and by action.
  { id: 'audit', label: 'Audit', icon: ScrollText, Panel: lazy(() => import('./audit/audit-panel')) },
  // Issue 23: reported reviews, hidden or restored with a reason.
  {
    id: 'reviews',
    label: 'Reviews',
    icon: MessageSquareWarning,
    Panel: lazy(() => import('./reviews/review-reports-panel')),
  },
  { id: 'reports', label: 'Reports', icon: BarChart3, Panel: lazy(() => import('./reports/reports-panel')) },
  {
    id: 'notifications',
    label: 'Notifications',
    icon: Bell,
    Panel: lazy(() => import('./notifications/notifications-panel')),
  },
  {
    id: 'settings',
    label: 'Settings',
    icon: Settings,
    Panel: lazy(() => import('./settings/settings-panel')),
  },
  // Issue 21: the job queue, failures and retries, versions.
  { id: 'system', label: 'System', icon: Activity, Panel: lazy(() => import('./system/system-panel')) },
];

export const DEFAULT_TAB = ADMIN_TABS[0].id;

/** The tab named by ?tab=, or the default for a missing or unknown one. */
export const tabOf = (value: string | null): AdminTab =>
  ADMIN_TABS.find((tab) => tab.id === value) ?? ADMIN_TABS[0];
