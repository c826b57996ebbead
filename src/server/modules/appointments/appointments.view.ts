import { appointmentState, type AppointmentParty } from '@shared/domain/appointments';
import { checkVisitTransition, proposingAction, type TaskStateFacts } from '@shared/domain/task-status';
import { formatWindow } from '@shared/domain/time-zone';
import type {
  AppointmentDto,
  ProposalDto,
  UpcomingVisitDto,
  VisitWindowDto,
} from '@shared/schemas/appointments.schemas';
import { zoneOfTask } from '../../lib/task-time-zone';
import type { StoredWindow } from '../../db/schema';
import type { AppointmentRow, EventRow, ProposalRow, UpcomingVisitRow } from './appointments.repository';

export function windowDto(
  window: { start: Date | string; end: Date | string },
  zone: string,
): VisitWindowDto {
  const start = new Date(window.start);
  const end = new Date(window.end);
  return { start: start.toISOString(), end: end.toISOString(), label: formatWindow({ start, end }, zone) };
}

export function proposalDto(row: ProposalRow, zone: string): ProposalDto {
  return {
    id: row.id,
    party: row.party,
    kind: row.kind,
    windows: row.windows.map((window: StoredWindow) => windowDto(window, zone)),
    reason: row.reason,
    late: row.late,
    status: row.status,
    created_at: row.created_at.toISOString(),
  };
}

/** The agreed window of an appointment row, if any. */
export function agreedOf(row: AppointmentRow | undefined): { start: Date; end: Date } | null {
  return row?.agreed_start && row.agreed_end ? { start: row.agreed_start, end: row.agreed_end } : null;
}

/** The appointment as the caller sees it; `party` null for an admin (reads, never acts). */
export function appointmentDto(params: {
  taskId: string;
  zone: string;
  row: AppointmentRow | undefined;
  pending: ProposalRow | undefined;
  events: EventRow[];
  party: AppointmentParty | null;
  /** The task's state now: the controls shown are exactly the transitions the machine allows. */
  task: TaskStateFacts;
  now: Date;
}): AppointmentDto {
  const { zone, row, pending, party } = params;
  const agreed = agreedOf(row);
  const state = appointmentState({ agreed: agreed !== null, pending: pending !== undefined });
  const facts = { ...params.task, visit: state };
  const allows = (action: 'accept_visit' | ReturnType<typeof proposingAction>, as: AppointmentParty) =>
    checkVisitTransition(facts, action, as, { now: params.now, proposer: pending?.party ?? null }).ok;
  return {
    task_id: params.taskId,
    time_zone: zone,
    state,
    agreed: agreed ? windowDto(agreed, zone) : null,
    sequence: row?.sequence ?? 0,
    pending: pending ? proposalDto(pending, zone) : null,
    timeline: params.events.map((event) => ({
      id: event.id,
      party: event.party,
      kind: event.kind,
      window:
        event.window_start && event.window_end
          ? windowDto({ start: event.window_start, end: event.window_end }, zone)
          : null,
      reason: event.reason,
      late: event.late,
      created_at: event.created_at.toISOString(),
    })),
    my_party: party,
    can_propose: party !== null && allows(proposingAction(state), party),
    can_answer: party !== null && pending !== undefined && allows('accept_visit', party),
    onsite_contact: row?.onsite_name
      ? { name: row.onsite_name, email: row.onsite_email, phone: row.onsite_phone }
      : null,
    onsite_confirmed: Boolean(row?.onsite_confirmed_at),
  };
}

export function upcomingVisitDto(row: UpcomingVisitRow, userId: string): UpcomingVisitDto {
  const zone = zoneOfTask(row);
  return {
    task_id: row.task_id,
    title: row.title,
    location: row.location,
    time_zone: zone,
    window: windowDto({ start: row.start!, end: row.end! }, zone),
    role: row.client_id === userId ? 'client' : 'expert',
    onsite_contact: row.onsite_name
      ? { name: row.onsite_name, email: row.onsite_email, phone: row.onsite_phone }
      : null,
  };
}
