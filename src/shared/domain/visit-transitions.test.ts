import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { APPOINTMENT_TASK_STATUSES, type AppointmentParty, type AppointmentState } from './appointments';
import {
  TASK_ACTIONS,
  TASK_STATUSES,
  VISIT_ACTIONS,
  transitionFor,
  availableVisitActions,
  checkVisitTransition,
  proposingAction,
  type TaskStatus,
  type VisitAction,
} from './task-status';

const NOW = new Date('2026-12-06T12:00:00Z');
const HOLD_OK = new Date('2026-12-10T12:00:00Z');
const text = messages.appointments;

const facts = (visit: AppointmentState, status: TaskStatus = 'assigned', authorized = true) => ({
  status,
  payment_status: authorized ? ('authorized' as const) : ('pending' as const),
  authorization_hold_expires_at: HOLD_OK,
  visit,
});

/** [action, party, state, proposer, result]: the next sub-state, or the refusal's reason. */
const TABLE: Array<[VisitAction, AppointmentParty, AppointmentState, AppointmentParty | null, string]> = [
  ['propose_visit', 'expert', 'none', null, 'proposed'],
  ['propose_visit', 'client', 'none', null, 'not_your_turn'],
  ['propose_visit', 'onsite', 'none', null, 'forbidden'],
  ['propose_visit', 'expert', 'agreed', null, 'wrong_visit_state'],
  ['counter_visit', 'client', 'proposed', 'expert', 'proposed'],
  ['counter_visit', 'expert', 'proposed', 'client', 'proposed'],
  ['counter_visit', 'onsite', 'proposed', 'expert', 'forbidden'],
  ['counter_visit', 'client', 'none', null, 'wrong_visit_state'],
  ['reschedule_visit', 'client', 'agreed', null, 'reschedule_pending'],
  ['reschedule_visit', 'expert', 'reschedule_pending', 'client', 'reschedule_pending'],
  ['reschedule_visit', 'client', 'proposed', 'expert', 'wrong_visit_state'],
  ['accept_visit', 'client', 'proposed', 'expert', 'agreed'],
  ['accept_visit', 'expert', 'proposed', 'expert', 'forbidden'],
  ['accept_visit', 'expert', 'reschedule_pending', 'client', 'agreed'],
  ['accept_visit', 'client', 'agreed', null, 'forbidden'],
  ['accept_visit', 'onsite', 'proposed', 'expert', 'forbidden'],
  ['decline_visit', 'client', 'proposed', 'expert', 'none'],
  ['decline_visit', 'client', 'reschedule_pending', 'expert', 'agreed'],
  ['set_onsite_contact', 'client', 'none', null, 'none'],
  ['set_onsite_contact', 'expert', 'agreed', null, 'forbidden'],
  ['onsite_confirm_visit', 'onsite', 'agreed', null, 'agreed'],
  ['onsite_confirm_visit', 'onsite', 'proposed', 'expert', 'wrong_visit_state'],
  ['onsite_confirm_visit', 'client', 'agreed', null, 'forbidden'],
  ['onsite_ask_another', 'onsite', 'proposed', 'expert', 'proposed'],
];

describe('the visit transitions of the task state machine', () => {
  it.each(TABLE)('%s by the %s from %s (pending from %s): %s', (action, party, state, proposer, result) => {
    const check = checkVisitTransition(facts(state), action, party, { now: NOW, proposer });
    expect(check.ok ? check.to : check.reason).toBe(result);
  });

  it('covers every visit action', () => {
    expect([...new Set(TABLE.map(([action]) => action))].sort()).toEqual([...VISIT_ACTIONS].sort());
  });

  it('never runs before the hire, after delivery, or without an authorized hold where one is needed', () => {
    for (const status of TASK_STATUSES) {
      const check = checkVisitTransition(facts('none', status), 'propose_visit', 'expert', { now: NOW });
      expect(check.ok).toBe(status === 'assigned' || status === 'in_progress');
    }
    const early = checkVisitTransition(facts('none', 'open'), 'propose_visit', 'expert', { now: NOW });
    expect(early).toMatchObject({ ok: false, reason: 'not_yet', message: text.notYet });
    const over = checkVisitTransition(facts('agreed', 'cancelled'), 'reschedule_visit', 'client', { now: NOW });
    expect(over).toMatchObject({ ok: false, reason: 'over', message: text.closed });
    const onsiteOver = checkVisitTransition(facts('agreed', 'verified'), 'onsite_confirm_visit', 'onsite', { now: NOW });
    expect(onsiteOver).toMatchObject({ ok: false, reason: 'over', message: text.onsiteOver });
    const unpaid = checkVisitTransition(facts('none', 'assigned', false), 'propose_visit', 'expert', { now: NOW });
    expect(unpaid).toMatchObject({ ok: false, reason: 'not_yet' });
    expect(checkVisitTransition(facts('none', 'assigned', false), 'set_onsite_contact', 'client', { now: NOW }).ok).toBe(true);
  });

  it('picks the proposing action from the sub-state and lists what each party may do', () => {
    expect(proposingAction('none')).toBe('propose_visit');
    expect(proposingAction('proposed')).toBe('counter_visit');
    expect(proposingAction('agreed')).toBe('reschedule_visit');
    expect(availableVisitActions(facts('proposed'), 'client', { now: NOW, proposer: 'expert' })).toEqual([
      'counter_visit',
      'accept_visit',
      'decline_visit',
      'set_onsite_contact',
    ]);
    expect(availableVisitActions(facts('proposed'), 'expert', { now: NOW, proposer: 'expert' })).toEqual(['counter_visit']);
  });

  // A lapsed hold keeps the visit: a fresh hold brings the task back to in_progress.
  it('every status change that ends the hire (reopened or cancelled) calls off the visit', () => {
    const callsOff = TASK_ACTIONS.filter((action) => {
      const transition = transitionFor(action);
      const leavesPlanning = transition.from.some((status) => APPOINTMENT_TASK_STATUSES.includes(status));
      return leavesPlanning && (transition.to === 'open' || transition.to === 'cancelled');
    });
    expect(callsOff.sort()).toEqual(['abandon', 'cancel', 'decline', 'expert_cancel']);
    for (const action of TASK_ACTIONS) {
      expect(transitionFor(action).visitEffect === 'call_off').toBe(callsOff.includes(action));
    }
  });
});
