import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { TASK_STATUSES, type PaymentStatus, type TaskStatus } from './task-state';
import { TASK_VIEWERS, taskGuidance, type TaskViewer } from './task-guidance';

const pay = messages.payment.section;
const side = messages.taskSidebar;
const polishText = messages.polish;
const detailsText = messages.taskPages.details;

/** The payment state each status usually has on the task page. */
const PAYMENT: Record<TaskStatus, PaymentStatus> = {
  pending: 'unpaid',
  open: 'unpaid',
  assigned: 'authorized',
  in_progress: 'authorized',
  pending_approval: 'authorized',
  completed: 'captured',
  verified: 'captured',
  cancelled: 'authorized',
  disputed: 'authorized',
  payment_lapsed: 'pending',
  changes_requested: 'authorized',
  no_access_reported: 'authorized',
};

/** The owner's Next Steps per status (payment as above, not yet reviewed). */
const OWNER: Record<TaskStatus, string | null> = {
  pending: null,
  open: side.ownerOpenHint,
  assigned: pay.nextAuthorized,
  in_progress: polishText.nextInProgress,
  pending_approval: polishText.nextReviewEvidence,
  completed: pay.nextCaptured,
  verified: pay.nextCaptured,
  cancelled: pay.nextReleased,
  disputed: polishText.nextDisputedClient,
  payment_lapsed: messages.holds.lapsedClient,
  changes_requested: messages.evidenceChanges.waitingClient,
  no_access_reported: null,
};

const OPEN_HINT: Record<TaskViewer, string | null> = {
  owner: side.ownerOpenHint,
  assigned_expert: null,
  applicant: side.expertAppliedHint,
  expert: side.expertOpenHint,
  admin: null,
  visitor: side.visitorOpenHint,
};

const BADGE: Record<TaskStatus, string | null> = {
  pending: null,
  open: null,
  assigned: null,
  in_progress: null,
  pending_approval: detailsText.evidencePending,
  completed: detailsText.evidenceApproved,
  verified: detailsText.evidenceApproved,
  cancelled: polishText.evidenceRejected,
  disputed: polishText.evidenceDisputed,
  payment_lapsed: detailsText.evidencePending,
  changes_requested: messages.taskStatus.changes_requested,
  no_access_reported: null,
};

const cases = TASK_STATUSES.flatMap((status) => TASK_VIEWERS.map((viewer) => [status, viewer] as const));

describe('taskGuidance: one hint and one badge per status and viewer', () => {
  it.each(cases)('%s seen by %s', (status, viewer) => {
    const guidance = taskGuidance({ status, payment_status: PAYMENT[status], reviewed: false }, viewer);
    const expected = viewer === 'owner' ? OWNER[status] : status === 'open' ? OPEN_HINT[viewer] : null;
    expect(guidance.nextStep).toBe(expected);
    expect(guidance.evidenceBadge?.text ?? null).toBe(BADGE[status]);
  });

  it('never tells the client of a disputed task that the expert can now start, nor calls its evidence awaiting review', () => {
    const guidance = taskGuidance({ status: 'disputed', payment_status: 'authorized', reviewed: false }, 'owner');
    expect(guidance.nextStep).not.toBe(pay.nextAuthorized);
    expect(guidance.evidenceBadge?.text).not.toBe(detailsText.evidencePending);
  });

  it('stops inviting a review once the client has left one', () => {
    const before = taskGuidance({ status: 'completed', payment_status: 'captured', reviewed: false }, 'owner');
    const after = taskGuidance({ status: 'completed', payment_status: 'captured', reviewed: true }, 'owner');
    expect(before.nextStep).toMatch(/leave a review/);
    expect(after.nextStep).toBe(polishText.nextCapturedReviewed);
    expect(after.nextStep).not.toMatch(/leave a review/);
  });

  it('asks for authorization while unpaid, and says a failed capture is pending after confirmation', () => {
    expect(taskGuidance({ status: 'assigned', payment_status: 'unpaid', reviewed: false }, 'owner').nextStep).toBe(pay.nextUnpaid);
    expect(taskGuidance({ status: 'in_progress', payment_status: 'pending', reviewed: false }, 'owner').nextStep).toBe(pay.nextUnpaid);
    expect(taskGuidance({ status: 'verified', payment_status: 'authorized', reviewed: false }, 'owner').nextStep).toBe(pay.nextCaptureFailed);
    expect(taskGuidance({ status: 'cancelled', payment_status: 'unpaid', reviewed: false }, 'owner').nextStep).toBe(polishText.nextCancelled);
  });
});
