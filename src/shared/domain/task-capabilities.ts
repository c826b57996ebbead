import type { PaymentStatus, TaskStatus } from './task-status';

/**
 * The vocabulary of the task roles matrix (spec 001 section 6): the capabilities, who asks, what is
 * known of the task, the roles and the shape of an answer. The rules themselves are permissions.ts.
 */

export const TASK_CAPABILITIES = [
  'view',
  'apply',
  'view_applicants',
  'assign',
  'edit',
  'cancel',
  'accept',
  'decline',
  'abandon',
  'view_chat',
  'send_message',
  'submit_evidence',
  'view_evidence',
  'confirm_evidence',
  'reject_evidence',
  'view_review',
  'write_review',
  'report_client',
  'authorize_payment',
  'capture_payment',
  // Issue 13
  'resubmit_evidence',
  'accept_rejection',
  'resolve_dispute',
  'reauthorize_payment',
  'replace_hold_via_dialog',
  // Issue 50: changes requested instead of a dispute, and late work (docs/decisions/0465).
  'request_changes',
  'redeliver_evidence',
  'request_extension',
  'decide_extension',
  'cancel_overdue',
  // Issue 50: proof of a no-show and the client's contest (decision 0463).
  'report_no_access',
  'contest_no_access',
  // Issue 50
  'expert_cancel',
] as const;
export type TaskCapability = (typeof TASK_CAPABILITIES)[number];

export interface Actor {
  userId: string;
  isAdmin: boolean;
  isExpert: boolean;
}

/** The least a caller must know about a task to decide. Counts and flags default to 0/false. */
export interface TaskAccessFacts {
  status: TaskStatus;
  payment_status: PaymentStatus;
  client_id: string;
  expert_id: string | null;
  authorization_hold_expires_at?: Date | string | null;
  /** The actor has an application on this task. */
  hasApplied?: boolean;
  applicationCount?: number;
  /** The task's client has already reviewed it. */
  hasReview?: boolean;
  /** The due moment (late work reads it). */
  due_date?: Date | string | null;
  /** Rounds of changes requested so far (issue 50); the request rule needs it. */
  changeRounds?: number;
}

export const TASK_ROLES = ['admin', 'owner', 'assigned_expert', 'other_expert', 'other_client'] as const;
export type TaskRole = (typeof TASK_ROLES)[number];

/** The actor's one role towards the task; the first that applies wins in the order of TASK_ROLES. */
export function taskRole(actor: Actor, task: Pick<TaskAccessFacts, 'client_id' | 'expert_id'>): TaskRole {
  if (actor.isAdmin) return 'admin';
  if (task.client_id === actor.userId) return 'owner';
  if (task.expert_id !== null && task.expert_id === actor.userId) return 'assigned_expert';
  return actor.isExpert ? 'other_expert' : 'other_client';
}

/** forbidden: not this actor; wrong_status: not in this state; guard: a condition besides status; conflict: already done. */
export type RefusalReason = 'forbidden' | 'wrong_status' | 'guard' | 'conflict';
export type PermissionCheck = { ok: true } | { ok: false; reason: RefusalReason; message: string };
