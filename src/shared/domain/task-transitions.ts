import { messages } from '../messages';
import type { CancelHoldReason } from './enums';
import type { PaymentStatus, TaskStatus } from './task-state';

/** The task status machine of spec 001 section 4, as data. The server enforces it; the web reads it. */

export const TASK_ACTIONS = [
  'assign',
  'accept',
  'decline',
  'abandon',
  'submit_evidence',
  'confirm_evidence',
  'reject_evidence',
  'cancel',
  // Issue 13: disputes, automatic release and lapsed holds (docs/decisions/0111-0113).
  'resubmit_evidence',
  'accept_rejection',
  'resolve_dispute_release',
  'resolve_dispute_partial',
  'resolve_dispute_refund',
  'auto_release',
  'hold_lapse',
  'reauthorize',
  // Issue 50: changes requested instead of a dispute, at most CHANGE_REQUESTS.maxRounds (docs/decisions/0465).
  'request_changes',
  'redeliver_evidence',
  // Issue 50: the hired expert cancels with a reason (docs/decisions/0461).
  'expert_cancel',
  // Issue 50: proof of a no-show, the client's contest, and the call-out fee after 48 hours (0463).
  'report_no_access',
  'contest_no_access',
  'no_access_fee',
] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];

/** Who performs a transition in the normal course; admins act in their stead only where `adminFrom` says. */
export type TransitionActor = 'client' | 'assigned_expert' | 'admin' | 'system';

/** Task fields a transition writes or clears (beyond status and updated_at). */
export type TransitionField =
  | 'expert_id'
  | 'budget'
  | 'assigned_at'
  | 'payment_status'
  | 'started_at'
  | 'evidence_files'
  | 'completion_notes'
  | 'submitted_at'
  | 'client_capture_authorized_at'
  | 'completed_at'
  | 'cancelled_at'
  | 'review_window_ends_at';

/**
 * What happens at the payment provider after the status change:
 * - cancel_hold_if_intent: cancel the hold when a payment intent exists,
 * - cancel_hold_if_authorized: cancel the hold when payment_status is authorized,
 * - capture: capture the authorized payment.
 */
export type PaymentEffect =
  | 'none'
  | 'cancel_hold_if_intent'
  | 'cancel_hold_if_authorized'
  | 'capture'
  | 'capture_partial'
  | 'void_or_callout_fee'
  | 'void_or_refund'
  | 'new_hold';

export interface TaskTransition {
  action: TaskAction;
  from: readonly TaskStatus[];
  to: TaskStatus;
  actor: TransitionActor;
  /**
   * Statuses from which an admin may perform it (spec 001 section 6 overrides); empty: never. When
   * `actor` is a party (client or assigned expert), an admin doing it is an ADMIN OVERRIDE: a written
   * reason, an audit row in the same transaction and both parties told (isAdminOverride, issue 27).
   */
  adminFrom: readonly TaskStatus[];
  /** Why an admin is refused in a given status, when the generic wrongStatus text would mislead. */
  adminRefusals?: Partial<Record<TaskStatus, string>>;
  /** The payment status the task must have, if any. */
  requiresPaymentStatus?: PaymentStatus;
  sets: readonly TransitionField[];
  clears: readonly TransitionField[];
  paymentEffect: PaymentEffect;
  cancelHoldReason?: CancelHoldReason;
  /**
   * What the change does to the visit being planned (issue 49): call_off clears the agreed window and
   * withdraws a pending proposal, with METHOD:CANCEL to everyone who had it.
   */
  visitEffect?: 'call_off';
  /** The spec's texts for the ways the transition can be refused. */
  errors: { notActor: string; wrongStatus: string; guard?: string };
}

const tasksText = messages.tasks;

export const TASK_TRANSITIONS: Readonly<Record<TaskAction, TaskTransition>> = {
  assign: {
    action: 'assign',
    from: ['open'],
    to: 'assigned',
    actor: 'client',
    adminFrom: ['open'],
    // budget becomes the accepted application's proposed rate; payment starts over as unpaid.
    sets: ['expert_id', 'budget', 'assigned_at', 'payment_status'],
    clears: [],
    paymentEffect: 'none',
    errors: {
      notActor: messages.common.forbidden,
      wrongStatus: messages.applications.notAvailableForAssignment,
    },
  },
  accept: {
    action: 'accept',
    from: ['assigned'],
    to: 'in_progress',
    actor: 'assigned_expert',
    adminFrom: [],
    requiresPaymentStatus: 'authorized',
    sets: ['started_at'],
    clears: [],
    paymentEffect: 'none',
    errors: {
      notActor: tasksText.onlyAssignedExpertCanAccept,
      wrongStatus: tasksText.statusChanged,
      guard: tasksText.paymentNotAuthorized,
    },
  },
  decline: {
    action: 'decline',
    from: ['assigned'],
    to: 'open',
    actor: 'assigned_expert',
    adminFrom: [],
    sets: [],
    clears: ['expert_id', 'assigned_at'],
    visitEffect: 'call_off',
    paymentEffect: 'cancel_hold_if_intent',
    cancelHoldReason: 'assignment_declined_by_expert',
    errors: { notActor: tasksText.onlyAssignedExpertCanDecline, wrongStatus: tasksText.statusChanged },
  },
  abandon: {
    action: 'abandon',
    from: ['in_progress'],
    to: 'open',
    actor: 'assigned_expert',
    adminFrom: [],
    sets: [],
    clears: ['expert_id', 'started_at'],
    visitEffect: 'call_off',
    paymentEffect: 'none',
    errors: { notActor: tasksText.onlyAssignedExpertCanAbandon, wrongStatus: tasksText.statusChanged },
  },
  submit_evidence: {
    action: 'submit_evidence',
    from: ['in_progress'],
    to: 'pending_approval',
    actor: 'assigned_expert',
    adminFrom: [],
    sets: ['evidence_files', 'completion_notes', 'submitted_at'],
    clears: [],
    paymentEffect: 'none',
    errors: { notActor: messages.evidence.onlyAssignedExpertCanSubmit, wrongStatus: tasksText.statusChanged },
  },
  confirm_evidence: {
    action: 'confirm_evidence',
    from: ['pending_approval'],
    to: 'verified',
    actor: 'client',
    adminFrom: ['pending_approval'],
    sets: ['client_capture_authorized_at', 'completed_at'],
    clears: [],
    paymentEffect: 'capture',
    errors: { notActor: messages.evidence.onlyClientCanReview, wrongStatus: tasksText.statusChanged },
  },
  // Spec 001 voided the hold here; the client's Reject now opens a dispute (docs/decisions/0111).
  reject_evidence: {
    action: 'reject_evidence',
    from: ['pending_approval'],
    to: 'disputed',
    actor: 'client',
    adminFrom: ['pending_approval'],
    sets: [],
    clears: ['review_window_ends_at'],
    paymentEffect: 'none',
    errors: { notActor: messages.evidence.onlyClientCanReview, wrongStatus: tasksText.statusChanged },
  },
  cancel: {
    action: 'cancel',
    from: ['open', 'assigned', 'in_progress', 'payment_lapsed'],
    to: 'cancelled',
    actor: 'client',
    // Admins may cancel anything not yet closed (spec 001 section 6) EXCEPT delivered work: at
    // pending_approval and disputed the way is the dispute resolution, which audits (decision 0210).
    adminFrom: ['pending', 'open', 'assigned', 'in_progress', 'payment_lapsed'],
    adminRefusals: {
      pending_approval: messages.adminOverrides.cancelDeliveredWork,
      disputed: messages.adminOverrides.cancelDisputed,
      changes_requested: messages.adminOverrides.cancelDeliveredWork,
      no_access_reported: messages.noAccess.adminCancelRefused,
    },
    sets: ['cancelled_at'],
    clears: [],
    visitEffect: 'call_off',
    // Issue 50 (docs/decisions/0460): free, the hold is voided; late, the call-out fee is captured
    // from it (a partial capture) and the provider releases the rest.
    paymentEffect: 'void_or_callout_fee',
    cancelHoldReason: 'task_cancelled_by_client',
    errors: { notActor: tasksText.onlyClientCanCancel, wrongStatus: tasksText.notCancellable },
  },
  resubmit_evidence: {
    action: 'resubmit_evidence',
    from: ['disputed'],
    to: 'pending_approval',
    actor: 'assigned_expert',
    adminFrom: [],
    sets: ['evidence_files', 'completion_notes', 'submitted_at', 'review_window_ends_at'],
    clears: [],
    paymentEffect: 'none',
    errors: { notActor: messages.evidence.onlyAssignedExpertCanSubmit, wrongStatus: tasksText.statusChanged },
  },
  accept_rejection: {
    action: 'accept_rejection',
    from: ['disputed'],
    to: 'cancelled',
    actor: 'assigned_expert',
    adminFrom: [],
    sets: ['cancelled_at'],
    clears: [],
    paymentEffect: 'cancel_hold_if_intent',
    cancelHoldReason: 'client_rejected_evidence',
    errors: { notActor: messages.disputes.onlyAssignedExpert, wrongStatus: tasksText.statusChanged },
  },
  resolve_dispute_release: {
    action: 'resolve_dispute_release',
    from: [],
    to: 'verified',
    actor: 'admin',
    adminFrom: ['disputed'],
    sets: ['completed_at'],
    clears: [],
    paymentEffect: 'capture',
    errors: { notActor: messages.common.forbidden, wrongStatus: messages.disputes.notOpen },
  },
  resolve_dispute_partial: {
    action: 'resolve_dispute_partial',
    from: [],
    to: 'verified',
    actor: 'admin',
    adminFrom: ['disputed'],
    sets: ['completed_at'],
    clears: [],
    paymentEffect: 'capture_partial',
    errors: { notActor: messages.common.forbidden, wrongStatus: messages.disputes.notOpen },
  },
  resolve_dispute_refund: {
    action: 'resolve_dispute_refund',
    from: [],
    to: 'cancelled',
    actor: 'admin',
    adminFrom: ['disputed'],
    sets: ['cancelled_at'],
    clears: [],
    paymentEffect: 'void_or_refund',
    cancelHoldReason: 'client_rejected_evidence',
    errors: { notActor: messages.common.forbidden, wrongStatus: messages.disputes.notOpen },
  },
  // The review window ended in silence: captured exactly as on confirm (docs/decisions/0112).
  auto_release: {
    action: 'auto_release',
    from: ['pending_approval'],
    to: 'verified',
    actor: 'system',
    adminFrom: [],
    sets: ['client_capture_authorized_at', 'completed_at'],
    clears: ['review_window_ends_at'],
    paymentEffect: 'capture',
    errors: { notActor: messages.common.forbidden, wrongStatus: tasksText.statusChanged },
  },
  // The provider cancelled the hold before it was captured (docs/decisions/0113).
  hold_lapse: {
    action: 'hold_lapse',
    from: ['in_progress', 'pending_approval', 'disputed', 'verified', 'changes_requested', 'no_access_reported'],
    to: 'payment_lapsed',
    actor: 'system',
    adminFrom: [],
    sets: ['payment_status'],
    clears: ['review_window_ends_at'],
    paymentEffect: 'none',
    errors: { notActor: messages.common.forbidden, wrongStatus: tasksText.statusChanged },
  },
  // A fresh hold on a lapsed task; it returns to in_progress, or to pending_approval with a new
  // review window when evidence was already submitted (the service decides which).
  reauthorize: {
    action: 'reauthorize',
    from: ['payment_lapsed'],
    to: 'in_progress',
    actor: 'client',
    adminFrom: [],
    sets: ['payment_status'],
    clears: [],
    paymentEffect: 'new_hold',
    errors: { notActor: messages.payment.onlyClientCanPay, wrongStatus: tasksText.statusChanged },
  },
  // The review window stops (cleared) while the expert works on the named items; the round count
  // (at most CHANGE_REQUESTS.maxRounds) is the service's guard, read from the change requests.
  request_changes: {
    action: 'request_changes',
    from: ['pending_approval'],
    to: 'changes_requested',
    actor: 'client',
    adminFrom: [],
    sets: [],
    clears: ['review_window_ends_at'],
    paymentEffect: 'none',
    errors: {
      notActor: messages.evidence.onlyClientCanReview,
      wrongStatus: tasksText.statusChanged,
      guard: messages.evidenceChanges.noRoundsLeft,
    },
  },
  // Each delivery restarts the review window, as the first one started it.
  redeliver_evidence: {
    action: 'redeliver_evidence',
    from: ['changes_requested'],
    to: 'pending_approval',
    actor: 'assigned_expert',
    adminFrom: [],
    sets: ['evidence_files', 'submitted_at', 'review_window_ends_at'],
    clears: [],
    paymentEffect: 'none',
    errors: { notActor: messages.evidence.onlyAssignedExpertCanSubmit, wrongStatus: tasksText.statusChanged },
  },
  // The hired expert cancels (issue 50, docs/decisions/0461): decline and abandon with a reason, from
  // either status; the hold is voided and the task reopens with the other applications pending.
  expert_cancel: {
    action: 'expert_cancel',
    from: ['assigned', 'in_progress'],
    to: 'open',
    actor: 'assigned_expert',
    adminFrom: [],
    sets: ['payment_status'],
    clears: ['expert_id', 'assigned_at', 'started_at'],
    visitEffect: 'call_off',
    paymentEffect: 'cancel_hold_if_intent',
    cancelHoldReason: 'assignment_declined_by_expert',
    errors: { notActor: messages.cancellations.onlyAssignedExpertCanCancel, wrongStatus: tasksText.statusChanged },
  },
  // The hired expert was at the door in the agreed window and nobody let them in: with photo proof
  // (time and place from the photo's own metadata) the task waits 48 hours for the client's answer.
  report_no_access: {
    action: 'report_no_access',
    from: ['assigned', 'in_progress'],
    to: 'no_access_reported',
    actor: 'assigned_expert',
    adminFrom: [],
    requiresPaymentStatus: 'authorized',
    sets: [],
    clears: [],
    paymentEffect: 'none',
    errors: { notActor: messages.noAccess.onlyAssignedExpert, wrongStatus: tasksText.statusChanged, guard: tasksText.paymentNotAuthorized },
  },
  // The client says the report is wrong: a dispute in the existing flow, which an admin resolves.
  contest_no_access: {
    action: 'contest_no_access',
    from: ['no_access_reported'],
    to: 'disputed',
    actor: 'client',
    adminFrom: [],
    sets: [],
    clears: [],
    paymentEffect: 'none',
    errors: { notActor: messages.noAccess.onlyClient, wrongStatus: tasksText.statusChanged },
  },
  // 48 hours without a contest: the call-out fee by a partial capture, the rest released.
  no_access_fee: {
    action: 'no_access_fee',
    from: ['no_access_reported'],
    to: 'cancelled',
    actor: 'system',
    adminFrom: [],
    sets: ['cancelled_at'],
    clears: [],
    paymentEffect: 'void_or_callout_fee',
    errors: { notActor: messages.common.forbidden, wrongStatus: tasksText.statusChanged },
  },
};
