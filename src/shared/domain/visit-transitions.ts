import { messages } from '../messages';
import { APPOINTMENT_TASK_STATUSES, type AppointmentParty, type AppointmentState } from './appointments';
import { isPaymentAuthorized } from './payment-hold';
import type { TaskStateFacts, TaskStatus } from './task-state';

/**
 * The visit's transitions: the part of the task state machine that plans the appointment (issue 49).
 * They never change the task's status; they run only while it is hired and not yet delivered, with
 * the hold authorized, and move the appointment's sub-state (none, proposed, agreed,
 * reschedule_pending). task-status.ts re-exports them beside the status transitions, and the
 * appointments and on-site services check every change here before their conditional write.
 */
export const VISIT_ACTIONS = [
  'propose_visit',
  'counter_visit',
  'reschedule_visit',
  'accept_visit',
  'decline_visit',
  'set_onsite_contact',
  'onsite_confirm_visit',
  'onsite_ask_another',
] as const;
export type VisitAction = (typeof VISIT_ACTIONS)[number];

/**
 * proposer: any party may do it (the first proposal is the expert's); answerer: only the party who
 * did not make the pending proposal; client and onsite: that party alone.
 */
export type VisitActor = 'expert' | 'client' | 'either_party' | 'answerer' | 'onsite';

export interface VisitTransition {
  action: VisitAction;
  actor: VisitActor;
  /** The task statuses in which it may happen: hired and not yet delivered. */
  taskFrom: readonly TaskStatus[];
  /**
   * Whether a refusal of the wrong party is a matter of turn (409: the client waits for the expert's
   * first windows) rather than of right (403).
   */
  turn?: boolean;
  /** Whether the hold must be authorized (the person on site's link works without it). */
  requiresAuthorizedHold: boolean;
  /** From each appointment state it may leave, the state it leads to. */
  visit: Partial<Record<AppointmentState, AppointmentState>>;
  /** The texts for a refusal: the wrong party, a visit not yet plannable or over, the wrong sub-state. */
  errors: { notActor: string; wrongVisitState: string };
}

const text = messages.appointments;
const planning = APPOINTMENT_TASK_STATUSES;
/** A step that may happen in any sub-state and moves none (a contact set, a note from the person on site). */
const ANY_STATE_STAYS: Partial<Record<AppointmentState, AppointmentState>> = {
  none: 'none',
  proposed: 'proposed',
  agreed: 'agreed',
  reschedule_pending: 'reschedule_pending',
};

export const VISIT_TRANSITIONS: Readonly<Record<VisitAction, VisitTransition>> = {
  // The expert opens with one to three windows (decision 0421).
  propose_visit: {
    action: 'propose_visit',
    actor: 'expert',
    turn: true,
    taskFrom: planning,
    requiresAuthorizedHold: true,
    visit: { none: 'proposed' },
    errors: { notActor: text.expertFirst, wrongVisitState: text.expertFirst },
  },
  // Either party answers a pending proposal with windows of their own; the old one is superseded.
  counter_visit: {
    action: 'counter_visit',
    actor: 'either_party',
    taskFrom: planning,
    requiresAuthorizedHold: true,
    visit: { proposed: 'proposed' },
    errors: { notActor: text.notParty, wrongVisitState: text.expertFirst },
  },
  // Once agreed, either party asks for a new window with a reason; the agreed one stands until then.
  reschedule_visit: {
    action: 'reschedule_visit',
    actor: 'either_party',
    taskFrom: planning,
    requiresAuthorizedHold: true,
    visit: { agreed: 'reschedule_pending', reschedule_pending: 'reschedule_pending' },
    errors: { notActor: text.notParty, wrongVisitState: text.expertFirst },
  },
  accept_visit: {
    action: 'accept_visit',
    actor: 'answerer',
    taskFrom: planning,
    requiresAuthorizedHold: true,
    visit: { proposed: 'agreed', reschedule_pending: 'agreed' },
    errors: { notActor: text.ownProposal, wrongVisitState: text.notPending },
  },
  // A declined first proposal leaves nothing agreed; a declined reschedule leaves the agreed window.
  decline_visit: {
    action: 'decline_visit',
    actor: 'answerer',
    taskFrom: planning,
    requiresAuthorizedHold: true,
    visit: { proposed: 'none', reschedule_pending: 'agreed' },
    errors: { notActor: text.ownProposal, wrongVisitState: text.notPending },
  },
  // The client names the person on site at any point of the planning (decision 0424).
  set_onsite_contact: {
    action: 'set_onsite_contact',
    actor: 'client',
    taskFrom: planning,
    requiresAuthorizedHold: false,
    visit: ANY_STATE_STAYS,
    errors: { notActor: text.onlyClientContact, wrongVisitState: text.notYet },
  },
  // The person on site confirms the agreed window, which stands.
  onsite_confirm_visit: {
    action: 'onsite_confirm_visit',
    actor: 'onsite',
    taskFrom: planning,
    requiresAuthorizedHold: false,
    visit: { agreed: 'agreed', reschedule_pending: 'reschedule_pending' },
    errors: { notActor: text.onsiteInvalid, wrongVisitState: text.onsiteNoWindow },
  },
  // Asking for another window is a note to both parties; it moves nothing.
  onsite_ask_another: {
    action: 'onsite_ask_another',
    actor: 'onsite',
    taskFrom: planning,
    requiresAuthorizedHold: false,
    visit: ANY_STATE_STAYS,
    errors: { notActor: text.onsiteInvalid, wrongVisitState: text.onsiteNoWindow },
  },
};

export interface VisitFacts extends TaskStateFacts {
  visit: AppointmentState;
}

export type VisitCheck =
  | { ok: true; to: AppointmentState; transition: VisitTransition }
  | { ok: false; reason: 'forbidden' | 'not_your_turn' | 'not_yet' | 'over' | 'wrong_visit_state'; message: string };

/** Whether a party may perform a visit action now. `proposer` is the party of the pending proposal. */
export function checkVisitTransition(
  facts: VisitFacts,
  action: VisitAction,
  party: AppointmentParty,
  options: { now?: Date; proposer?: AppointmentParty | null } = {},
): VisitCheck {
  const transition = VISIT_TRANSITIONS[action];
  if (!mayAct(transition.actor, party, options.proposer ?? null)) {
    const turn = transition.turn === true && party !== 'onsite';
    return { ok: false, reason: turn ? 'not_your_turn' : 'forbidden', message: transition.errors.notActor };
  }
  const refusal = visitTaskRefusal(facts, action, party, options.now);
  if (refusal) return refusal;
  const to = transition.visit[facts.visit];
  if (to === undefined) return { ok: false, reason: 'wrong_visit_state', message: transition.errors.wrongVisitState };
  return { ok: true, to, transition };
}

/**
 * The task-level half of the check, before the appointment row is read: the task is hired and not
 * yet delivered, and the hold is authorized where the action needs it. Null when it may go on.
 */
export function visitTaskRefusal(
  facts: TaskStateFacts,
  action: VisitAction,
  party: AppointmentParty,
  now: Date = new Date(),
): Extract<VisitCheck, { ok: false }> | null {
  const transition = VISIT_TRANSITIONS[action];
  if (!transition.taskFrom.includes(facts.status)) {
    if (party === 'onsite') return { ok: false, reason: 'over', message: text.onsiteOver };
    const early = facts.status === 'open' || facts.status === 'pending';
    return { ok: false, reason: early ? 'not_yet' : 'over', message: early ? text.notYet : text.closed };
  }
  if (transition.requiresAuthorizedHold && !isPaymentAuthorized(facts, now)) {
    return { ok: false, reason: 'not_yet', message: text.notYet };
  }
  return null;
}

function mayAct(actor: VisitActor, party: AppointmentParty, proposer: AppointmentParty | null): boolean {
  switch (actor) {
    case 'expert':
    case 'client':
    case 'onsite':
      return party === actor;
    case 'either_party':
      return party !== 'onsite';
    case 'answerer':
      return party !== 'onsite' && proposer !== null && party !== proposer;
  }
}

/** The proposing action that fits the state: the first proposal, a counter or a reschedule. */
export function proposingAction(state: AppointmentState): VisitAction {
  if (state === 'none') return 'propose_visit';
  return state === 'proposed' ? 'counter_visit' : 'reschedule_visit';
}

/** The visit actions a party may take now (the task page shows only these controls). */
export function availableVisitActions(
  facts: VisitFacts,
  party: AppointmentParty,
  options: { now?: Date; proposer?: AppointmentParty | null } = {},
): VisitAction[] {
  return VISIT_ACTIONS.filter((action) => checkVisitTransition(facts, action, party, options).ok);
}
