import type { AppDeps } from './app-deps';
import { createAppointmentsService } from './modules/appointments/appointments.service';
import { changeRoundsOf } from './modules/evidence/change-requests.repository';
import { createReportsService } from './modules/evidence/reports.service';
import { findReceipt } from './modules/receipts/receipts.repository';
import { toReceiptDto } from './modules/receipts/receipts.routes';
import { taskReviewReads } from './modules/reviews/task-review-reads';
import { createTaskDetailsService } from './modules/task-details/task-details.service';
import type { WebhookObjectReader } from './modules/webhooks/webhooks.jobs';

/**
 * What a webhook event carries (decision 0473): the object as the API shows it to the event's client,
 * read through the same services as the routes (GET /api/tasks/:id, its applications, its appointment,
 * its report summary, the receipts list). Composed here because the webhooks module sits below all of
 * them (the database triggers write its events) and may import none. Null when the object is gone or
 * no longer visible to the client.
 */
export function webhookObjectReader(deps: AppDeps): WebhookObjectReader {
  const tasks = createTaskDetailsService({ db: deps.db, clock: deps.clock, reviews: taskReviewReads, changeRoundsOf });
  const appointments = createAppointmentsService(deps.db, deps.clock);
  const reports = createReportsService({ db: deps.db, clock: deps.clock, storage: deps.providers.storage, publicUrl: deps.publicUrl });
  return async (event) => {
    const taskId = event.task_id ?? event.subject_id;
    try {
      switch (event.subject_kind) {
        case 'task':
          return await tasks.details(event.user_id, taskId);
        case 'application': {
          const task = await tasks.details(event.user_id, taskId);
          return task.applications.find((application) => application.id === event.subject_id) ?? null;
        }
        case 'appointment':
          return await appointments.read(event.user_id, taskId);
        case 'report':
          return await reports.summary(event.user_id, taskId);
        case 'receipt': {
          const receipt = await findReceipt(deps.db, event.subject_id);
          return receipt && receipt.client_id === event.user_id ? toReceiptDto(receipt) : null;
        }
        default:
          return null;
      }
    } catch {
      // A 403 or 404 of the read: the client can no longer see it (a deleted task, say).
      return null;
    }
  };
}
