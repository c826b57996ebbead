import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import {
  ADMIN_OVERRIDE_ACTIONS,
  PAYMENT_STATUSES,
  TASK_ACTIONS,
  TASK_STATUSES,
  TASK_TRANSITIONS,
  availableActions,
  canTransition,
  checkTransition,
  evidenceReviewStatus,
  isAdminOverride,
  isClosed,
  isFinished,
  nextStatus,
  transitionFor,
  type TaskAction,
  type TaskStatus,
} from './task-status';
import { EARLIER, LATER, NOW, task } from './task-state.fixtures';
import { paymentStatusLabel, statusDotColor, statusLabel, statusText } from './task-status-labels';

// The spec's transitions table (spec 001 section 4), row by row.
const TABLE: [TaskAction, TaskStatus[], TaskStatus, 'client' | 'assigned_expert' | 'admin' | 'system'][] = [
  ['assign', ['open'], 'assigned', 'client'],
  ['accept', ['assigned'], 'in_progress', 'assigned_expert'],
  ['decline', ['assigned'], 'open', 'assigned_expert'],
  ['abandon', ['in_progress'], 'open', 'assigned_expert'],
  ['submit_evidence', ['in_progress'], 'pending_approval', 'assigned_expert'],
  ['confirm_evidence', ['pending_approval'], 'verified', 'client'],
  // Issue 13: Reject opens a dispute instead of cancelling (docs/decisions/0111).
  ['reject_evidence', ['pending_approval'], 'disputed', 'client'],
  ['cancel', ['open', 'assigned', 'in_progress', 'payment_lapsed'], 'cancelled', 'client'],
  ['resubmit_evidence', ['disputed'], 'pending_approval', 'assigned_expert'],
  ['accept_rejection', ['disputed'], 'cancelled', 'assigned_expert'],
  ['resolve_dispute_release', [], 'verified', 'admin'],
  ['resolve_dispute_partial', [], 'verified', 'admin'],
  ['resolve_dispute_refund', [], 'cancelled', 'admin'],
  ['auto_release', ['pending_approval'], 'verified', 'system'],
  ['hold_lapse', ['in_progress', 'pending_approval', 'disputed', 'verified', 'changes_requested', 'no_access_reported'], 'payment_lapsed', 'system'],
  ['reauthorize', ['payment_lapsed'], 'in_progress', 'client'],
  // Issue 50 (docs/decisions/0465).
  ['request_changes', ['pending_approval'], 'changes_requested', 'client'],
  ['redeliver_evidence', ['changes_requested'], 'pending_approval', 'assigned_expert'],
  // Issue 50: proof of a no-show (decision 0463).
  ['report_no_access', ['assigned', 'in_progress'], 'no_access_reported', 'assigned_expert'],
  ['contest_no_access', ['no_access_reported'], 'disputed', 'client'],
  ['no_access_fee', ['no_access_reported'], 'cancelled', 'system'],
  // Issue 50: the hired expert cancels with a reason (docs/decisions/0461).
  ['expert_cancel', ['assigned', 'in_progress'], 'open', 'assigned_expert'],
];

describe('transitions table', () => {
  it('covers every action exactly once', () => {
    expect(TABLE.map(([action]) => action).sort()).toEqual([...TASK_ACTIONS].sort());
    expect(Object.keys(TASK_TRANSITIONS).sort()).toEqual([...TASK_ACTIONS].sort());
  });

  it.each(TABLE)('%s: from %j to %s by %s', (action, from, to, actor) => {
    const transition = transitionFor(action);
    expect(transition.action).toBe(action);
    expect([...transition.from]).toEqual(from);
    expect(transition.to).toBe(to);
    expect(transition.actor).toBe(actor);
  });

  it('records the fields each transition writes and clears', () => {
    expect(transitionFor('assign').sets).toEqual(['expert_id', 'budget', 'assigned_at', 'payment_status']);
    expect(transitionFor('accept').sets).toEqual(['started_at']);
    expect(transitionFor('decline').clears).toEqual(['expert_id', 'assigned_at']);
    expect(transitionFor('abandon').clears).toEqual(['expert_id', 'started_at']);
    expect(transitionFor('submit_evidence').sets).toEqual([
      'evidence_files',
      'completion_notes',
      'submitted_at',
    ]);
    expect(transitionFor('confirm_evidence').sets).toEqual(['client_capture_authorized_at', 'completed_at']);
    expect(transitionFor('reject_evidence').clears).toEqual(['review_window_ends_at']);
    expect(transitionFor('auto_release').sets).toEqual(transitionFor('confirm_evidence').sets);
    expect(transitionFor('cancel').sets).toEqual(['cancelled_at']);
  });

  it('records the payment side effect and hold-cancel reason', () => {
    expect(transitionFor('decline')).toMatchObject({
      paymentEffect: 'cancel_hold_if_intent',
      cancelHoldReason: 'assignment_declined_by_expert',
    });
    expect(transitionFor('reject_evidence').paymentEffect).toBe('none');
    expect(transitionFor('accept_rejection')).toMatchObject({
      paymentEffect: 'cancel_hold_if_intent',
      cancelHoldReason: 'client_rejected_evidence',
    });
    expect(transitionFor('auto_release').paymentEffect).toBe('capture');
    expect(transitionFor('resolve_dispute_release').paymentEffect).toBe('capture');
    expect(transitionFor('resolve_dispute_partial').paymentEffect).toBe('capture_partial');
    expect(transitionFor('resolve_dispute_refund').paymentEffect).toBe('void_or_refund');
    expect(transitionFor('reauthorize').paymentEffect).toBe('new_hold');
    expect(transitionFor('expert_cancel')).toMatchObject({
      paymentEffect: 'cancel_hold_if_intent',
      cancelHoldReason: 'assignment_declined_by_expert',
    });
    expect(transitionFor('cancel')).toMatchObject({
      paymentEffect: 'void_or_callout_fee',
      cancelHoldReason: 'task_cancelled_by_client',
    });
    expect(transitionFor('confirm_evidence').paymentEffect).toBe('capture');
    for (const action of ['assign', 'accept', 'abandon', 'submit_evidence'] as const) {
      expect(transitionFor(action).paymentEffect).toBe('none');
    }
  });

  it('only accept and the no-access report are guarded by the payment status', () => {
    expect(transitionFor('accept').requiresPaymentStatus).toBe('authorized');
    // A call-out fee needs a hold to be taken from (issue 50).
    expect(transitionFor('report_no_access').requiresPaymentStatus).toBe('authorized');
    for (const action of TASK_ACTIONS.filter((a) => a !== 'accept' && a !== 'report_no_access')) {
      expect(transitionFor(action).requiresPaymentStatus).toBeUndefined();
    }
  });

  it('carries the spec texts for refusals', () => {
    expect(transitionFor('accept').errors).toEqual({
      notActor: 'Only the assigned expert can accept this assignment',
      wrongStatus: 'Task status has changed. Please refresh the page.',
      guard: 'Cannot start work until payment is authorized by the client',
    });
    expect(transitionFor('decline').errors.notActor).toBe(
      'Only the assigned expert can decline this assignment',
    );
    expect(transitionFor('abandon').errors.notActor).toBe('Only the assigned expert can abandon this task');
    expect(transitionFor('cancel').errors.notActor).toBe('Only the client can cancel this task');
    expect(transitionFor('assign').errors.wrongStatus).toBe('Task is no longer available for assignment');
  });
});

describe('nextStatus for every action from every status', () => {
  const cases = TASK_ACTIONS.flatMap((action) =>
    TASK_STATUSES.map((status) => {
      const row = TABLE.find(([a]) => a === action)!;
      return [action, status, row[1].includes(status) ? row[2] : null] as const;
    }),
  );
  it.each(cases)('%s from %s -> %s', (action, status, expected) => {
    expect(nextStatus(status, action)).toBe(expected);
  });
});

describe('checkTransition', () => {
  it('allows accept only with an authorized, unexpired hold', () => {
    expect(canTransition(task('assigned', 'authorized', LATER), 'accept', { now: NOW })).toBe(true);
    expect(canTransition(task('assigned', 'authorized', null), 'accept', { now: NOW })).toBe(true);
    for (const payment of ['unpaid', 'pending', 'captured'] as const) {
      const result = checkTransition(task('assigned', payment), 'accept', { now: NOW });
      expect(result).toMatchObject({
        ok: false,
        reason: 'guard',
        message: 'Cannot start work until payment is authorized by the client',
      });
    }
    expect(checkTransition(task('assigned', 'authorized', EARLIER), 'accept', { now: NOW })).toMatchObject({
      ok: false,
      reason: 'guard',
    });
  });

  it('reports a wrong status before the payment guard', () => {
    expect(checkTransition(task('open', 'unpaid'), 'accept', { now: NOW })).toMatchObject({
      ok: false,
      reason: 'wrong_status',
      message: 'Task status has changed. Please refresh the page.',
    });
  });

  it('lets admins cancel any task not yet closed nor delivered, clients only open, assigned or in progress', () => {
    for (const status of TASK_STATUSES) {
      const admin = canTransition(task(status), 'cancel', { asAdmin: true });
      const client = canTransition(task(status), 'cancel');
      expect(admin).toBe(!['completed', 'verified', 'cancelled', 'disputed', 'pending_approval', 'changes_requested', 'no_access_reported'].includes(status));
      expect(client).toBe(['open', 'assigned', 'in_progress', 'payment_lapsed'].includes(status));
    }
  });

  it('refuses an admin cancel of delivered work with a text that points to the dispute (issue 27)', () => {
    const delivered = checkTransition(task('pending_approval', 'authorized'), 'cancel', { asAdmin: true });
    expect(delivered).toMatchObject({ ok: false, message: messages.adminOverrides.cancelDeliveredWork });
    const disputed = checkTransition(task('disputed', 'authorized'), 'cancel', { asAdmin: true });
    expect(disputed).toMatchObject({ ok: false, message: messages.adminOverrides.cancelDisputed });
    expect(checkTransition(task('pending_approval'), 'cancel')).toMatchObject({ message: messages.tasks.notCancellable });
  });

  it('makes every admin action in a party\'s place an override, and nothing else', () => {
    expect([...ADMIN_OVERRIDE_ACTIONS].sort()).toEqual(['assign', 'cancel', 'confirm_evidence', 'reject_evidence']);
    for (const action of ['resolve_dispute_release', 'auto_release', 'accept'] as const) expect(isAdminOverride(action)).toBe(false);
  });

  it('gives admins no way to act as the expert', () => {
    for (const action of ['accept', 'decline', 'abandon', 'submit_evidence', 'resubmit_evidence', 'accept_rejection'] as const) {
      for (const status of TASK_STATUSES) {
        expect(canTransition(task(status, 'authorized'), action, { asAdmin: true })).toBe(false);
      }
    }
  });

  it('lets admins override evidence review and assign while open', () => {
    expect(canTransition(task('pending_approval'), 'confirm_evidence', { asAdmin: true })).toBe(true);
    expect(canTransition(task('pending_approval'), 'reject_evidence', { asAdmin: true })).toBe(true);
    expect(canTransition(task('open'), 'assign', { asAdmin: true })).toBe(true);
    expect(canTransition(task('assigned'), 'assign', { asAdmin: true })).toBe(false);
  });

  it('lists the actions available in a state', () => {
    expect(availableActions(task('open'), NOW)).toEqual(['assign', 'cancel']);
    expect(availableActions(task('assigned', 'unpaid'), NOW)).toEqual(['decline', 'cancel', 'expert_cancel']);
    expect(availableActions(task('assigned', 'authorized'), NOW)).toEqual(['accept', 'decline', 'cancel', 'expert_cancel', 'report_no_access']);
    expect(availableActions(task('in_progress', 'authorized'), NOW)).toEqual([
      'abandon',
      'submit_evidence',
      'cancel',
      'expert_cancel',
      'report_no_access',
    ]);
    expect(availableActions(task('pending_approval', 'authorized'), NOW)).toEqual([
      'confirm_evidence',
      'reject_evidence',
      'request_changes',
    ]);
    expect(availableActions(task('changes_requested', 'authorized'), NOW)).toEqual(['redeliver_evidence']);
    expect(availableActions(task('no_access_reported', 'authorized'), NOW)).toEqual(['contest_no_access']);
    expect(availableActions(task('disputed', 'authorized'), NOW)).toEqual(['resubmit_evidence', 'accept_rejection']);
    expect(availableActions(task('payment_lapsed', 'unpaid'), NOW)).toEqual(['cancel', 'reauthorize']);
    for (const status of ['pending', 'completed', 'verified', 'cancelled'] as const) {
      expect(availableActions(task(status, 'authorized'), NOW)).toEqual([]);
    }
  });

  it('resolves disputes only as an admin, only while disputed', () => {
    for (const action of ['resolve_dispute_release', 'resolve_dispute_partial', 'resolve_dispute_refund'] as const) {
      for (const status of TASK_STATUSES) {
        expect(canTransition(task(status, 'authorized'), action)).toBe(false);
        expect(canTransition(task(status, 'authorized'), action, { asAdmin: true })).toBe(status === 'disputed');
      }
    }
  });
});

describe('status helpers', () => {
  it.each([
    ['pending', 'Pending', 'pending', 'grey', false, false],
    ['open', 'Open for Applications', 'open', 'orange', false, false],
    ['assigned', 'Assigned to Expert', 'assigned', 'blue', false, false],
    ['in_progress', 'In Progress', 'in progress', 'blue', false, false],
    ['pending_approval', 'Pending Client Approval', 'pending approval', 'grey', false, false],
    ['completed', 'Completed', 'completed', 'green', true, true],
    ['verified', 'Verified', 'verified', 'green', true, true],
    ['cancelled', 'Cancelled', 'cancelled', 'grey', false, true],
    ['disputed', 'Disputed', 'disputed', 'orange', false, false],
    ['payment_lapsed', 'Payment Hold Expired', 'payment lapsed', 'orange', false, false],
    ['changes_requested', 'Changes Requested', 'changes requested', 'orange', false, false],
    ['no_access_reported', 'No Access Reported', 'no access reported', 'orange', false, false],
  ] as const)('%s: label %s, text %s, dot %s', (status, label, text, dot, finished, closed) => {
    expect(statusLabel(status)).toBe(label);
    expect(statusText(status)).toBe(text);
    expect(statusDotColor(status)).toBe(dot);
    expect(isFinished(status)).toBe(finished);
    expect(isClosed(status)).toBe(closed);
  });

  it('replaces every underscore in any status-like text', () => {
    expect(statusText('a_b_c')).toBe('a b c');
  });

  it('labels payment statuses, pending as the spec says', () => {
    expect(paymentStatusLabel('pending')).toBe('Expert Assigned - Payment Pending');
    for (const payment of PAYMENT_STATUSES) expect(paymentStatusLabel(payment)).toMatch(/\S/);
  });

  it('derives the evidence review status', () => {
    expect(evidenceReviewStatus('pending_approval')).toBe('pending');
    expect(evidenceReviewStatus('disputed')).toBe('pending');
    expect(evidenceReviewStatus('changes_requested')).toBe('pending');
    for (const status of TASK_STATUSES.filter((s) => s !== 'pending_approval' && s !== 'disputed' && s !== 'changes_requested')) {
      expect(evidenceReviewStatus(status)).toBe('approved');
    }
  });
});
