import { partSizeOf, VIDEO_UPLOAD } from '@shared/domain/video-upload';
import type { VideoUploadDto } from '@shared/schemas/video-uploads.schemas';
import { api } from '@web/lib/api';

/**
 * The browser side of the resumable video protocol (docs/decisions/0231): parts of 8 MB, each retried
 * up to three times; an upload that still fails is remembered per file, so the next submit resumes it
 * from the parts the server already holds instead of starting over.
 */
const resumable = new WeakMap<File, string>();
const PART_ATTEMPTS = 3;

/** A frame from the clip, as a JPEG poster (the server has no video decoder); null when the browser cannot. */
async function posterOf(file: File): Promise<Blob | null> {
  if (typeof document === 'undefined' || typeof URL.createObjectURL !== 'function') return null;
  const url = URL.createObjectURL(file);
  try {
    const video = document.createElement('video');
    video.muted = true;
    video.preload = 'auto';
    video.src = url;
    const ready = new Promise<void>((resolve, reject) => {
      video.onloadeddata = () => resolve();
      video.onerror = () => reject(new Error('unreadable video'));
      setTimeout(() => reject(new Error('timeout')), 4000);
    });
    await ready;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    if (!canvas.width || !canvas.height) return null;
    canvas.getContext('2d')?.drawImage(video, 0, 0);
    return await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.8));
  } catch {
    return null;
  } finally {
    URL.revokeObjectURL(url);
  }
}

async function sendPart(upload: VideoUploadDto, file: File, part: number) {
  const start = (part - 1) * VIDEO_UPLOAD.partBytes;
  const form = new FormData();
  form.append('part', file.slice(start, start + partSizeOf(upload.size, part)), 'part');
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await api.upload<{ upload: VideoUploadDto }>(`/api/video-uploads/${upload.id}/parts/${part}`, form);
    } catch (error) {
      if (attempt >= PART_ATTEMPTS) throw error;
    }
  }
}

/** Uploads (or resumes) `file` for the item; resolves to the `upload:<id>` value the submission sends. */
export async function uploadVideo(taskId: string, itemId: string, file: File, onProgress: (fraction: number) => void): Promise<string> {
  const known = resumable.get(file);
  let upload = known
    ? (await api.get<{ upload: VideoUploadDto }>(`/api/video-uploads/${known}`)).upload
    : (
        await api.post<{ upload: VideoUploadDto }>(`/api/tasks/${encodeURIComponent(taskId)}/video-uploads`, {
          item_id: itemId,
          file_name: file.name,
          size: file.size,
        })
      ).upload;
  resumable.set(file, upload.id);
  if (upload.status === 'open') {
    const received = new Set(upload.parts_received);
    for (let part = 1; part <= upload.part_count; part += 1) {
      if (!received.has(part)) upload = (await sendPart(upload, file, part)).upload;
      onProgress(upload.parts_received.length / upload.part_count);
    }
    const poster = await posterOf(file);
    const form = new FormData();
    if (poster) form.append('poster', poster, 'poster.jpg');
    upload = (await api.upload<{ upload: VideoUploadDto }>(`/api/video-uploads/${upload.id}/complete`, form)).upload;
  }
  return `${VIDEO_UPLOAD.fieldPrefix}${upload.id}`;
}
