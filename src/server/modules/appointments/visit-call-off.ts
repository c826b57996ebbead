import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointmentProposals, profiles, taskAppointments, tasks } from '../../db/schema';
import { enqueueJob, type JobRow } from '../../jobs/jobs.repository';
import type { JobHandler } from '../../jobs/runner';
import type { EmailSender } from '../../providers/email';
import type { SmsSender } from '../../providers/sms';
import { BRAND_NAME } from '@shared/brand';
import { zoneOfTask } from '../../lib/task-time-zone';
import { insertEvent } from './appointments.repository';
import { visitCalendar } from './visit-ics';
import { formatWindow } from '@shared/domain/time-zone';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';

const appointmentsText = messages.appointments;

/** Job kind of the METHOD:CANCEL emails of a called-off visit (decision 0425). */
export const VISIT_CANCEL_KIND = 'appointment-cancel';

interface CancelPayload {
  taskId: string;
  sequence: number;
  start: string;
  end: string;
  zone: string;
  title: string;
  location: string;
  userIds: string[];
  onsiteEmail: string | null;
  /** Absent on jobs written before the person on site could be texted. */
  onsitePhone?: string | null;
}

/**
 * The task was cancelled, or its expert left: the agreed window is cleared (the sequence moves on,
 * so its reminders send nothing), an open proposal is withdrawn, the timeline says so, and each
 * party and the person on site get a METHOD:CANCEL email for the same calendar entry. Called inside the
 * transaction that changes the task's status: by the cancel (modules/tasks, through its TaskHooks) and by
 * the expert's decline or abandon (modules/applications); a task without a visit is untouched.
 */
export async function callOffVisit(
  tx: Db,
  params: { taskId: string; expertId: string | null; party: 'client' | 'expert'; now: Date },
): Promise<void> {
  await tx
    .update(appointmentProposals)
    .set({ status: 'withdrawn', answered_at: params.now })
    .where(and(eq(appointmentProposals.task_id, params.taskId), eq(appointmentProposals.status, 'pending')));
  const [before] = await tx
    .select()
    .from(taskAppointments)
    .where(eq(taskAppointments.task_id, params.taskId))
    .for('update');
  if (!before?.agreed_start || !before.agreed_end) return;
  const [row] = await tx
    .update(taskAppointments)
    .set({
      agreed_start: null,
      agreed_end: null,
      sequence: sql`${taskAppointments.sequence} + 1`,
      onsite_confirmed_at: null,
      updated_at: params.now,
    })
    .where(eq(taskAppointments.task_id, params.taskId))
    .returning();
  const [task] = await tx.select().from(tasks).where(eq(tasks.id, params.taskId));
  const window = { start: before.agreed_start, end: before.agreed_end };
  await insertEvent(tx, {
    taskId: params.taskId,
    party: params.party,
    kind: 'cancelled',
    window,
    now: params.now,
  });
  const payload: CancelPayload = {
    taskId: params.taskId,
    sequence: row!.sequence,
    start: window.start.toISOString(),
    end: window.end.toISOString(),
    zone: zoneOfTask(task!),
    title: task!.title,
    location: task!.location,
    userIds: [task!.client_id, params.expertId].filter((id): id is string => id !== null),
    onsiteEmail: before.onsite_email,
    onsitePhone: before.onsite_phone,
  };
  await enqueueJob(tx, {
    kind: VISIT_CANCEL_KIND,
    key: `${VISIT_CANCEL_KIND}:${params.taskId}:${row!.sequence}`,
    runAt: params.now,
    payload: payload as unknown as Record<string, unknown>,
    maxAttempts: 5,
  });
}

/** Sends the cancellation, with its METHOD:CANCEL calendar file, to each party and the person on site. */
export function createVisitCancelHandlers(deps: { db: Db; email: EmailSender; sms: SmsSender }): Record<string, JobHandler> {
  return {
    [VISIT_CANCEL_KIND]: async (job: JobRow) => {
      const p = job.payload as unknown as CancelPayload;
      const window = { start: new Date(p.start), end: new Date(p.end) };
      const content = visitCalendar('CANCEL', [
        {
          taskId: p.taskId,
          sequence: p.sequence,
          ...window,
          zone: p.zone,
          summary: `Visit: ${p.title}`,
          location: p.location,
        },
      ]);
      const users = p.userIds.length
        ? await deps.db
            .select({ email: profiles.email })
            .from(profiles)
            .where(inArray(profiles.id, p.userIds))
        : [];
      const addresses = [...users.map((user) => user.email), p.onsiteEmail].filter((email): email is string =>
        Boolean(email),
      );
      const text = format(appointmentsText.cancelledText, { window: formatWindow(window, p.zone), address: p.location });
      for (const to of addresses) {
        await deps.email.send({
          to,
          subject: appointmentsText.cancelledSubject,
          text,
          calendar: { method: 'CANCEL', content },
        });
      }
      if (p.onsitePhone) {
        await deps.sms.send({
          to: p.onsitePhone,
          body: format(appointmentsText.onsiteSmsCancelled, { brand: BRAND_NAME, window: formatWindow(window, p.zone), address: p.location }),
        });
      }
    },
  };
}
