import { randomBytes } from 'node:crypto';
import { EVIDENCE } from '@shared/constants';
import { hasChecklist } from '@shared/domain/checklist';
import { partCountOf, partSizeOf, VIDEO_UPLOAD } from '@shared/domain/video-upload';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import { evidenceTrustMessages as evidenceTrustText } from '@shared/messages/evidence-trust';
import type { VideoPartTarget, VideoUploadDto, VideoUploadStart } from '@shared/schemas/video-uploads.schemas';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { checkUpload } from '../../lib/file-checks';
import { storageKey, type FileStorage } from '../../providers/storage';
import { check } from '@shared/domain/permissions';
import { findOpenDispute } from '../tasks/task-disputes.repository';
import { enforce, loadVisibleTask } from '../tasks/task-access';
import { makeThumbnail, thumbnailKeyOf, THUMBNAIL_TYPE } from './thumbnails';
import { detectVideoKind, VIDEO_KINDS, videoFileName, type VideoKind } from './video-check';
import { probeVideo } from './video-probe';
import {
  claimForAssembly,
  findVideoUpload,
  insertVideoUpload,
  recordPart,
  setPartsReceived,
  settleAssembly,
  type VideoUploadRow,
} from './video-uploads.repository';

export interface VideoUploadDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
}

const fail = (text: string) => badRequest(text, { files: text });

export const toVideoUploadDto = (row: VideoUploadRow): VideoUploadDto => ({
  id: row.id,
  task_id: row.task_id,
  item_id: row.item_id,
  file_name: row.file_name,
  size: row.size,
  part_size: row.part_size,
  part_count: row.part_count,
  parts_received: row.parts_received,
  status: row.status as VideoUploadDto['status'],
  content_type: row.content_type,
  sha256: row.sha256,
  duration_seconds: row.duration_seconds,
});

/** The declared kind comes from the name; the first part's content must then agree with it. */
function declaredKind(fileName: string): VideoKind | null {
  const extension = fileName.split('.').pop()?.toLowerCase();
  return extension === 'mp4' || extension === 'm4v' ? 'mp4' : extension === 'mov' || extension === 'qt' ? 'mov' : extension === 'webm' ? 'webm' : null;
}

const kindOfRow = (row: VideoUploadRow) => declaredKind(row.storage_key)!;

/** Resumable video uploads (docs/decisions/0231); the evidence submission then names the completed upload. */
export function createVideoUploadsService(deps: VideoUploadDeps) {
  const { db, clock, storage } = deps;

  /** Only its uploader sees an upload: anyone else gets the same 404 as for an unknown id. */
  async function ownUpload(userId: string, id: string) {
    const row = await findVideoUpload(db, { id });
    if (!row || row.uploader_id !== userId) throw notFound(evidenceTrustText.uploadNotFound);
    return row;
  }

  const closedError = (row: VideoUploadRow) => conflict(row.status === 'assembling' ? evidenceTrustText.uploadBusy : evidenceTrustText.uploadClosed);

  /**
   * Evidence is sent while the task is in progress, once more during a dispute (the expert's
   * resubmission after a rejection, while the dispute still waits for it), or as a re-delivery after
   * the client requested changes (issue 50).
   */
  async function taskForEvidence(userId: string, taskId: string, now: Date) {
    const access = await loadVisibleTask(db, userId, taskId, now);
    const first = check(access.actor, 'submit_evidence', access.facts, now);
    if (first.ok) return access.task;
    if (check(access.actor, 'redeliver_evidence', access.facts, now).ok) return access.task;
    if (check(access.actor, 'resubmit_evidence', access.facts, now).ok && (await findOpenDispute(db, access.task.id))?.status === 'open') {
      return access.task;
    }
    enforce(first);
    return access.task;
  }

  /**
   * The store is the truth about parts: a part the browser sent straight to S3 never passed through
   * the server. Only parts of exactly the right size count (anything else is sent again).
   */
  async function syncParts(row: VideoUploadRow): Promise<VideoUploadRow> {
    if (row.status !== 'open') return row;
    const held = await storage.listParts(row.storage_key, row.storage_upload_id);
    const parts = held
      .filter((part) => part.partNumber <= row.part_count && part.size === partSizeOf(row.size, part.partNumber))
      .map((part) => part.partNumber);
    if (parts.length === row.parts_received.length && parts.every((part, index) => part === row.parts_received[index])) return row;
    return (await setPartsReceived(db, { id: row.id, parts })) ?? row;
  }

  return {
    /** The assigned expert opens an upload for a video item of an in-progress task. */
    async start(userId: string, taskId: string, input: VideoUploadStart): Promise<VideoUploadDto> {
      const now = clock.now();
      const task = await taskForEvidence(userId, taskId, now);
      const item = hasChecklist(task.checklist) ? task.checklist.find((entry) => entry.id === input.item_id) : undefined;
      if (!item) throw fail(evidenceTrustText.itemUnknown);
      if (item.kind !== 'video') throw fail(format(evidenceTrustText.videoTypeInvalid, { name: input.file_name }));
      if (input.size > VIDEO_UPLOAD.maxBytes) throw fail(format(evidenceTrustText.videoTooLarge, { name: input.file_name }));
      const kind = declaredKind(input.file_name);
      if (!kind) throw fail(format(evidenceTrustText.videoTypeInvalid, { name: input.file_name }));
      const name = `v-${randomBytes(4).toString('hex')}-${videoFileName(input.file_name, kind)}`;
      const key = storageKey(EVIDENCE.bucket, task.id, name, now);
      const storageUploadId = await storage.startMultipart(key, { contentType: VIDEO_KINDS[kind].contentType });
      const row = await insertVideoUpload(db, {
        task_id: task.id,
        uploader_id: userId,
        item_id: item.id,
        file_name: input.file_name,
        size: input.size,
        part_size: VIDEO_UPLOAD.partBytes,
        part_count: partCountOf(input.size),
        storage_key: key,
        storage_upload_id: storageUploadId,
        created_at: now,
      });
      return toVideoUploadDto(row);
    },

    async status(userId: string, id: string): Promise<VideoUploadDto> {
      return toVideoUploadDto(await syncParts(await ownUpload(userId, id)));
    },

    /** Where part `part` goes: a presigned URL straight to the store when it has them, the API otherwise. */
    async partTarget(userId: string, id: string, part: number): Promise<VideoPartTarget> {
      const row = await ownUpload(userId, id);
      if (row.status !== 'open') throw closedError(row);
      if (part > row.part_count) throw fail(evidenceTrustText.uploadPartInvalid);
      if (!storage.presignPart) return { via: 'server', method: 'POST', url: `/api/video-uploads/${row.id}/parts/${part}`, field: 'part' };
      const now = clock.now();
      const expiresInSeconds = VIDEO_UPLOAD.partUrlSeconds;
      const signed = await storage.presignPart(row.storage_key, row.storage_upload_id, part, { size: partSizeOf(row.size, part), expiresInSeconds, now });
      return { via: 'store', method: 'PUT', url: signed.url, headers: signed.headers, expires_at: new Date(now.getTime() + expiresInSeconds * 1000).toISOString() };
    },

    /**
     * One part: numbered 1..part_count, exactly part_size bytes (the last holds the rest), so parts can
     * neither overlap nor leave gaps. The same part sent again (a retry) replaces itself.
     */
    async putPart(userId: string, id: string, part: number, form: FormData): Promise<VideoUploadDto> {
      const row = await ownUpload(userId, id);
      if (row.status !== 'open') throw closedError(row);
      const file = form.get('part');
      if (!(file instanceof File) || part > row.part_count || file.size !== partSizeOf(row.size, part)) throw fail(evidenceTrustText.uploadPartInvalid);
      const bytes = new Uint8Array(await file.arrayBuffer());
      // The container is checked on the first part already, so a non-video stops before 200 MB travel.
      if (part === 1 && detectVideoKind(bytes.subarray(0, 64)) !== kindOfRow(row)) throw fail(format(evidenceTrustText.videoTypeInvalid, { name: row.file_name }));
      await storage.putPart(row.storage_key, row.storage_upload_id, part, bytes);
      const updated = await recordPart(db, { id: row.id, part });
      if (!updated) throw closedError((await findVideoUpload(db, { id: row.id })) ?? row);
      return toVideoUploadDto(updated);
    },

    /**
     * Joins the parts, then checks the whole file in one streaming pass: the container by content, the
     * duration (at most 10 minutes), the hash. An optional `poster` image (the browser grabs a frame;
     * the server has no video decoder) becomes the video's thumbnail.
     */
    async complete(userId: string, id: string, form: FormData | null): Promise<VideoUploadDto> {
      const owned = await ownUpload(userId, id);
      if (owned.status !== 'open') throw closedError(owned);
      await taskForEvidence(userId, owned.task_id, clock.now());
      const row = await syncParts(owned);
      const poster = form?.get('poster');
      let posterBytes: Uint8Array | null = null;
      if (poster instanceof File && poster.size > 0) {
        posterBytes = new Uint8Array(await poster.arrayBuffer());
        const checked = checkUpload(posterBytes, poster.name, { allowed: EVIDENCE.allowedTypes, maxBytes: EVIDENCE.maxFileBytes });
        if (!checked.ok) throw fail(format(checked.reason === 'too_large' ? messages.evidence.fileTooLarge : messages.evidence.fileTypeInvalid, { name: poster.name }));
      }
      if (row.parts_received.length !== row.part_count) throw conflict(evidenceTrustText.uploadIncomplete);
      const claimed = await claimForAssembly(db, { id: row.id });
      if (!claimed) throw closedError((await findVideoUpload(db, { id: row.id })) ?? row);
      try {
        await storage.completeMultipart(row.storage_key, row.storage_upload_id, row.part_count);
      } catch (error) {
        await settleAssembly(db, { id: row.id, values: { status: 'open' } });
        throw error;
      }
      const refuse = async (text: string) => {
        await storage.delete(row.storage_key).catch(() => undefined);
        await settleAssembly(db, { id: row.id, values: { status: 'rejected' } });
        return fail(text);
      };
      // Parts sent straight to S3 were never seen by the server: a ranged read of the head sniffs the
      // container before the whole file is streamed (for the local store it was checked on part 1 already).
      const head = await storage.stream(row.storage_key, { start: 0, end: Math.min(63, row.size - 1) });
      const headBytes = head ? new Uint8Array(await new Response(head).arrayBuffer()) : new Uint8Array();
      if (detectVideoKind(headBytes) !== kindOfRow(row)) throw await refuse(format(evidenceTrustText.videoTypeInvalid, { name: row.file_name }));
      const stream = await storage.stream(row.storage_key);
      const probe = stream ? await probeVideo(stream) : null;
      if (!probe || probe.kind !== kindOfRow(row) || probe.size !== row.size) throw await refuse(format(evidenceTrustText.videoTypeInvalid, { name: row.file_name }));
      if (probe.durationSeconds !== null && probe.durationSeconds > VIDEO_UPLOAD.maxDurationSeconds) {
        throw await refuse(format(evidenceTrustText.videoTooLong, { name: row.file_name, minutes: VIDEO_UPLOAD.maxDurationSeconds / 60 }));
      }
      if (posterBytes) {
        const thumbnail = await makeThumbnail(posterBytes).catch(() => null);
        if (thumbnail) await storage.put(thumbnailKeyOf(row.storage_key), thumbnail, { contentType: THUMBNAIL_TYPE });
      }
      const done = await settleAssembly(db, {
        id: row.id,
        values: {
          status: 'complete',
          content_type: VIDEO_KINDS[probe.kind].contentType,
          sha256: probe.sha256,
          duration_seconds: probe.durationSeconds,
          completed_at: clock.now(),
        },
      });
      return toVideoUploadDto(done!);
    },
  };
}

export type VideoUploadsService = ReturnType<typeof createVideoUploadsService>;
