import { randomBytes } from 'node:crypto';
import { EVIDENCE } from '@shared/constants';
import { storageKey, type FileStorage } from '../../providers/storage';
import type { CollectedFile } from './evidence-files';
import type { NewEvidenceFactRow } from './evidence-facts.repository';
import { readProvenance } from './provenance-reader';
import { storeThumbnails, thumbnailKeyOf } from '../video-uploads/thumbnails';

export interface StoredEvidence {
  keys: string[];
  facts: NewEvidenceFactRow[];
  /** The resumable uploads the submission uses: the caller marks them used in its transaction. */
  uploadIds: string[];
  /** Removes every stored key (the caller's transaction failed or lost a race). */
  remove: () => Promise<void>;
}

/**
 * Reads each file's provenance, then writes the files to private storage under evidence/{taskId}/.
 * On a storage failure halfway, the files already written are removed before the error goes on.
 */
export async function storeEvidence(
  storage: FileStorage,
  params: { taskId: string; files: CollectedFile[]; now: Date; prefix?: string },
): Promise<StoredEvidence> {
  const { taskId, files, now, prefix = '' } = params;
  // The random part keeps two submissions in the same millisecond from sharing a key.
  const batch = randomBytes(3).toString('hex');
  const keys = files.map((file, index) =>
    file.upload ? file.upload.storage_key : storageKey(EVIDENCE.bucket, taskId, `${prefix}${index + 1}-${batch}-${file.fileName}`, now),
  );
  // An uploaded video is not this submission's to remove: after a failure the upload stays usable.
  const written = keys.filter((_, index) => !files[index].upload);
  // A thumbnail sits next to each image; deleting one that was never written is not an error.
  const remove = async () => {
    await Promise.all([...written, ...written.map(thumbnailKeyOf)].map((key) => storage.delete(key).catch(() => undefined)));
  };
  const provenance = await Promise.all(
    files.map((file) =>
      file.upload
        ? { sha256: file.upload.sha256!, captured_at: null, latitude: null, longitude: null, device: null, raw: null }
        : readProvenance(file.bytes, file.contentType),
    ),
  );
  const stored = await Promise.allSettled(
    files.map((file, index) => (file.upload ? Promise.resolve() : storage.put(keys[index], file.bytes, { contentType: file.contentType }))),
  );
  const failure = stored.find((result) => result.status === 'rejected');
  if (failure) {
    await remove();
    throw failure.reason;
  }
  await storeThumbnails(storage, files.map((file, index) => ({ key: keys[index], bytes: file.bytes, contentType: file.contentType })));
  const facts = files.map((file, position): NewEvidenceFactRow => {
    const read = provenance[position];
    return {
      task_id: taskId,
      position,
      item_id: file.itemId,
      storage_key: keys[position],
      content_type: file.contentType,
      size: file.upload ? file.upload.size : file.bytes.byteLength,
      duration_seconds: file.upload?.duration_seconds ?? null,
      sha256: read.sha256,
      captured_at: read.captured_at,
      latitude: read.latitude,
      longitude: read.longitude,
      device: read.device,
      raw_metadata: read.raw,
      created_at: now,
    };
  });
  return { keys, facts, remove, uploadIds: files.flatMap((file) => (file.upload ? [file.upload.id] : [])) };
}
