import type { TaskStatus } from './task-state';

/**
 * The visit's rules (issue 49, docs/decisions/0421-0423). The server enforces them; the web reads
 * them only to show or hide controls.
 */
export const APPOINTMENTS = {
  /** An expert offers one to three windows: a choice without a poll (decision 0421). */
  maxWindows: 3,
  /** A window is at least 15 minutes and at most 12 hours long. */
  minWindowMs: 15 * 60_000,
  maxWindowMs: 12 * 3_600_000,
  /** A reschedule asked for within 24 h of the agreed start is late (decision 0422). */
  lateNoticeMs: 24 * 3_600_000,
  /** Reminders before the agreed start (decision 0423). */
  reminderLeadsMs: [24 * 3_600_000, 2 * 3_600_000] as const,
  reasonMax: 500,
} as const;

export const APPOINTMENT_PARTIES = ['client', 'expert', 'onsite'] as const;
export type AppointmentParty = (typeof APPOINTMENT_PARTIES)[number];

/** proposal: the first windows or a counter to them; reschedule: a new window once one is agreed. */
export const PROPOSAL_KINDS = ['proposal', 'reschedule'] as const;
export type ProposalKind = (typeof PROPOSAL_KINDS)[number];

export const PROPOSAL_STATUSES = ['pending', 'accepted', 'declined', 'superseded', 'withdrawn'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

export const APPOINTMENT_EVENT_KINDS = [
  'proposed',
  'reschedule_proposed',
  'accepted',
  'declined',
  'superseded',
  'onsite_confirmed',
  'onsite_asked_another',
  'onsite_contact_set',
  'cancelled',
] as const;
export type AppointmentEventKind = (typeof APPOINTMENT_EVENT_KINDS)[number];

/** The task statuses in which a visit is planned: hired, and not yet delivered. */
export const APPOINTMENT_TASK_STATUSES: readonly TaskStatus[] = ['assigned', 'in_progress'];

/**
 * The appointment's sub-state within the task state machine: none -> proposed -> agreed, and from
 * agreed a pending reschedule that leaves the agreed window standing until it is accepted. Its
 * transitions are in visit-transitions.ts, re-exported by task-status.ts.
 */
export type AppointmentState = 'none' | 'proposed' | 'agreed' | 'reschedule_pending';

export function appointmentState(facts: { agreed: boolean; pending: boolean }): AppointmentState {
  if (facts.agreed) return facts.pending ? 'reschedule_pending' : 'agreed';
  return facts.pending ? 'proposed' : 'none';
}

/** A reschedule asked for inside 24 h of the agreed start is late (the cancellation rules count it). */
export function isLateReschedule(agreedStart: Date | null, now: Date): boolean {
  return agreedStart !== null && agreedStart.getTime() - now.getTime() < APPOINTMENTS.lateNoticeMs;
}

export interface VisitWindow {
  start: Date;
  end: Date;
}

/** Why a window is refused, or null: it must start in the future and last 15 minutes to 12 hours. */
export function windowProblem(window: VisitWindow, now: Date): 'past' | 'order' | 'length' | null {
  if (window.end.getTime() <= window.start.getTime()) return 'order';
  if (window.start.getTime() <= now.getTime()) return 'past';
  const length = window.end.getTime() - window.start.getTime();
  if (length < APPOINTMENTS.minWindowMs || length > APPOINTMENTS.maxWindowMs) return 'length';
  return null;
}
