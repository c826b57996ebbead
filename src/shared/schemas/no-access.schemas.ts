import { z } from 'zod';
import { NO_ACCESS } from '../domain/no-access';
import { messages } from '../messages';

const text = messages.noAccess;

/** The client contests a no-access report: why it is wrong (10 to 1,000 characters). */
export const contestNoAccessSchema = z.object({
  reason: z
    .string({ error: text.contestReasonRequired })
    .trim()
    .min(NO_ACCESS.contestReasonMin, { error: text.contestReasonRequired })
    .max(NO_ACCESS.contestReasonMax, { error: text.contestReasonTooLong }),
});
export type ContestNoAccessInput = z.infer<typeof contestNoAccessSchema>;

export const noAccessReportDtoSchema = z
  .object({
    task_id: z.string(),
    status: z.enum(['pending', 'charged', 'contested']),
    /** The agreed window in the task's zone ("Tue 9 Dec, 4:00-5:00 pm CST"). */
    window: z.string(),
    reported_at: z.string(),
    fee_due_at: z.string(),
    fee_due_text: z.string(),
    fee_cents: z.number().int(),
    expert_cents: z.number().int(),
    note: z.string().nullable(),
    photos: z.array(z.object({ index: z.number().int(), captured_at: z.string(), distance_miles: z.number() })),
    contest_reason: z.string().nullable(),
  })
  .meta({ id: 'NoAccessReport' });
export type NoAccessReportDto = z.infer<typeof noAccessReportDtoSchema>;

export const noAccessReportResponseSchema = z.object({ report: noAccessReportDtoSchema.nullable() });
export const noAccessReportedResponseSchema = z.object({ report: noAccessReportDtoSchema, message: z.string() });
export const noAccessContestedResponseSchema = z.object({ message: z.string() });
