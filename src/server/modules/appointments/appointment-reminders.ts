import { eq } from 'drizzle-orm';
import { APPOINTMENT_TASK_STATUSES, APPOINTMENTS } from '@shared/domain/appointments';
import { formatWindow } from '@shared/domain/time-zone';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { Db } from '../../db/client';
import { tasks } from '../../db/schema';
import { enqueueJob, finishJobIn, type JobRow } from '../../jobs/jobs.repository';
import type { JobHandler } from '../../jobs/runner';
import type { Clock } from '../../lib/clock';
import { zoneOfTask } from '../../lib/task-time-zone';
import { insertNotifications } from '../notifications/notifications.repository';
import { findAppointment } from './appointments.repository';
import { visitCalendar } from './visit-ics';
import { enqueueOnsiteLink } from './onsite-link-enqueue';

/** Job kind of the visit reminders (decision 0423). */
export const VISIT_REMINDER_KIND = 'appointment-reminder';

const leadName = (leadMs: number) => `${Math.round(leadMs / 3_600_000)}h`;

/** `appointment-reminder:<task>:<sequence>:<24h|2h>`: one job per agreed window and lead, whatever runs it. */
export const visitReminderKey = (taskId: string, sequence: number, leadMs: number) =>
  `${VISIT_REMINDER_KIND}:${taskId}:${sequence}:${leadName(leadMs)}`;

/**
 * Enqueues the 24 h and 2 h reminders of a newly agreed window, in the agreeing transaction. A lead
 * already past (a visit agreed 10 hours ahead has no 24 h reminder) is skipped. Reminders of an
 * earlier window stay queued and find, when due, that the sequence moved on: they send nothing.
 */
export async function enqueueVisitReminders(
  tx: Db,
  params: { taskId: string; start: Date; sequence: number; now: Date },
): Promise<void> {
  for (const leadMs of APPOINTMENTS.reminderLeadsMs) {
    const runAt = new Date(params.start.getTime() - leadMs);
    if (runAt.getTime() <= params.now.getTime()) continue;
    await enqueueJob(tx, {
      kind: VISIT_REMINDER_KIND,
      key: visitReminderKey(params.taskId, params.sequence, leadMs),
      runAt,
      payload: { taskId: params.taskId, sequence: params.sequence, leadMs },
      maxAttempts: 5,
    });
  }
}

/** The calendar file an email about the visit carries (METHOD:REQUEST, the task's stable UID). */
export function visitIcs(
  task: { id: string; title: string; location: string },
  sequence: number,
  window: { start: Date; end: Date },
  zone: string,
): { ics: string; ics_method: 'REQUEST' } {
  const event = {
    taskId: task.id,
    sequence,
    ...window,
    zone,
    summary: `Visit: ${task.title}`,
    location: task.location,
  };
  return { ics: visitCalendar('REQUEST', [event]), ics_method: 'REQUEST' };
}

/** The reminder handler: the client and the expert are told (email and push per their preferences). */
export function createVisitReminderHandlers(deps: { db: Db; clock: Clock }): Record<string, JobHandler> {
  return {
    [VISIT_REMINDER_KIND]: async (job: JobRow) => {
      const payload = job.payload as { taskId: string; sequence: number; leadMs: number };
      const now = deps.clock.now();
      await deps.db.transaction(async (tx) => {
        const [task] = await tx.select().from(tasks).where(eq(tasks.id, payload.taskId));
        const row = await findAppointment(tx, payload.taskId);
        const current =
          task &&
          row?.agreed_start &&
          row.agreed_end &&
          row.sequence === payload.sequence &&
          APPOINTMENT_TASK_STATUSES.includes(task.status);
        if (current) {
          const window = formatWindow({ start: row.agreed_start!, end: row.agreed_end! }, zoneOfTask(task));
          const hours = Math.round(payload.leadMs / 3_600_000);
          const recipients = [task.client_id, task.expert_id].filter((id): id is string => id !== null);
          await insertNotifications(
            tx,
            recipients.map((user_id) => ({
              user_id,
              type: 'appointment_reminder' as const,
              title: format(messages.appointments.reminderTitle, { hours }),
              message: format(messages.appointments.reminder, { title: task.title, window }),
              task_id: task.id,
              data: {
                task_id: task.id,
                sequence: row.sequence,
                lead_hours: hours,
                ...visitIcs(
                  task,
                  row.sequence,
                  { start: row.agreed_start!, end: row.agreed_end! },
                  zoneOfTask(task),
                ),
              },
            })),
          );
          // The person on site is reminded by email or SMS, through their link (they have no account).
          if (row.onsite_email || row.onsite_phone) {
            await enqueueOnsiteLink(tx, {
              taskId: task.id,
              version: row.onsite_token_version,
              sequence: row.sequence,
              now,
              reminderHours: hours,
            });
          }
        }
        await finishJobIn(tx, job, now);
      });
    },
  };
}
