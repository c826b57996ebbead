import { z } from 'zod';
import { messages } from '../messages';
import { idSchema } from './common.schemas';

/**
 * Issue 20's resumable video uploads (all under /api):
 *   POST /tasks/:id/video-uploads            JSON VideoUploadStart -> { upload: VideoUploadDto } (the assigned expert)
 *   GET  /video-uploads/:id                  -> { upload: VideoUploadDto } (its uploader: resume after a reload)
 *   GET  /video-uploads/:id/parts/:part/target -> { target: VideoPartTarget } (where this part goes)
 *   POST /video-uploads/:id/parts/:part      multipart `part` -> { upload } (a `server` target)
 *   POST /video-uploads/:id/complete         multipart, optional `poster` image -> { upload }
 * The submission then names it in the item's field: `item.<itemId>` = `upload:<id>`.
 */
const invalid = messages.common.invalidRequest;

export const videoUploadStartSchema = z.object({
  item_id: z.string(invalid).trim().min(1, invalid).max(60, invalid),
  file_name: z.string(invalid).trim().min(1, invalid).max(200, invalid),
  size: z.number(invalid).int(invalid).positive(invalid).max(Number.MAX_SAFE_INTEGER, invalid),
});
export type VideoUploadStart = z.infer<typeof videoUploadStartSchema>;

export const videoUploadParamsSchema = z.object({ id: idSchema });
export const videoPartParamsSchema = z.object({
  id: idSchema,
  part: z.string().regex(/^[1-9]\d{0,3}$/, invalid).transform(Number),
});

export interface VideoUploadDto {
  id: string;
  task_id: string;
  item_id: string;
  file_name: string;
  size: number;
  part_size: number;
  part_count: number;
  parts_received: number[];
  status: 'open' | 'assembling' | 'complete' | 'used' | 'rejected';
  content_type: string | null;
  sha256: string | null;
  duration_seconds: number | null;
}

/**
 * Where the browser sends one part. `store`: a PUT of the raw bytes straight to the file store (S3's
 * presigned UploadPart URL, valid for a few minutes, no cookies). `server`: a multipart POST with the
 * bytes in the `part` field to the API (the local disk store). The client follows whichever it gets.
 */
export type VideoPartTarget =
  | { via: 'store'; method: 'PUT'; url: string; headers: Record<string, string>; expires_at: string }
  | { via: 'server'; method: 'POST'; url: string; field: 'part' };
