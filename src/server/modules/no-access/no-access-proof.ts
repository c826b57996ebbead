import { EVIDENCE } from '@shared/constants';
import { distanceMiles } from '@shared/domain/geo';
import { NO_ACCESS, noAccessPhotoProblem } from '@shared/domain/no-access';
import { formatMiles } from '@shared/domain/provenance';
import { formatInTimeZone } from '@shared/domain/time-zone';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { NoAccessPhoto } from '../../db/schema';
import { checkUpload } from '../../lib/file-checks';
import { badRequest, type AppError } from '../../lib/errors';
import { readProvenance } from '../evidence/provenance-reader';

const text = messages.noAccess;

export interface CheckedPhoto {
  photo: Omit<NoAccessPhoto, 'key'>;
  bytes: Uint8Array;
  fileName: string;
}

/** `counts`: a refusal of the proof itself, which the reliability record counts (not a wrong file). */
export type ProofResult = { ok: true; photos: CheckedPhoto[] } | { ok: false; error: AppError; counts: boolean };

const timeText = (at: Date, zone: string) => formatInTimeZone(at, zone);

/**
 * Reads each photo's own metadata (the evidence provenance reader) and keeps the report only when
 * every photo was taken at the place in the agreed window (± 30 min, within 0.5 mi). A refusal names
 * the photo and why; a file that is no photo is a plain 400 (not counted against the expert).
 */
export async function checkNoAccessPhotos(
  files: File[],
  facts: { window: { start: Date; end: Date }; task: { latitude: number; longitude: number }; zone: string },
): Promise<ProofResult> {
  if (files.length === 0) return { ok: false, error: badRequest(text.photoRequired, { photos: text.photoRequired }), counts: false };
  if (files.length > NO_ACCESS.maxPhotos) {
    const message = format(text.tooManyPhotos, { max: NO_ACCESS.maxPhotos });
    return { ok: false, error: badRequest(message, { photos: message }), counts: false };
  }
  const photos: CheckedPhoto[] = [];
  for (const file of files) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const checked = checkUpload(bytes, file.name, { allowed: ['image/jpeg', 'image/png', 'image/webp'], maxBytes: EVIDENCE.maxFileBytes });
    if (!checked.ok) {
      const message = format(checked.reason === 'too_large' ? messages.evidence.fileTooLarge : messages.evidence.fileTypeInvalid, { name: file.name });
      return { ok: false, error: badRequest(message, { photos: message }), counts: false };
    }
    const read = await readProvenance(bytes, checked.contentType);
    const problem = noAccessPhotoProblem(read, facts);
    if (problem) {
      const name = checked.fileName;
      const reason =
        problem === 'no_time'
          ? format(text.photoNoTime, { name })
          : problem === 'no_place'
            ? format(text.photoNoPlace, { name })
            : problem === 'outside_window'
              ? format(text.photoOutsideWindow, { name, taken: timeText(read.captured_at!, facts.zone) })
              : format(text.photoTooFar, { name, miles: formatMiles(distanceMiles(facts.task, { latitude: read.latitude!, longitude: read.longitude! })) });
      return { ok: false, error: badRequest(reason, { photos: reason }), counts: true };
    }
    photos.push({
      bytes,
      fileName: checked.fileName,
      photo: {
        content_type: checked.contentType,
        sha256: read.sha256,
        captured_at: read.captured_at!.toISOString(),
        latitude: read.latitude!,
        longitude: read.longitude!,
        distance_miles: Math.round(distanceMiles(facts.task, { latitude: read.latitude!, longitude: read.longitude! }) * 100) / 100,
      },
    });
  }
  return { ok: true, photos };
}
