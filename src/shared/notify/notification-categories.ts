/**
 * The ONE place that maps a notification `type` to its delivery category (docs/notifications.md).
 * Types are plain strings here on purpose: types added by other modules fall to DEFAULT_CATEGORY
 * (and are delivered) until someone lists them.
 */
export const NOTIFICATION_CATEGORIES = ['tasks_payments', 'messages', 'reminders', 'task_alerts', 'announcements'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const NOTIFICATION_CHANNELS = ['email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const CATEGORY_LABELS: Record<NotificationCategory, string> = {
  tasks_payments: 'Tasks and payments',
  messages: 'Messages',
  reminders: 'Reminders',
  task_alerts: 'Task alerts',
  announcements: 'Announcements',
};

/** An unknown (newer) type: tasks and payments, delivered and switchable, never mandatory. */
export const DEFAULT_CATEGORY: NotificationCategory = 'tasks_payments';

const CATEGORY_BY_TYPE: Record<string, NotificationCategory> = {
  assignment: 'tasks_payments',
  assignment_accepted: 'tasks_payments',
  assignment_confirmed: 'tasks_payments',
  assignment_declined: 'tasks_payments',
  task_abandoned: 'tasks_payments',
  task_cancelled: 'tasks_payments',
  evidence_submitted: 'tasks_payments',
  evidence_resubmitted: 'tasks_payments',
  task_verified: 'tasks_payments',
  evidence_rejected: 'tasks_payments',
  rejection_accepted: 'tasks_payments',
  application_received: 'tasks_payments',
  offer_proposed: 'tasks_payments',
  offer_accepted: 'tasks_payments',
  offer_declined: 'tasks_payments',
  price_change_proposed: 'tasks_payments',
  price_change_approved: 'tasks_payments',
  price_change_declined: 'tasks_payments',
  application_rejected: 'tasks_payments',
  review_received: 'tasks_payments',
  verification_approved: 'tasks_payments',
  verification_rejected: 'tasks_payments',
  dispute_opened: 'tasks_payments',
  dispute_resolved: 'tasks_payments',
  payment_authorized: 'tasks_payments',
  payment_captured: 'tasks_payments',
  payment_refunded: 'tasks_payments',
  payment_reauthorized: 'tasks_payments',
  payment_lapsed: 'tasks_payments',
  reauthorization_needed: 'tasks_payments',
  hold_expiring: 'reminders',
  review_window_reminder: 'reminders',
  chat_unread: 'messages',
  task_alert: 'task_alerts',
  task_alert_digest: 'task_alerts',
  admin_message: 'announcements',
  admin_override: 'tasks_payments',
  payment_retry_failing: 'tasks_payments',
  waitlist_expert_available: 'tasks_payments',
  review_received_blind: 'tasks_payments',
  reviews_revealed: 'tasks_payments',
  task_invitation: 'tasks_payments',
  data_export_ready: 'tasks_payments',
  webhook_endpoint_disabled: 'tasks_payments',
  appointment_proposed: 'tasks_payments',
  appointment_agreed: 'tasks_payments',
  appointment_declined: 'tasks_payments',
  appointment_reminder: 'reminders',
  applications_paused: 'tasks_payments',
  applications_resumed: 'tasks_payments',
  changes_requested: 'tasks_payments',
  evidence_redelivered: 'tasks_payments',
  extension_requested: 'tasks_payments',
  extension_accepted: 'tasks_payments',
  extension_declined: 'tasks_payments',
  task_cancelled_overdue: 'tasks_payments',
  no_access_reported: 'tasks_payments',
  no_access_fee_charged: 'tasks_payments',
  no_access_contested: 'tasks_payments',
  payment_receipt: 'tasks_payments',
  tip_received: 'tasks_payments',
};

/**
 * Money and security: their email goes out whatever the preferences say, because the recipient
 * must know (a charge, a refund, a hold that lapses, a dispute about their money).
 */
const MANDATORY_EMAIL_TYPES = new Set<string>([
  // Issue 50: a fee is coming unless the client answers within 48 hours, and then it is charged.
  'no_access_reported',
  'no_access_fee_charged',
  'payment_authorized',
  'payment_captured',
  'payment_refunded',
  'payment_reauthorized',
  'payment_lapsed',
  'reauthorization_needed',
  'hold_expiring',
  'dispute_opened',
  'dispute_resolved',
  // An admin acted on the user's task or money in their place: they must hear of it, with the reason.
  'admin_override',
  // Admins: a capture or void keeps failing at the provider and the hold's deadline is coming.
  'payment_retry_failing',
  // The expert cannot apply for 7 days and must know why, whatever their preferences.
  'applications_paused',
  // Security: the user asked for their data; the mail is the "link" the export promises.
  'data_export_ready',
  // Issue 51: a receipt is a record of money taken or given back; it is sent whatever the settings.
  'payment_receipt',
  // Issue 54: the business's integration stopped receiving events; nothing else would tell them.
  'webhook_endpoint_disabled',
]);

export function categoryOf(type: string): NotificationCategory {
  return CATEGORY_BY_TYPE[type] ?? DEFAULT_CATEGORY;
}

export function isMandatoryEmail(type: string): boolean {
  return MANDATORY_EMAIL_TYPES.has(type);
}
