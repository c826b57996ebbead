import { CHAT, EVIDENCE } from '../constants';
import { format } from '../format-message';
import { messages } from '../messages';

/**
 * The file checks that forms run as files are chosen. They live apart from the zod schemas, so a
 * page that checks a file does not load zod with its first screen (decision 0407); the schema
 * modules re-export them for the server.
 */
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
  const evidenceText = messages.evidence;
  if (files.length < EVIDENCE.minFiles) return [evidenceText.filesRequired];
  const errors: string[] = [];
  if (files.length > EVIDENCE.maxFiles) errors.push(format(evidenceText.tooManyFiles, { max: EVIDENCE.maxFiles }));
  for (const file of files) {
    if (file.size > EVIDENCE.maxFileBytes) errors.push(format(evidenceText.fileTooLarge, { name: file.name }));
    else if (!(EVIDENCE.allowedTypes as readonly string[]).includes(file.type)) {
      errors.push(format(evidenceText.fileTypeInvalid, { name: file.name }));
    }
  }
  return errors;
}

/** The problem with a chat attachment (5MB; images, PDF, DOC, DOCX), or null when acceptable. */
export function chatAttachmentError(file: Pick<FileFacts, 'size' | 'type'>): string | null {
  const chatText = messages.chat;
  if (file.size > CHAT.attachmentMaxBytes) return chatText.fileTooLarge;
  if (!(CHAT.attachmentTypes as readonly string[]).includes(file.type)) return chatText.fileTypeInvalid;
  return null;
}

/** The multipart field of POST /tasks/:taskId/messages/attachments. */
export const CHAT_ATTACHMENT_FIELD = 'file';
