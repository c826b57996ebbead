import { eq } from 'drizzle-orm';
import { appointmentState, isLateReschedule, windowProblem, type AppointmentParty } from '@shared/domain/appointments';
import {
  checkVisitTransition,
  proposingAction,
  visitTaskRefusal,
  type VisitAction,
  type VisitCheck,
  type VisitFacts,
} from '@shared/domain/task-status';
import { formatWindow } from '@shared/domain/time-zone';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { AppointmentDto, UpcomingVisitsResponse } from '@shared/schemas/appointments.schemas';
import type { Db } from '../../db/client';
import { tasks } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { zoneOfTask } from '../../lib/task-time-zone';
import { insertNotifications } from '../notifications/notifications.repository';
import { loadVisibleTask } from '../tasks/task-access';
import type { TaskRow } from '../tasks/tasks.repository';
import {
  closeProposal,
  findAppointment,
  findPendingProposal,
  findProposal,
  insertEvent,
  insertProposal,
  listEvents,
  listUpcomingVisits,
  lockAppointment,
  setAgreedWindow,
} from './appointments.repository';
import { agreedOf, appointmentDto, upcomingVisitDto } from './appointments.view';
import { enqueueVisitReminders, visitIcs } from './appointment-reminders';
import { enqueueOnsiteLink } from './onsite-link-enqueue';

const appointmentsText = messages.appointments;

/** Thrown inside a transaction so that nothing is written; carries the refusal. */
class Refused extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
  }
}

const partyName = (party: AppointmentParty) =>
  party === 'client' ? appointmentsText.partyClient : party === 'expert' ? appointmentsText.partyExpert : appointmentsText.partyOnsite;

function partyOf(task: Pick<TaskRow, 'client_id' | 'expert_id'>, userId: string): AppointmentParty | null {
  if (task.client_id === userId) return 'client';
  if (task.expert_id !== null && task.expert_id === userId) return 'expert';
  return null;
}

/** A refusal of the task state machine as the HTTP error: the wrong party 403, the wrong state 409. */
function refusalError(check: Extract<VisitCheck, { ok: false }>): AppError {
  return check.reason === 'forbidden' ? forbidden(check.message) : conflict(check.message);
}

/** Whether the visit can be planned now (hired, not yet delivered, the hold authorized), or why not. */
function planningRefusal(task: TaskRow, action: VisitAction, party: AppointmentParty, now: Date): AppError | null {
  const refusal = visitTaskRefusal(task, action, party, now);
  return refusal ? refusalError(refusal) : null;
}

/** The full check inside the transaction, with the appointment's sub-state and the pending proposer. */
function requireVisitTransition(
  facts: VisitFacts,
  action: VisitAction,
  party: AppointmentParty,
  now: Date,
  proposer: AppointmentParty | null = null,
): void {
  const check = checkVisitTransition(facts, action, party, { now, proposer });
  if (!check.ok) throw new Refused(refusalError(check));
}

const otherParty = (task: TaskRow, party: AppointmentParty): string[] =>
  party === 'client' ? (task.expert_id ? [task.expert_id] : []) : [task.client_id];

async function runRefusable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Refused) throw error.error;
    throw error;
  }
}

/** Appointments (issue 49, docs/decisions/0420-0423): the visit's windows, answers and reschedules. */
export function createAppointmentsService(db: Db, clock: Clock) {
  /** The task for a party's change: visible, the caller a party, the visit plannable. */
  async function loadForChange(userId: string, taskId: string, now: Date, action: VisitAction) {
    const { task } = await loadVisibleTask(db, userId, taskId, now);
    const party = partyOf(task, userId);
    if (!party) throw forbidden(appointmentsText.notParty);
    const refusal = planningRefusal(task, action, party, now);
    if (refusal) throw refusal;
    return { task, party, zone: zoneOfTask(task) };
  }

  /** Inside the transaction: the task again, share-locked, so a cancel cannot slip in between. */
  async function recheckTask(tx: Db, taskId: string): Promise<TaskRow> {
    const [row] = await tx.select().from(tasks).where(eq(tasks.id, taskId)).for('share');
    if (!row) throw new Refused(notFound(messages.tasks.notFound));
    return row;
  }

  async function read(userId: string, taskId: string): Promise<AppointmentDto> {
    const now = clock.now();
    const { task, actor } = await loadVisibleTask(db, userId, taskId, now);
    const party = partyOf(task, userId);
    if (!party && !actor.isAdmin) throw forbidden(appointmentsText.notParty);
    const [row, pending, events] = await Promise.all([
      findAppointment(db, task.id),
      findPendingProposal(db, task.id),
      listEvents(db, task.id),
    ]);
    return appointmentDto({
      taskId: task.id,
      zone: zoneOfTask(task),
      row,
      pending,
      events,
      party,
      task,
      now,
    });
  }

  return {
    read,

    /** The caller's agreed visits still to come, soonest first (both dashboards, the expert's week). */
    async upcoming(userId: string): Promise<UpcomingVisitsResponse> {
      const since = new Date(clock.now().getTime() - 3_600_000);
      const rows = await listUpcomingVisits(db, { userId, since });
      return { visits: rows.map((row) => upcomingVisitDto(row, userId)) };
    },

    /** A first proposal (the expert), a counter (either party) or a reschedule of the agreed window. */
    async propose(
      userId: string,
      taskId: string,
      input: { windows: Array<{ start: Date; end: Date }>; reason?: string },
    ): Promise<{ appointment: AppointmentDto; message: string }> {
      const now = clock.now();
      const { task, party, zone } = await loadForChange(userId, taskId, now, 'counter_visit');
      for (const window of input.windows) {
        const problem = windowProblem(window, now);
        if (problem) {
          const text =
            problem === 'past' ? appointmentsText.windowPast : problem === 'order' ? appointmentsText.windowOrder : appointmentsText.windowLength;
          throw badRequest(text, { windows: text });
        }
      }
      const reason = input.reason?.trim() ? input.reason.trim() : null;
      await runRefusable(() =>
        db.transaction(async (tx) => {
          const current = await recheckTask(tx, task.id);
          const row = await lockAppointment(tx, task.id, now);
          const agreed = agreedOf(row);
          const pending = await findPendingProposal(tx, task.id);
          const state = appointmentState({ agreed: agreed !== null, pending: pending !== undefined });
          requireVisitTransition({ ...current, visit: state }, proposingAction(state), party, now, pending?.party ?? null);
          if (agreed && !reason)
            throw new Refused(badRequest(appointmentsText.reasonRequired, { reason: appointmentsText.reasonRequired }));
          if (pending) {
            await closeProposal(tx, { taskId: task.id, id: pending.id, to: 'superseded', now });
            await insertEvent(tx, {
              taskId: task.id,
              party,
              kind: 'superseded',
              proposalId: pending.id,
              now,
            });
          }
          const kind = agreed ? 'reschedule' : 'proposal';
          const late = agreed ? isLateReschedule(agreed.start, now) : false;
          const proposal = await insertProposal(tx, {
            taskId: task.id,
            userId,
            party,
            kind,
            windows: input.windows.map((window) => ({
              start: window.start.toISOString(),
              end: window.end.toISOString(),
            })),
            reason,
            late,
            now,
          });
          await insertEvent(tx, {
            taskId: task.id,
            party,
            kind: agreed ? 'reschedule_proposed' : 'proposed',
            proposalId: proposal.id,
            window: input.windows.length === 1 ? input.windows[0] : null,
            reason,
            late,
            now,
          });
          const values = { party: partyName(party), title: task.title, reason: reason ?? '' };
          await insertNotifications(
            tx,
            otherParty(task, party).map((user_id) => ({
              user_id,
              type: 'appointment_proposed' as const,
              title: agreed ? appointmentsText.notifyRescheduleTitle : appointmentsText.notifyProposedTitle,
              message: format(agreed ? appointmentsText.notifyReschedule : appointmentsText.notifyProposed, values),
              task_id: task.id,
              data: { task_id: task.id, proposal_id: proposal.id, time_zone: zone },
            })),
          );
        }),
      );
      return { appointment: await read(userId, task.id), message: appointmentsText.proposed };
    },

    /** The other party takes one of the proposed windows: it becomes the agreed one. */
    async accept(userId: string, taskId: string, proposalId: string, choice: number) {
      const now = clock.now();
      const { task, party, zone } = await loadForChange(userId, taskId, now, 'accept_visit');
      await runRefusable(() =>
        db.transaction(async (tx) => {
          const current = await recheckTask(tx, task.id);
          const state = appointmentState({ agreed: agreedOf(await lockAppointment(tx, task.id, now)) !== null, pending: true });
          const proposal = await findProposal(tx, task.id, proposalId);
          if (!proposal) throw new Refused(notFound(appointmentsText.proposalNotFound));
          if (proposal.status !== 'pending') throw new Refused(conflict(appointmentsText.notPending));
          requireVisitTransition({ ...current, visit: state }, 'accept_visit', party, now, proposal.party);
          const picked = proposal.windows[choice];
          if (!picked) throw new Refused(badRequest(appointmentsText.invalidChoice, { choice: appointmentsText.invalidChoice }));
          const window = { start: new Date(picked.start), end: new Date(picked.end) };
          if (window.start.getTime() <= now.getTime()) throw new Refused(conflict(appointmentsText.windowPast));
          if (!(await closeProposal(tx, { taskId: task.id, id: proposal.id, to: 'accepted', now }))) {
            throw new Refused(conflict(appointmentsText.notPending));
          }
          const row = await setAgreedWindow(tx, {
            taskId: task.id,
            start: window.start,
            end: window.end,
            now,
          });
          await insertEvent(tx, {
            taskId: task.id,
            party,
            kind: 'accepted',
            proposalId: proposal.id,
            window,
            late: proposal.late,
            now,
          });
          const text = format(appointmentsText.notifyAgreed, { title: task.title, window: formatWindow(window, zone) });
          await insertNotifications(
            tx,
            [task.client_id, task.expert_id]
              .filter((id): id is string => id !== null)
              .map((user_id) => ({
                user_id,
                type: 'appointment_agreed' as const,
                title: appointmentsText.notifyAgreedTitle,
                message: text,
                task_id: task.id,
                data: {
                  task_id: task.id,
                  sequence: row.sequence,
                  time_zone: zone,
                  ...visitIcs(task, row.sequence, window, zone),
                },
              })),
          );
          await enqueueVisitReminders(tx, {
            taskId: task.id,
            start: window.start,
            sequence: row.sequence,
            now,
          });
          // The person on site hears of the new window through their link (decision 0424).
          if (row.onsite_email || row.onsite_phone) {
            await enqueueOnsiteLink(tx, {
              taskId: task.id,
              version: row.onsite_token_version,
              sequence: row.sequence,
              now,
            });
          }
        }),
      );
      return { appointment: await read(userId, task.id), message: appointmentsText.accepted };
    },

    /** The other party says no; an agreed window stands. */
    async decline(userId: string, taskId: string, proposalId: string, reasonText?: string) {
      const now = clock.now();
      const { task, party } = await loadForChange(userId, taskId, now, 'decline_visit');
      const reason = reasonText?.trim() ? reasonText.trim() : null;
      await runRefusable(() =>
        db.transaction(async (tx) => {
          const current = await recheckTask(tx, task.id);
          const state = appointmentState({ agreed: agreedOf(await lockAppointment(tx, task.id, now)) !== null, pending: true });
          const proposal = await findProposal(tx, task.id, proposalId);
          if (!proposal) throw new Refused(notFound(appointmentsText.proposalNotFound));
          if (proposal.status !== 'pending') throw new Refused(conflict(appointmentsText.notPending));
          requireVisitTransition({ ...current, visit: state }, 'decline_visit', party, now, proposal.party);
          if (!(await closeProposal(tx, { taskId: task.id, id: proposal.id, to: 'declined', now }))) {
            throw new Refused(conflict(appointmentsText.notPending));
          }
          await insertEvent(tx, {
            taskId: task.id,
            party,
            kind: 'declined',
            proposalId: proposal.id,
            reason,
            now,
          });
          await insertNotifications(
            tx,
            otherParty(task, party).map((user_id) => ({
              user_id,
              type: 'appointment_declined' as const,
              title: appointmentsText.notifyDeclinedTitle,
              message: format(appointmentsText.notifyDeclined, { party: partyName(party), title: task.title }),
              task_id: task.id,
              data: { task_id: task.id, proposal_id: proposal.id },
            })),
          );
        }),
      );
      return { appointment: await read(userId, task.id), message: appointmentsText.declined };
    },
  };
}
