import { randomBytes } from 'node:crypto';
import { EVIDENCE } from '@shared/constants';
import { storageKey, type FileStorage } from '../../providers/storage';
import type { CollectedFile } from './evidence-files';
import type { NewEvidenceFactRow } from './evidence-facts.repository';
import { readProvenance } from './provenance-reader';
import { storeThumbnails, thumbnailKeyOf } from './thumbnails';

export interface StoredEvidence {
  keys: string[];
  facts: NewEvidenceFactRow[];
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
  const keys = files.map((file, index) => storageKey(EVIDENCE.bucket, taskId, `${prefix}${index + 1}-${batch}-${file.fileName}`, now));
  // A thumbnail sits next to each image; deleting one that was never written is not an error.
  const remove = async () => {
    await Promise.all([...keys, ...keys.map(thumbnailKeyOf)].map((key) => storage.delete(key).catch(() => undefined)));
  };
  const provenance = await Promise.all(files.map((file) => readProvenance(file.bytes, file.contentType)));
  const stored = await Promise.allSettled(
    files.map((file, index) => storage.put(keys[index], file.bytes, { contentType: file.contentType })),
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
      size: file.bytes.byteLength,
      sha256: read.sha256,
      captured_at: read.captured_at,
      latitude: read.latitude,
      longitude: read.longitude,
      device: read.device,
      raw_metadata: read.raw,
      created_at: now,
    };
  });
  return { keys, facts, remove };
}
