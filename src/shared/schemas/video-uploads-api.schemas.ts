import { z } from 'zod';
import { isoDateSchema, same } from './api-response-helpers';
import type { VideoPartTarget, VideoUploadDto } from './video-uploads.schemas';

/** The answers of the resumable video upload routes (issue 21), checked against video-uploads.schemas.ts. */

export const videoUploadDtoSchema = z
  .object({
    id: z.string(),
    task_id: z.string(),
    item_id: z.string(),
    file_name: z.string(),
    size: z.number().int(),
    part_size: z.number().int(),
    part_count: z.number().int(),
    parts_received: z.array(z.number().int()),
    status: z.enum(['open', 'assembling', 'complete', 'used', 'rejected']),
    content_type: z.string().nullable(),
    sha256: z.string().nullable(),
    duration_seconds: z.number().nullable(),
  })
  .meta({ id: 'VideoUpload' });

/** Start, status, part and complete all answer the upload as it now is. */
export const videoUploadAnswerSchema = z.object({ upload: videoUploadDtoSchema });

export const videoPartTargetSchema = z
  .discriminatedUnion('via', [
    z.object({
      via: z.literal('store'),
      method: z.literal('PUT'),
      url: z.string(),
      headers: z.record(z.string(), z.string()),
      expires_at: isoDateSchema,
    }),
    z.object({ via: z.literal('server'), method: z.literal('POST'), url: z.string(), field: z.literal('part') }),
  ])
  .meta({ id: 'VideoPartTarget' });

export const videoPartTargetAnswerSchema = z.object({ target: videoPartTargetSchema });

same<z.output<typeof videoUploadDtoSchema>, VideoUploadDto>(true);
same<z.output<typeof videoPartTargetSchema>, VideoPartTarget>(true);
