import { CHECKLIST_LIMITS, hasChecklist, missingRequiredItems } from '@shared/domain/checklist';
import { EVIDENCE } from '@shared/constants';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import { evidenceTrustMessages as evidenceTrustText } from '@shared/messages/evidence-trust';
import { badRequest } from '../../lib/errors';
import { checkUpload } from '../../lib/file-checks';
import type { TaskRow } from '../tasks/tasks.repository';
import { VIDEO_UPLOAD } from '@shared/domain/video-upload';
import { detectVideoKind, VIDEO_KINDS, videoFileName } from '../video-uploads/video-check';
import type { VideoUploadRow } from '../video-uploads/video-uploads.repository';

/** Checklist files travel as `item.<itemId>` multipart fields; tasks without a checklist use `files`. */
export const ITEM_FIELD_PREFIX = 'item.';

export const EVIDENCE_FORM_VIDEO_MAX_BYTES = EVIDENCE.maxFileBytes;

export interface CollectedFile {
  bytes: Uint8Array;
  contentType: string;
  fileName: string;
  itemId: string | null;
  /** A video that arrived through a resumable upload: already stored, hashed and probed (no bytes here). */
  upload?: Pick<VideoUploadRow, 'id' | 'storage_key' | 'sha256' | 'size' | 'duration_seconds'>;
}

/** Looks up completed uploads of the submitting expert on this task by id. */
export type UploadResolver = (ids: string[]) => Promise<VideoUploadRow[]>;

const fail = (text: string) => badRequest(text, { files: text });

/** An image of at most 5 MB by content (the spec's rule for photos). */
function checkPhoto(bytes: Uint8Array, name: string, itemId: string | null): CollectedFile {
  const result = checkUpload(bytes, name, { allowed: EVIDENCE.allowedTypes, maxBytes: EVIDENCE.maxFileBytes });
  if (!result.ok) {
    throw fail(format(result.reason === 'too_large' ? messages.evidence.fileTooLarge : messages.evidence.fileTypeInvalid, { name }));
  }
  return { bytes, contentType: result.contentType, fileName: result.fileName, itemId };
}

/**
 * A short clip sent inside the evidence form (a video item may also point at a resumable upload; see
 * video-uploads). Same 5 MB as photos here: anything bigger goes through the multipart protocol.
 */
function checkFormVideo(bytes: Uint8Array, name: string, itemId: string): CollectedFile {
  if (bytes.byteLength > EVIDENCE_FORM_VIDEO_MAX_BYTES) throw fail(format(evidenceTrustText.videoTooLarge, { name }));
  const kind = detectVideoKind(bytes.subarray(0, 64));
  if (!kind) throw fail(format(evidenceTrustText.videoTypeInvalid, { name }));
  return { bytes, contentType: VIDEO_KINDS[kind].contentType, fileName: videoFileName(name, kind), itemId };
}

const UPLOAD_REFERENCE = new RegExp(`^${VIDEO_UPLOAD.fieldPrefix}([0-9a-f-]{36})$`);
/** `upload:<id>` values, each once; any other text in a file field is ignored as before. */
const uploadIdsOf = (entries: FormDataEntryValue[]) => [
  ...new Set(entries.flatMap((entry) => (typeof entry === 'string' ? (UPLOAD_REFERENCE.exec(entry.trim())?.slice(1, 2) ?? []) : []))),
];

const filesOf = (entries: FormDataEntryValue[]) => entries.filter((entry): entry is File => entry instanceof File && entry.size > 0);

/**
 * The submission's files, checked by content. With a checklist: every file names its item, photo items
 * take images, video items take videos, and every required item has at least one file. Without one:
 * the original 1..10 photos under `files`.
 */
export async function collectEvidenceFiles(
  task: Pick<TaskRow, 'checklist'>,
  form: FormData,
  legacy: (entries: FormDataEntryValue[]) => Promise<Omit<CollectedFile, 'itemId'>[]>,
  resolveUploads: UploadResolver = async () => [],
): Promise<CollectedFile[]> {
  if (!hasChecklist(task.checklist)) {
    return (await legacy(form.getAll('files'))).map((file) => ({ ...file, itemId: null }));
  }
  const checklist = task.checklist;
  const byId = new Map(checklist.map((item) => [item.id, item]));
  const perItem: Record<string, number> = {};
  const collected: CollectedFile[] = [];
  const fieldNames = new Set<string>();
  form.forEach((_, key) => fieldNames.add(key));
  for (const field of fieldNames) {
    if (!field.startsWith(ITEM_FIELD_PREFIX)) continue;
    const item = byId.get(field.slice(ITEM_FIELD_PREFIX.length));
    const files = filesOf(form.getAll(field));
    const uploadIds = uploadIdsOf(form.getAll(field));
    if (files.length + uploadIds.length === 0) continue;
    if (!item) throw fail(evidenceTrustText.itemUnknown);
    if (files.length + uploadIds.length > CHECKLIST_LIMITS.maxFilesPerItem) throw fail(format(evidenceTrustText.itemTooManyFiles, { max: CHECKLIST_LIMITS.maxFilesPerItem }));
    for (const file of files) {
      const bytes = new Uint8Array(await file.arrayBuffer());
      collected.push(item.kind === 'video' ? checkFormVideo(bytes, file.name, item.id) : checkPhoto(bytes, file.name, item.id));
    }
    if (uploadIds.length > 0) {
      // Only this expert's completed uploads for this very item count; anything else must be sent again.
      const uploads = (await resolveUploads(uploadIds)).filter((upload) => upload.item_id === item.id);
      if (item.kind !== 'video' || uploads.length !== uploadIds.length) throw fail(format(evidenceTrustText.uploadUnusable, { label: item.label }));
      for (const upload of uploads) {
        collected.push({ bytes: new Uint8Array(), contentType: upload.content_type!, fileName: upload.file_name, itemId: item.id, upload });
      }
    }
    perItem[item.id] = files.length + uploadIds.length;
  }
  if (collected.length > CHECKLIST_LIMITS.maxFiles) {
    throw fail(format(messages.evidence.tooManyFiles, { max: CHECKLIST_LIMITS.maxFiles }));
  }
  const missing = missingRequiredItems(checklist, perItem);
  if (missing.length > 0) throw fail(format(evidenceTrustText.itemMissing, { items: missing.map((item) => item.label).join(', ') }));
  // Checklist order, so the file route's positions follow the list.
  const order = new Map(checklist.map((item, index) => [item.id, index]));
  return collected.sort((a, b) => order.get(a.itemId!)! - order.get(b.itemId!)!);
}
