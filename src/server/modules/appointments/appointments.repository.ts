import { and, asc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import {
  APPOINTMENT_TASK_STATUSES,
  type AppointmentEventKind,
  AppointmentParty,
  ProposalKind,
  ProposalStatus,
} from '@shared/domain/appointments';
import type { Db } from '../../db/client';
import {
  appointmentEvents,
  appointmentProposals,
  taskAppointments,
  tasks,
  type StoredWindow,
} from '../../db/schema';

export type AppointmentRow = typeof taskAppointments.$inferSelect;
export type ProposalRow = typeof appointmentProposals.$inferSelect;
export type EventRow = typeof appointmentEvents.$inferSelect;

/** A task's timeline is short in practice; this bounds the read whatever happens. */
const TIMELINE_MAX = 200;

export async function findAppointment(db: Db, taskId: string): Promise<AppointmentRow | undefined> {
  const [row] = await db.select().from(taskAppointments).where(eq(taskAppointments.task_id, taskId));
  return row;
}

/**
 * The task's appointment row, created if missing, locked for the rest of the transaction: every
 * change of one task's visit (propose, answer, contact) runs one at a time behind this lock.
 */
export async function lockAppointment(tx: Db, taskId: string, now: Date): Promise<AppointmentRow> {
  await tx
    .insert(taskAppointments)
    .values({ task_id: taskId, created_at: now, updated_at: now })
    .onConflictDoNothing({ target: taskAppointments.task_id });
  const [row] = await tx
    .select()
    .from(taskAppointments)
    .where(eq(taskAppointments.task_id, taskId))
    .for('update');
  return row!;
}

export async function findPendingProposal(db: Db, taskId: string): Promise<ProposalRow | undefined> {
  const [row] = await db
    .select()
    .from(appointmentProposals)
    .where(and(eq(appointmentProposals.task_id, taskId), eq(appointmentProposals.status, 'pending')));
  return row;
}

export async function findProposal(db: Db, taskId: string, id: string): Promise<ProposalRow | undefined> {
  const [row] = await db
    .select()
    .from(appointmentProposals)
    .where(and(eq(appointmentProposals.task_id, taskId), eq(appointmentProposals.id, id)));
  return row;
}

export async function insertProposal(
  tx: Db,
  values: {
    taskId: string;
    userId: string;
    party: AppointmentParty;
    kind: ProposalKind;
    windows: StoredWindow[];
    reason: string | null;
    late: boolean;
    now: Date;
  },
): Promise<ProposalRow> {
  const [row] = await tx
    .insert(appointmentProposals)
    .values({
      task_id: values.taskId,
      proposed_by: values.userId,
      party: values.party,
      kind: values.kind,
      windows: values.windows,
      reason: values.reason,
      late: values.late,
      created_at: values.now,
    })
    .returning();
  return row!;
}

/** Conditional: moves a proposal out of pending; undefined when it was no longer pending. */
export async function closeProposal(
  tx: Db,
  params: { taskId: string; id: string; to: Exclude<ProposalStatus, 'pending'>; now: Date },
): Promise<ProposalRow | undefined> {
  const [row] = await tx
    .update(appointmentProposals)
    .set({ status: params.to, answered_at: params.now })
    .where(
      and(
        eq(appointmentProposals.id, params.id),
        eq(appointmentProposals.task_id, params.taskId),
        eq(appointmentProposals.status, 'pending'),
      ),
    )
    .returning();
  return row;
}

/** The agreed window changes and the calendar entry's sequence moves on. */
export async function setAgreedWindow(
  tx: Db,
  params: { taskId: string; start: Date; end: Date; now: Date },
): Promise<AppointmentRow> {
  const [row] = await tx
    .update(taskAppointments)
    .set({
      agreed_start: params.start,
      agreed_end: params.end,
      sequence: sql`${taskAppointments.sequence} + 1`,
      onsite_confirmed_at: null,
      updated_at: params.now,
    })
    .where(eq(taskAppointments.task_id, params.taskId))
    .returning();
  return row!;
}

export async function insertEvent(
  tx: Db,
  values: {
    taskId: string;
    party: AppointmentParty;
    kind: AppointmentEventKind;
    proposalId?: string | null;
    window?: { start: Date; end: Date } | null;
    reason?: string | null;
    late?: boolean;
    now: Date;
  },
): Promise<void> {
  await tx.insert(appointmentEvents).values({
    task_id: values.taskId,
    party: values.party,
    kind: values.kind,
    proposal_id: values.proposalId ?? null,
    window_start: values.window?.start ?? null,
    window_end: values.window?.end ?? null,
    reason: values.reason ?? null,
    late: values.late ?? false,
    created_at: values.now,
  });
}

export async function listEvents(db: Db, taskId: string): Promise<EventRow[]> {
  return db
    .select()
    .from(appointmentEvents)
    .where(eq(appointmentEvents.task_id, taskId))
    .orderBy(asc(appointmentEvents.seq))
    .limit(TIMELINE_MAX);
}

/** How many upcoming visits a dashboard lists. */
export const UPCOMING_MAX = 20;

/**
 * The caller's agreed visits still to come (or under way), soonest first, on tasks they are the client
 * or the hired expert of. Driven by the caller's tasks (tasks_client_created_idx, tasks_expert_created_idx),
 * each joined to its appointment by primary key.
 */
export async function listUpcomingVisits(db: Db, params: { userId: string; since: Date }) {
  return db
    .select({
      task_id: tasks.id,
      title: tasks.title,
      location: tasks.location,
      time_zone: tasks.time_zone,
      latitude: tasks.latitude,
      longitude: tasks.longitude,
      client_id: tasks.client_id,
      expert_id: tasks.expert_id,
      start: taskAppointments.agreed_start,
      end: taskAppointments.agreed_end,
      sequence: taskAppointments.sequence,
      onsite_name: taskAppointments.onsite_name,
      onsite_email: taskAppointments.onsite_email,
      onsite_phone: taskAppointments.onsite_phone,
    })
    .from(tasks)
    .innerJoin(taskAppointments, eq(taskAppointments.task_id, tasks.id))
    .where(
      and(
        or(eq(tasks.client_id, params.userId), eq(tasks.expert_id, params.userId)),
        inArray(tasks.status, [...APPOINTMENT_TASK_STATUSES]),
        gte(taskAppointments.agreed_end, params.since),
      ),
    )
    .orderBy(asc(taskAppointments.agreed_start))
    .limit(UPCOMING_MAX);
}
export type UpcomingVisitRow = Awaited<ReturnType<typeof listUpcomingVisits>>[number];

/** The agreed visit's start, or null while none is agreed (the cancellation policy reads it, issue 50). */
export async function agreedStartOf(db: Db, taskId: string): Promise<Date | null> {
  const [row] = await db
    .select({ agreed_start: taskAppointments.agreed_start })
    .from(taskAppointments)
    .where(eq(taskAppointments.task_id, taskId));
  return row?.agreed_start ?? null;
}
