import { z } from 'zod';
import { CHANGE_REQUESTS, LATE_WORK } from '../constants';
import { format } from '../format-message';
import { messages } from '../messages';
import { dateField, requiredText } from './common.schemas';
import { taskTransitionSchema } from './task-api.schemas';

/**
 * Issue 50's API contract (all under /api; docs/decisions/0465):
 *   POST /tasks/:id/evidence/request-changes   RequestChangesRequest -> TaskTransition (the client)
 *   POST /tasks/:id/evidence/redeliver         multipart, `item.<id>` files (or `files`) -> TaskTransition (the expert)
 *   GET  /tasks/:id/change-requests            -> { rounds: ChangeRequestDto[], rounds_left } (the parties, admins)
 *   GET  /tasks/:id/extensions                 -> LateWorkDto (the parties, admins)
 *   POST /tasks/:id/extensions                 RequestExtensionRequest -> { extension, message } (the expert)
 *   POST /tasks/:id/extensions/:extId/accept   -> { extension, task, message } (the client)
 *   POST /tasks/:id/extensions/:extId/decline  -> { extension, message } (the client)
 *   POST /tasks/:id/cancel-overdue             -> TaskTransition (the client; always free)
 */

const changesText = messages.evidenceChanges;
const lateText = messages.lateWork;

export const requestChangesSchema = z.object({
  /** The checklist items to deliver again; empty (or absent) on a task without a checklist. */
  item_ids: z.array(z.string().trim().min(1).max(100), { error: changesText.itemsRequired }).max(50).default([]),
  note: requiredText(
    CHANGE_REQUESTS.noteMinLength,
    CHANGE_REQUESTS.noteMaxLength,
    changesText.noteRequired,
    format(changesText.noteTooLong, { max: CHANGE_REQUESTS.noteMaxLength }),
  ),
});
export type RequestChangesRequest = z.input<typeof requestChangesSchema>;

export const changeRequestDtoSchema = z.object({
  id: z.string(),
  round: z.number().int(),
  item_ids: z.array(z.string()),
  note: z.string(),
  requested_at: z.string(),
  redelivered_at: z.string().nullable(),
});
export type ChangeRequestDto = z.infer<typeof changeRequestDtoSchema>;

export const changeRequestsResponseSchema = z.object({
  rounds: z.array(changeRequestDtoSchema),
  rounds_left: z.number().int(),
});
export type ChangeRequestsResponse = z.infer<typeof changeRequestsResponseSchema>;

export const requestExtensionSchema = z.object({
  new_due_date: dateField(lateText.newDueRequired, lateText.newDueInvalid),
  reason: requiredText(
    LATE_WORK.reasonMinLength,
    LATE_WORK.reasonMaxLength,
    lateText.reasonRequired,
    format(lateText.reasonTooLong, { max: LATE_WORK.reasonMaxLength }),
  ),
});
export type RequestExtensionRequest = z.input<typeof requestExtensionSchema>;

export const extensionDtoSchema = z.object({
  id: z.string(),
  requested_due_at: z.string(),
  previous_due_at: z.string().nullable(),
  reason: z.string(),
  status: z.enum(['pending', 'accepted', 'declined']),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type ExtensionDto = z.infer<typeof extensionDtoSchema>;

/** What the task page's late-work panel needs: the flags from the shared rules and the requests. */
export const lateWorkDtoSchema = z.object({
  overdue: z.boolean(),
  due_date: z.string().nullable(),
  time_zone: z.string().nullable(),
  free_cancel_from: z.string().nullable(),
  can_cancel_free: z.boolean(),
  extensions: z.array(extensionDtoSchema),
});
export type LateWorkDto = z.infer<typeof lateWorkDtoSchema>;

export const extensionAnswerSchema = z.object({ extension: extensionDtoSchema, message: z.string() });
export const extensionAcceptedSchema = extensionAnswerSchema.extend({ task: taskTransitionSchema.shape.task });
export const changesTransitionSchema = taskTransitionSchema;
