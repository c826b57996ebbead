import { describe, expect, it } from 'vitest';
import {
  TASK_CAPABILITIES,
  TASK_ROLES,
  can,
  check,
  type TaskAccessFacts,
  type TaskCapability,
  type TaskRole,
} from './permissions';
import { ACTORS, BASE, EARLIER, LATER, NOW } from './permissions.fixtures';
import { TASK_STATUSES, type TaskStatus } from './task-status';

const ALL = TASK_STATUSES;
const NO: readonly TaskStatus[] = [];
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
/** Admins may cancel anything not closed except delivered work (awaiting approval, disputed, changes requested): a dispute settles it (issue 27). */
const ADMIN_CANCEL: readonly TaskStatus[] = NOT_CLOSED.filter(
  (status) => status !== 'disputed' && status !== 'pending_approval' && status !== 'changes_requested' && status !== 'no_access_reported',
);
const CHAT: readonly TaskStatus[] = [
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
const CHAT_WRITE: readonly TaskStatus[] = ['assigned', 'in_progress', 'pending_approval', 'disputed', 'payment_lapsed', 'changes_requested', 'no_access_reported'];
const EVIDENCE: readonly TaskStatus[] = ['pending_approval', 'completed', 'verified', 'disputed', 'payment_lapsed', 'changes_requested'];

interface Row {
  capability: TaskCapability;
  when: string;
  facts?: Partial<TaskAccessFacts>;
  /** The statuses in which each role may do it; every other status is an explicit "no". */
  allowed: Record<TaskRole, readonly TaskStatus[]>;
}

const nobody = { admin: NO, owner: NO, assigned_expert: NO, other_expert: NO, other_client: NO };

// The roles matrix of spec 001 section 6, one row per capability and circumstance.
const MATRIX: Row[] = [
  {
    capability: 'view',
    when: 'default',
    allowed: { ...nobody, admin: ALL, owner: ALL, assigned_expert: ALL, other_expert: ['open'] },
  },
  {
    capability: 'view',
    when: 'the expert applied',
    facts: { hasApplied: true },
    allowed: { ...nobody, admin: ALL, owner: ALL, assigned_expert: ALL, other_expert: ALL },
  },
  { capability: 'apply', when: 'not yet applied', allowed: { ...nobody, other_expert: ['open'] } },
  { capability: 'apply', when: 'already applied', facts: { hasApplied: true }, allowed: nobody },
  {
    capability: 'view_applicants',
    when: 'with applications',
    allowed: { ...nobody, admin: ['open'], owner: ['open'] },
  },
  {
    capability: 'view_applicants',
    when: 'without applications',
    facts: { applicationCount: 0 },
    allowed: { ...nobody, admin: ['open'] },
  },
  {
    capability: 'assign',
    when: 'with applications',
    allowed: { ...nobody, admin: ['open'], owner: ['open'] },
  },
  { capability: 'assign', when: 'without applications', facts: { applicationCount: 0 }, allowed: nobody },
  { capability: 'edit', when: 'default', allowed: { ...nobody, admin: NOT_CLOSED, owner: ['open'] } },
  {
    capability: 'cancel',
    when: 'default',
    allowed: { ...nobody, admin: ADMIN_CANCEL, owner: ['open', 'assigned', 'in_progress', 'payment_lapsed'] },
  },
  { capability: 'accept', when: 'payment authorized', allowed: { ...nobody, assigned_expert: ['assigned'] } },
  { capability: 'accept', when: 'payment unpaid', facts: { payment_status: 'unpaid' }, allowed: nobody },
  { capability: 'accept', when: 'payment pending', facts: { payment_status: 'pending' }, allowed: nobody },
  {
    capability: 'accept',
    when: 'hold expired',
    facts: { authorization_hold_expires_at: EARLIER },
    allowed: nobody,
  },
  { capability: 'decline', when: 'default', allowed: { ...nobody, assigned_expert: ['assigned'] } },
  { capability: 'abandon', when: 'default', allowed: { ...nobody, assigned_expert: ['in_progress'] } },
  { capability: 'expert_cancel', when: 'default', allowed: { ...nobody, assigned_expert: ['assigned', 'in_progress'] } },
  {
    capability: 'view_chat',
    when: 'an expert is assigned',
    allowed: { ...nobody, admin: ALL, owner: CHAT, assigned_expert: CHAT },
  },
  {
    capability: 'view_chat',
    when: 'no expert assigned',
    facts: { expert_id: null },
    allowed: { ...nobody, admin: ALL },
  },
  {
    capability: 'send_message',
    when: 'an expert is assigned',
    allowed: { ...nobody, owner: CHAT_WRITE, assigned_expert: CHAT_WRITE },
  },
  { capability: 'send_message', when: 'no expert assigned', facts: { expert_id: null }, allowed: nobody },
  {
    capability: 'submit_evidence',
    when: 'default',
    allowed: { ...nobody, assigned_expert: ['in_progress'] },
  },
  {
    capability: 'view_evidence',
    when: 'default',
    allowed: { ...nobody, admin: EVIDENCE, owner: EVIDENCE, assigned_expert: EVIDENCE },
  },
  {
    capability: 'confirm_evidence',
    when: 'default',
    allowed: { ...nobody, admin: ['pending_approval'], owner: ['pending_approval'] },
  },
  {
    capability: 'reject_evidence',
    when: 'default',
    allowed: { ...nobody, admin: ['pending_approval'], owner: ['pending_approval'] },
  },
  {
    capability: 'view_review',
    when: 'default',
    allowed: {
      ...nobody,
      admin: ['completed', 'verified'],
      owner: ['completed', 'verified', 'cancelled'],
      assigned_expert: ['completed', 'verified', 'cancelled'],
    },
  },
  {
    capability: 'write_review',
    when: 'not yet reviewed',
    allowed: { ...nobody, owner: ['completed', 'verified'] },
  },
  { capability: 'write_review', when: 'already reviewed', facts: { hasReview: true }, allowed: nobody },
  { capability: 'write_review', when: 'no expert to review', facts: { expert_id: null }, allowed: nobody },
  {
    capability: 'report_client',
    when: 'payment unpaid',
    facts: { payment_status: 'unpaid' },
    allowed: { ...nobody, assigned_expert: ['assigned', 'in_progress'] },
  },
  {
    capability: 'report_client',
    when: 'hold expired',
    facts: { authorization_hold_expires_at: EARLIER },
    allowed: { ...nobody, assigned_expert: ['assigned', 'in_progress'] },
  },
  { capability: 'report_client', when: 'payment authorized', allowed: nobody },
  {
    capability: 'authorize_payment',
    when: 'payment unpaid',
    facts: { payment_status: 'unpaid' },
    allowed: { ...nobody, owner: ['assigned', 'payment_lapsed'] },
  },
  {
    capability: 'authorize_payment',
    when: 'payment pending',
    facts: { payment_status: 'pending' },
    allowed: { ...nobody, owner: ['assigned', 'payment_lapsed'] },
  },
  {
    capability: 'authorize_payment',
    when: 'hold expired',
    facts: { authorization_hold_expires_at: EARLIER },
    allowed: { ...nobody, owner: ['assigned'] },
  },
  { capability: 'authorize_payment', when: 'payment authorized', allowed: nobody },
  {
    capability: 'capture_payment',
    when: 'payment authorized',
    allowed: { ...nobody, owner: ['completed', 'verified'] },
  },
  {
    capability: 'capture_payment',
    when: 'payment unpaid',
    facts: { payment_status: 'unpaid' },
    allowed: nobody,
  },
  {
    capability: 'capture_payment',
    when: 'payment captured',
    facts: { payment_status: 'captured' },
    allowed: nobody,
  },
  // Issue 13: disputes and re-authorization (docs/decisions/0111, 0113).
  { capability: 'resubmit_evidence', when: 'default', allowed: { ...nobody, assigned_expert: ['disputed'] } },
  { capability: 'accept_rejection', when: 'default', allowed: { ...nobody, assigned_expert: ['disputed'] } },
  { capability: 'resolve_dispute', when: 'default', allowed: { ...nobody, admin: ['disputed'] } },
  {
    capability: 'reauthorize_payment',
    when: 'payment authorized',
    allowed: { ...nobody, owner: ['assigned', 'in_progress', 'pending_approval', 'disputed', 'payment_lapsed', 'changes_requested', 'no_access_reported'] },
  },
  {
    capability: 'reauthorize_payment',
    when: 'payment unpaid (a lapsed hold)',
    facts: { payment_status: 'unpaid' },
    allowed: { ...nobody, owner: ['payment_lapsed'] },
  },
  {
    capability: 'reauthorize_payment',
    when: 'payment captured',
    facts: { payment_status: 'captured' },
    allowed: { ...nobody, owner: ['payment_lapsed'] },
  },
  {
    capability: 'replace_hold_via_dialog',
    when: 'payment authorized, hold live',
    allowed: { ...nobody, owner: ['assigned', 'in_progress', 'pending_approval', 'disputed', 'changes_requested', 'no_access_reported'] },
  },
  {
    capability: 'replace_hold_via_dialog',
    when: 'hold expired',
    facts: { authorization_hold_expires_at: EARLIER },
    allowed: nobody,
  },
  { capability: 'replace_hold_via_dialog', when: 'payment unpaid', facts: { payment_status: 'unpaid' }, allowed: nobody },
  { capability: 'replace_hold_via_dialog', when: 'payment captured', facts: { payment_status: 'captured' }, allowed: nobody },
  // Issue 50: changes requested instead of a dispute, and late work (docs/decisions/0465).
  { capability: 'request_changes', when: 'no round yet', allowed: { ...nobody, owner: ['pending_approval'] } },
  { capability: 'request_changes', when: 'one round so far', facts: { changeRounds: 1 }, allowed: { ...nobody, owner: ['pending_approval'] } },
  { capability: 'request_changes', when: 'two rounds so far', facts: { changeRounds: 2 }, allowed: nobody },
  { capability: 'redeliver_evidence', when: 'default', allowed: { ...nobody, assigned_expert: ['changes_requested'] } },
  // Issue 50: proof of a no-show (decision 0463); the window and the photos are the service's guards.
  { capability: 'report_no_access', when: 'payment authorized', allowed: { ...nobody, assigned_expert: ['assigned', 'in_progress'] } },
  { capability: 'report_no_access', when: 'payment unpaid', facts: { payment_status: 'unpaid' }, allowed: nobody },
  { capability: 'contest_no_access', when: 'default', allowed: { ...nobody, owner: ['no_access_reported'] } },
  { capability: 'request_extension', when: 'no due moment', allowed: nobody },
  { capability: 'request_extension', when: 'not yet due', facts: { due_date: LATER }, allowed: nobody },
  {
    capability: 'request_extension',
    when: 'past the due moment',
    facts: { due_date: EARLIER },
    allowed: { ...nobody, assigned_expert: ['assigned', 'in_progress'] },
  },
  { capability: 'decide_extension', when: 'default', allowed: { ...nobody, owner: ['assigned', 'in_progress'] } },
  {
    capability: 'cancel_overdue',
    when: 'past due, inside the 24 hours',
    facts: { due_date: new Date(new Date(NOW).getTime() - 23 * 60 * 60 * 1000) },
    allowed: nobody,
  },
  {
    capability: 'cancel_overdue',
    when: 'past due by more than 24 hours',
    facts: { due_date: new Date(new Date(NOW).getTime() - 25 * 60 * 60 * 1000) },
    allowed: { ...nobody, owner: ['assigned', 'in_progress'] },
  },
];

const cases = MATRIX.flatMap((row) =>
  TASK_ROLES.flatMap((role) =>
    TASK_STATUSES.map((status) => ({ ...row, role, status, expected: row.allowed[role].includes(status) })),
  ),
);

describe('the roles matrix', () => {
  it('has a row for every capability', () => {
    expect(new Set(MATRIX.map((row) => row.capability))).toEqual(new Set(TASK_CAPABILITIES));
  });

  it.each(cases)(
    '$capability ($when): $role in $status -> $expected',
    ({ capability, facts, role, status, expected }) => {
      const task: TaskAccessFacts = { ...BASE, ...facts, status };
      expect(can(ACTORS[role], capability, task, NOW)).toBe(expected);
      const result = check(ACTORS[role], capability, task, NOW);
      if (!result.ok) expect(result.message).toMatch(/\S/);
    },
  );
});
