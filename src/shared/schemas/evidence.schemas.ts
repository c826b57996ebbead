import { z } from 'zod';
import { TEXT_LIMITS } from '../constants';
import { messages } from '../messages';

const m = messages.evidence;

/** The text part of an evidence submission; the photos travel as files beside it. */
export const submitEvidenceSchema = z.object({
  completion_notes: z
    .string({ error: m.notesRequired })
    .trim()
    .min(1, m.notesRequired)
    .max(TEXT_LIMITS.completionNotesMax, m.notesTooLong),
});
export type SubmitEvidenceRequest = z.infer<typeof submitEvidenceSchema>;

export { evidenceFileErrors, type FileFacts } from '../domain/attachments';
