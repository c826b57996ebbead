import { z } from 'zod';
import { TEXT_LIMITS } from '../constants';
import { messages } from '../messages';

const evidenceText = messages.evidence;

/** The text part of an evidence submission; the photos travel as files beside it. */
export const submitEvidenceSchema = z.object({
  completion_notes: z
    .string({ error: evidenceText.notesRequired })
    .trim()
    .min(1, evidenceText.notesRequired)
    .max(TEXT_LIMITS.completionNotesMax, evidenceText.notesTooLong),
});
export type SubmitEvidenceRequest = z.infer<typeof submitEvidenceSchema>;

export { evidenceFileErrors, type FileFacts } from '../domain/attachments';
