import { z } from 'zod';
import { TEXT_LIMITS } from '../constants';
import { FLAG_SEVERITIES } from '../domain/enums';
import { messages } from '../messages';

const reportsText = messages.reports;

/** POST /tasks/:taskId/client-report: the assigned expert reports the client (a client_flags row). */
export const clientReportSchema = z.object({
  reason: z
    .string({ error: reportsText.reasonRequired })
    .trim()
    .min(1, reportsText.reasonRequired)
    .max(TEXT_LIMITS.reportReasonMax, reportsText.reasonTooLong),
  severity: z.enum(FLAG_SEVERITIES).default('warning'),
});
export type ClientReportRequest = z.input<typeof clientReportSchema>;
export type ClientReportInput = z.output<typeof clientReportSchema>;
