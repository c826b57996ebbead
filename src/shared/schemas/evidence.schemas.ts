import { z } from 'zod';
import { EVIDENCE, TEXT_LIMITS } from '../constants';
import { format } from '../format-message';
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

export interface FileFacts {
  name: string;
  size: number;
  /** The MIME type as declared (the server also checks the content). */
  type: string;
}

/**
 * Every problem with a set of evidence photos, in the spec's words: at least 1, each at most 5MB,
 * images only, at most EVIDENCE.maxFiles. Empty when the files are acceptable.
 */
export function evidenceFileErrors(files: readonly FileFacts[]): string[] {
  if (files.length < EVIDENCE.minFiles) return [m.filesRequired];
  const errors: string[] = [];
  if (files.length > EVIDENCE.maxFiles) errors.push(format(m.tooManyFiles, { max: EVIDENCE.maxFiles }));
  for (const file of files) {
    if (file.size > EVIDENCE.maxFileBytes) errors.push(format(m.fileTooLarge, { name: file.name }));
    else if (!(EVIDENCE.allowedTypes as readonly string[]).includes(file.type)) {
      errors.push(format(m.fileTypeInvalid, { name: file.name }));
    }
  }
  return errors;
}
