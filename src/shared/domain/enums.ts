/** The specification's enumerations, as data and as types, shared by the server, the web and the schemas. */

export const TASK_CATEGORIES = ['general', 'property', 'vehicle'] as const;
export type TaskCategory = (typeof TASK_CATEGORIES)[number];

export const TASK_URGENCIES = ['low', 'medium', 'high'] as const;
export type TaskUrgency = (typeof TASK_URGENCIES)[number];

export const APPLICATION_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const FLAG_SEVERITIES = ['warning', 'serious', 'critical'] as const;
export type FlagSeverity = (typeof FLAG_SEVERITIES)[number];

export const TRANSACTION_STATUSES = [
  'pending',
  'authorized',
  'captured',
  'refunded',
  'failed',
  'partially_refunded',
  'voided',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const APP_ROLES = ['admin', 'expert'] as const;
export type AppRole = (typeof APP_ROLES)[number];
/** Users without a role row count as clients. */
export type DisplayRole = AppRole | 'client';

export const VERIFICATION_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const STRIPE_ACCOUNT_STATUSES = ['pending', 'active', 'restricted'] as const;
export type StripeAccountStatus = (typeof STRIPE_ACCOUNT_STATUSES)[number];

export const VERIFICATION_LEVELS = ['community_trust', 'background_check'] as const;
export type VerificationLevel = (typeof VERIFICATION_LEVELS)[number];

/** expert_verification_records.status: the spec's approved/rejected, plus pending and canceled (its "other"). */
export const VERIFICATION_RECORD_STATUSES = ['pending', 'approved', 'rejected', 'canceled'] as const;
export type VerificationRecordStatus = (typeof VERIFICATION_RECORD_STATUSES)[number];

/** The specification's 13 notification types, each emitted at its transition. */
export const SPEC_NOTIFICATION_TYPES = [
  'assignment',
  'assignment_accepted',
  'assignment_confirmed',
  'assignment_declined',
  'task_abandoned',
  'task_cancelled',
  'evidence_submitted',
  'task_verified',
  'evidence_rejected',
  'payment_authorized',
  'payment_captured',
  'application_rejected',
  'review_received',
] as const;

/** The spec's types and the ones the product adds: badges, admin messages, holds, disputes and refunds. */
export const NOTIFICATION_TYPES = [
  ...SPEC_NOTIFICATION_TYPES,
  'verification_approved',
  'verification_rejected',
  /** Sent by an admin from the admin area's Send Notification form (not in the spec's list). */
  'admin_message',
  'hold_expiring',
  'reauthorization_needed',
  'payment_reauthorized',
  'payment_lapsed',
  'review_window_reminder',
  'dispute_opened',
  'dispute_resolved',
  'evidence_resubmitted',
  'rejection_accepted',
  'payment_refunded',
  /** Issue 27: an admin acted in a party's place (cancel, confirm, reject, assign); carries the reason. */
  'admin_override',
  // Issue 23 (discovery): the waitlist, invitations and two-way reviews.
  'waitlist_expert_available',
  'review_received_blind',
  'reviews_revealed',
  /** Issue 23: a client invited the expert to apply to an open task. */
  'task_invitation',
  /** Issue 21: admins, when a capture or a void keeps failing at the provider (retried by a job). */
  'payment_retry_failing',
  /** Issue 22: the user's data export is ready to download (always emailed). */
  'data_export_ready',
  // Issue 19 (reach people who are not looking): an expert applied, task alerts, unread chat.
  'application_received',
  'task_alert',
  'task_alert_digest',
  'chat_unread',
  // Issue 49: the visit on the calendar.
  'appointment_proposed',
  'appointment_agreed',
  'appointment_declined',
  'appointment_reminder',
  // Issue 50: the third expert cancel in 30 days pauses applications; an admin may lift it.
  'applications_paused',
  'applications_resumed',
  // Issue 50: changes requested instead of a dispute, and late work (docs/decisions/0465).
  'changes_requested',
  'evidence_redelivered',
  'extension_requested',
  'extension_accepted',
  'extension_declined',
  'task_cancelled_overdue',
  // Issue 50: proof of a no-show (decision 0463).
  'no_access_reported',
  'no_access_fee_charged',
  'no_access_contested',
  // Issue 51: a receipt for every payment, partial payment, refund and tip (always emailed).
  'payment_receipt',
  // Issue 51: the expert is told of a tip (all of it theirs).
  'tip_received',
  // Issue 51: counter-offers before a hire (decision 0466) and price changes after it (decision 0467).
  'offer_proposed',
  'offer_accepted',
  'offer_declined',
  'price_change_proposed',
  'price_change_approved',
  'price_change_declined',
  // Issue 54: an outbound webhook endpoint failed for 3 days and was disabled (always emailed).
  'webhook_endpoint_disabled',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const CANCEL_HOLD_REASONS = [
  'assignment_declined_by_expert',
  'task_cancelled_by_client',
  'client_rejected_evidence',
  // Issue 13: the old hold after a re-authorization, and a dispute refunded by an admin.
  'hold_replaced',
  'dispute_refunded',
  // Issue 27: the provider is told an admin cancelled, not the client.
  'task_cancelled_by_admin',
] as const;
export type CancelHoldReason = (typeof CANCEL_HOLD_REASONS)[number];

export const REPORT_TIMEFRAME_KEYS = ['7d', '30d', '90d', '12m'] as const;
export type ReportTimeframe = (typeof REPORT_TIMEFRAME_KEYS)[number];
