import { messages } from '../messages';
import { polishMessages } from '../messages/polish';
import type { PaymentStatus, TaskStatus } from './task-state';

/** Who is looking at the task page, as far as its hints and badges care. */
export const TASK_VIEWERS = ['owner', 'assigned_expert', 'applicant', 'expert', 'admin', 'visitor'] as const;
export type TaskViewer = (typeof TASK_VIEWERS)[number];

export interface TaskGuidanceFacts {
  status: TaskStatus;
  payment_status: PaymentStatus;
  /** Whether the client has reviewed the expert for this task. */
  reviewed: boolean;
}

export type BadgeTone = 'warning' | 'success' | 'destructive';

export interface TaskGuidance {
  /** The "Next Steps" text, or null when the viewer gets none. */
  nextStep: string | null;
  /** The evidence card's badge (the card shows only once evidence exists), or null. */
  evidenceBadge: { text: string; tone: BadgeTone } | null;
}

const pay = messages.payment.section;
const open = messages.taskSidebar;
const details = messages.taskPages.details;

function evidenceBadge(status: TaskStatus): TaskGuidance['evidenceBadge'] {
  switch (status) {
    case 'pending_approval':
    case 'payment_lapsed':
      return { text: details.evidencePending, tone: 'warning' };
    case 'disputed':
      return { text: polishMessages.evidenceDisputed, tone: 'destructive' };
    case 'changes_requested':
      return { text: messages.taskStatus.changes_requested, tone: 'warning' };
    case 'completed':
    case 'verified':
      return { text: details.evidenceApproved, tone: 'success' };
    case 'cancelled':
      return { text: polishMessages.evidenceRejected, tone: 'destructive' };
    default:
      return null;
  }
}

function ownerNextStep({ status, payment_status, reviewed }: TaskGuidanceFacts): string | null {
  const authorized = payment_status === 'authorized';
  switch (status) {
    case 'pending':
      return null;
    case 'open':
      return open.ownerOpenHint;
    case 'assigned':
      return authorized ? pay.nextAuthorized : pay.nextUnpaid;
    case 'in_progress':
      return authorized ? polishMessages.nextInProgress : pay.nextUnpaid;
    case 'pending_approval':
      return polishMessages.nextReviewEvidence;
    case 'disputed':
      return polishMessages.nextDisputedClient;
    case 'changes_requested':
      return messages.evidenceChanges.waitingClient;
    case 'no_access_reported':
      return null;
    case 'payment_lapsed':
      return messages.holds.lapsedClient;
    case 'completed':
    case 'verified':
      if (payment_status === 'captured') return reviewed ? polishMessages.nextCapturedReviewed : pay.nextCaptured;
      return pay.nextCaptureFailed;
    case 'cancelled':
      return payment_status === 'unpaid' || payment_status === 'pending' ? polishMessages.nextCancelled : pay.nextReleased;
  }
}

function openTaskHint(viewer: TaskViewer): string | null {
  if (viewer === 'applicant') return open.expertAppliedHint;
  if (viewer === 'expert') return open.expertOpenHint;
  if (viewer === 'visitor') return open.visitorOpenHint;
  return null;
}

/**
 * Every hint and badge of the task page from the task's status and the viewer's role, in one place,
 * so that none goes stale when the status moves on (a disputed task no longer says "The expert can now
 * start", a reviewed one no longer invites a review).
 */
export function taskGuidance(task: TaskGuidanceFacts, viewer: TaskViewer): TaskGuidance {
  let nextStep: string | null = null;
  if (viewer === 'owner') nextStep = ownerNextStep(task);
  else if (task.status === 'open') nextStep = openTaskHint(viewer);
  return { nextStep, evidenceBadge: evidenceBadge(task.status) };
}
