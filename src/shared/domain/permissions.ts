import { CHANGE_REQUESTS } from '../constants';
import { messages } from '../messages';
import { isOverdue, isOverdueCancellable } from './late-work';
import {
  canAuthorizePayment,
  canCapturePayment,
  canReplaceHoldThroughDialog,
  checkTransition,
  isClosed,
  isPaymentAuthorized,
  type TaskAction,
  type TaskStatus,
} from './task-status';
import {
  TASK_CAPABILITIES,
  taskRole,
  type Actor,
  type PermissionCheck,
  type RefusalReason,
  type TaskAccessFacts,
  type TaskCapability,
  type TaskRole,
} from './task-capabilities';

// Importers read the whole matrix from here: its vocabulary lives in task-capabilities.ts.
export * from './task-capabilities';

/**
 * The task roles matrix of spec 001 section 6: who may do what with one task, in which state.
 * The server enforces it; the web uses it only to show or hide controls.
 */

const ALLOWED: PermissionCheck = { ok: true };
const refuse = (reason: RefusalReason, message: string): PermissionCheck => ({ ok: false, reason, message });

type Rule = (task: TaskAccessFacts, now: Date, actor: Actor) => PermissionCheck;
interface CapabilityRules {
  /** Message when the actor's role has no rule. */
  forbidden: string | ((actor: Actor) => string);
  rules: Partial<Record<TaskRole, Rule>>;
}

const inStatuses =
  (statuses: readonly TaskStatus[], message: string): Rule =>
  (task) =>
    statuses.includes(task.status) ? ALLOWED : refuse('wrong_status', message);

const always: Rule = () => ALLOWED;

const transitionRule =
  (action: TaskAction, asAdmin = false): Rule =>
  (task, now) => {
    const result = checkTransition(task, action, { asAdmin, now });
    return result.ok ? ALLOWED : refuse(result.reason, result.message);
  };

const both =
  (...rules: Rule[]): Rule =>
  (task, now, actor) => {
    for (const rule of rules) {
      const result = rule(task, now, actor);
      if (!result.ok) return result;
    }
    return ALLOWED;
  };

const hasApplications: Rule = (task) =>
  (task.applicationCount ?? 0) > 0 ? ALLOWED : refuse('guard', messages.applications.none);

/** The conversation exists once an expert is assigned and stays readable afterwards. */
const CHAT_STATUSES: readonly TaskStatus[] = [
  'assigned',
  'in_progress',
  'pending_approval',
  'completed',
  'verified',
  'cancelled',
  'disputed',
  'payment_lapsed',
  'changes_requested',
  'no_access_reported',
];
const EVIDENCE_STATUSES: readonly TaskStatus[] = ['pending_approval', 'completed', 'verified', 'disputed', 'payment_lapsed', 'changes_requested'];
/** A live hold can be renewed while the work is not yet paid (docs/decisions/0113). */
const REAUTHORIZE_STATUSES: readonly TaskStatus[] = ['assigned', 'in_progress', 'pending_approval', 'disputed', 'changes_requested', 'no_access_reported'];
const REVIEW_VIEW_STATUSES: readonly TaskStatus[] = ['completed', 'verified', 'cancelled'];
const ADMIN_REVIEW_VIEW_STATUSES: readonly TaskStatus[] = ['completed', 'verified'];
/** The review form needs a finished task (the flow ends in verified; completed is kept for older tasks). */
const REVIEW_WRITE_STATUSES: readonly TaskStatus[] = ['completed', 'verified'];
/** An expert may report a client while holding the assignment without a usable payment. */
const REPORT_STATUSES: readonly TaskStatus[] = ['assigned', 'in_progress'];
const NOT_CLOSED: readonly TaskStatus[] = [
  'pending',
  'open',
  'assigned',
  'in_progress',
  'pending_approval',
  'disputed',
  'payment_lapsed',
  'changes_requested',
  'no_access_reported',
];

const chatParty: Rule = (task) =>
  task.expert_id !== null && CHAT_STATUSES.includes(task.status)
    ? ALLOWED
    : refuse('wrong_status', messages.chat.partiesOnly);
/** At most CHANGE_REQUESTS.maxRounds rounds of changes, then only confirm or reject. */
const changeRoundsLeft: Rule = (task) =>
  (task.changeRounds ?? 0) < CHANGE_REQUESTS.maxRounds ? ALLOWED : refuse('guard', messages.evidenceChanges.noRoundsLeft);
const overdue: Rule = (task, now) =>
  isOverdue({ status: task.status, due_date: task.due_date ?? null }, now) ? ALLOWED : refuse('wrong_status', messages.lateWork.notOverdueYet);
const overdueCancellable: Rule = (task, now) =>
  isOverdueCancellable({ status: task.status, due_date: task.due_date ?? null }, now)
    ? ALLOWED
    : refuse('wrong_status', messages.lateWork.notOverdueCancellable);

const chatWritable: Rule = (task) =>
  isClosed(task.status) ? refuse('wrong_status', messages.chat.readOnly) : ALLOWED;

const RULES: Record<TaskCapability, CapabilityRules> = {
  view: {
    forbidden: messages.tasks.notFound,
    rules: {
      admin: always,
      owner: always,
      assigned_expert: always,
      other_expert: (task) =>
        task.status === 'open' || task.hasApplied ? ALLOWED : refuse('forbidden', messages.tasks.notFound),
    },
  },
  apply: {
    forbidden: (actor) =>
      actor.isExpert && !actor.isAdmin
        ? messages.applications.ownTask
        : messages.applications.onlyExpertsCanApply,
    rules: {
      assigned_expert: () => refuse('conflict', messages.applications.alreadyApplied),
      other_expert: both(inStatuses(['open'], messages.applications.notOpen), (task) =>
        task.hasApplied ? refuse('conflict', messages.applications.alreadyApplied) : ALLOWED,
      ),
    },
  },
  view_applicants: {
    forbidden: messages.common.forbidden,
    rules: {
      admin: inStatuses(['open'], messages.tasks.statusChanged),
      owner: both(inStatuses(['open'], messages.tasks.statusChanged), hasApplications),
    },
  },
  assign: {
    forbidden: messages.common.forbidden,
    rules: {
      admin: both(transitionRule('assign', true), hasApplications),
      owner: both(transitionRule('assign'), hasApplications),
    },
  },
  edit: {
    forbidden: messages.tasks.editOwnOnly,
    rules: {
      admin: inStatuses(NOT_CLOSED, messages.tasks.notEditable),
      // The matrix lists open, assigned and in_progress, but the edit screen and update need open.
      owner: inStatuses(['open'], messages.tasks.notEditable),
    },
  },
  cancel: {
    forbidden: messages.tasks.onlyClientCanCancel,
    rules: { admin: transitionRule('cancel', true), owner: transitionRule('cancel') },
  },
  accept: {
    forbidden: messages.tasks.onlyAssignedExpertCanAccept,
    rules: { assigned_expert: transitionRule('accept') },
  },
  decline: {
    forbidden: messages.tasks.onlyAssignedExpertCanDecline,
    rules: { assigned_expert: transitionRule('decline') },
  },
  abandon: {
    forbidden: messages.tasks.onlyAssignedExpertCanAbandon,
    rules: { assigned_expert: transitionRule('abandon') },
  },
  expert_cancel: {
    forbidden: messages.cancellations.onlyAssignedExpertCanCancel,
    rules: { assigned_expert: transitionRule('expert_cancel') },
  },
  view_chat: {
    forbidden: (actor) => (actor.isExpert ? messages.chat.mustBeAccepted : messages.chat.partiesOnly),
    rules: { admin: always, owner: chatParty, assigned_expert: chatParty },
  },
  send_message: {
    forbidden: (actor) =>
      actor.isExpert && !actor.isAdmin ? messages.chat.mustBeAccepted : messages.chat.partiesOnly,
    rules: { owner: both(chatParty, chatWritable), assigned_expert: both(chatParty, chatWritable) },
  },
  submit_evidence: {
    forbidden: messages.evidence.onlyAssignedExpertCanSubmit,
    rules: { assigned_expert: transitionRule('submit_evidence') },
  },
  view_evidence: {
    forbidden: messages.common.forbidden,
    rules: {
      admin: inStatuses(EVIDENCE_STATUSES, messages.common.forbidden),
      owner: inStatuses(EVIDENCE_STATUSES, messages.common.forbidden),
      assigned_expert: inStatuses(EVIDENCE_STATUSES, messages.common.forbidden),
    },
  },
  confirm_evidence: {
    forbidden: messages.evidence.onlyClientCanReview,
    rules: { admin: transitionRule('confirm_evidence', true), owner: transitionRule('confirm_evidence') },
  },
  reject_evidence: {
    forbidden: messages.evidence.onlyClientCanReview,
    rules: { admin: transitionRule('reject_evidence', true), owner: transitionRule('reject_evidence') },
  },
  view_review: {
    forbidden: messages.common.forbidden,
    rules: {
      admin: inStatuses(ADMIN_REVIEW_VIEW_STATUSES, messages.common.forbidden),
      owner: inStatuses(REVIEW_VIEW_STATUSES, messages.common.forbidden),
      assigned_expert: inStatuses(REVIEW_VIEW_STATUSES, messages.common.forbidden),
    },
  },
  write_review: {
    forbidden: messages.reviews.onlyClientCanReview,
    rules: {
      owner: both(
        inStatuses(REVIEW_WRITE_STATUSES, messages.reviews.notReviewable),
        (task) =>
          task.expert_id === null ? refuse('wrong_status', messages.reviews.notReviewable) : ALLOWED,
        (task) => (task.hasReview ? refuse('conflict', messages.reviews.alreadyReviewed) : ALLOWED),
      ),
    },
  },
  report_client: {
    forbidden: messages.reports.onlyAssignedExpert,
    rules: {
      assigned_expert: both(inStatuses(REPORT_STATUSES, messages.reports.notReportable), (task, now) =>
        isPaymentAuthorized(task, now) ? refuse('guard', messages.reports.notReportable) : ALLOWED,
      ),
    },
  },
  authorize_payment: {
    forbidden: messages.payment.onlyClientCanPay,
    rules: {
      owner: (task, now) =>
        task.expert_id !== null && canAuthorizePayment(task, now)
          ? ALLOWED
          : refuse('wrong_status', messages.payment.cannotAuthorize),
    },
  },
  capture_payment: {
    forbidden: messages.payment.onlyClientCanPay,
    rules: {
      owner: (task, now) =>
        canCapturePayment(task, now) ? ALLOWED : refuse('wrong_status', messages.payment.cannotCapture),
    },
  },
  resubmit_evidence: {
    forbidden: messages.evidence.onlyAssignedExpertCanSubmit,
    rules: { assigned_expert: transitionRule('resubmit_evidence') },
  },
  accept_rejection: {
    forbidden: messages.disputes.onlyAssignedExpert,
    rules: { assigned_expert: transitionRule('accept_rejection') },
  },
  resolve_dispute: {
    forbidden: messages.common.forbidden,
    rules: { admin: transitionRule('resolve_dispute_release', true) },
  },
  reauthorize_payment: {
    forbidden: messages.payment.onlyClientCanPay,
    rules: {
      owner: (task) =>
        task.status === 'payment_lapsed' ||
        (task.payment_status === 'authorized' && REAUTHORIZE_STATUSES.includes(task.status))
          ? ALLOWED
          : refuse('wrong_status', messages.holds.reauthorizeNotAllowed),
    },
  },
  // A fresh hold through the payment dialog while the old one is live (no reusable saved card).
  replace_hold_via_dialog: {
    forbidden: messages.payment.onlyClientCanPay,
    rules: {
      owner: (task, now) =>
        canReplaceHoldThroughDialog(task, now) ? ALLOWED : refuse('wrong_status', messages.holds.reauthorizeNotAllowed),
    },
  },
  request_changes: {
    forbidden: messages.evidence.onlyClientCanReview,
    rules: { owner: both(transitionRule('request_changes'), changeRoundsLeft) },
  },
  redeliver_evidence: {
    forbidden: messages.evidence.onlyAssignedExpertCanSubmit,
    rules: { assigned_expert: transitionRule('redeliver_evidence') },
  },
  request_extension: {
    forbidden: messages.lateWork.onlyAssignedExpert,
    rules: { assigned_expert: overdue },
  },
  decide_extension: {
    forbidden: messages.lateWork.onlyClient,
    rules: { owner: inStatuses(['assigned', 'in_progress'], messages.lateWork.notInProgress) },
  },
  // Always free; the client's own (the cancellation policy's fee never applies to it).
  cancel_overdue: {
    forbidden: messages.tasks.onlyClientCanCancel,
    rules: { owner: both(transitionRule('cancel'), overdueCancellable) },
  },
  // The agreed window and the photos are the service's guards (they need the appointment and the files).
  report_no_access: {
    forbidden: messages.noAccess.onlyAssignedExpert,
    rules: { assigned_expert: transitionRule('report_no_access') },
  },
  contest_no_access: {
    forbidden: messages.noAccess.onlyClient,
    rules: { owner: transitionRule('contest_no_access') },
  },
};

/** Whether the actor may do `capability` with the task now, and the spec's text when not. */
export function check(
  actor: Actor,
  capability: TaskCapability,
  task: TaskAccessFacts,
  now: Date = new Date(),
): PermissionCheck {
  const { forbidden, rules } = RULES[capability];
  const rule = rules[taskRole(actor, task)];
  if (!rule) return refuse('forbidden', typeof forbidden === 'function' ? forbidden(actor) : forbidden);
  return rule(task, now, actor);
}

export function can(
  actor: Actor,
  capability: TaskCapability,
  task: TaskAccessFacts,
  now: Date = new Date(),
): boolean {
  return check(actor, capability, task, now).ok;
}

/** Every capability the actor has on the task now, e.g. to decide which controls to show. */
export function capabilitiesOf(
  actor: Actor,
  task: TaskAccessFacts,
  now: Date = new Date(),
): TaskCapability[] {
  return TASK_CAPABILITIES.filter((capability) => can(actor, capability, task, now));
}
