import { partSizeOf, VIDEO_UPLOAD } from '@shared/domain/video-upload';
import type { VideoPartTarget, VideoUploadDto } from '@shared/schemas/video-uploads.schemas';
import { api, ApiError } from '@web/lib/api';

/**
 * The browser side of the resumable video protocol (docs/decisions/0231, 0310): parts of 8 MB, each
 * retried up to three times; an upload that still fails is remembered per file, so the next submit
 * resumes it from the parts the store already holds instead of starting over.
 */
const resumable = new WeakMap<File, string>();
const PART_ATTEMPTS = 3;
const STORE_REFUSAL = 'store';

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

/** A PUT of the raw part straight to the store (a presigned S3 URL): no cookies, progress from XHR. */
function putToStore(url: string, headers: Record<string, string>, body: Blob, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', 'Network error'));
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new ApiError(xhr.status, STORE_REFUSAL, `Part refused (${xhr.status})`)));
    xhr.send(body);
  });
}

/**
 * One part, wherever the server says it goes (docs/decisions/0310): straight to S3 by presigned URL in
 * production, through the API for the local store. A fresh target is asked for on every attempt, so a
 * retry never reuses an expired URL.
 */
async function sendPart(upload: VideoUploadDto, file: File, part: number, onProgress: (fraction: number) => void) {
  const start = (part - 1) * VIDEO_UPLOAD.partBytes;
  const body = file.slice(start, start + partSizeOf(upload.size, part));
  for (let attempt = 1; ; attempt += 1) {
    try {
      const { target } = await api.get<{ target: VideoPartTarget }>(`/api/video-uploads/${upload.id}/parts/${part}/target`);
      if (target.via === 'store') {
        await putToStore(target.url, target.headers, body, onProgress);
      } else {
        const form = new FormData();
        form.append(target.field, body, 'part');
        await api.upload(target.url, form, onProgress);
      }
      return;
    } catch (error) {
      // The API refusing the upload itself (gone, complete, someone else's) will not heal by retrying;
      // a store refusal (an expired URL) or a dropped connection may.
      const final = error instanceof ApiError && error.code !== STORE_REFUSAL && [401, 403, 404, 409].includes(error.status);
      if (attempt >= PART_ATTEMPTS || final) throw error;
      onProgress(0);
    }
  }
}

/**
 * Uploads (or resumes) `file` for the item; resolves to the `upload:<id>` value the submission sends.
 * `onProgress` gets the fraction of the file's bytes sent, moving within each part.
 */
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
    let sent = [...received].reduce((total, part) => total + partSizeOf(upload.size, part), 0);
    onProgress(sent / upload.size);
    for (let part = 1; part <= upload.part_count; part += 1) {
      if (received.has(part)) continue;
      const size = partSizeOf(upload.size, part);
      await sendPart(upload, file, part, (fraction) => onProgress((sent + fraction * size) / upload.size));
      sent += size;
      onProgress(sent / upload.size);
    }
    const poster = await posterOf(file);
    const form = new FormData();
    if (poster) form.append('poster', poster, 'poster.jpg');
    upload = (await api.upload<{ upload: VideoUploadDto }>(`/api/video-uploads/${upload.id}/complete`, form)).upload;
  }
  return `${VIDEO_UPLOAD.fieldPrefix}${upload.id}`;
}
