import { idParamsSchema } from '@shared/schemas/common.schemas';
import {
  videoPartParamsSchema,
  videoUploadParamsSchema,
  videoUploadStartSchema,
} from '@shared/schemas/video-uploads.schemas';
import {
  videoPartTargetAnswerSchema,
  videoUploadAnswerSchema,
} from '@shared/schemas/video-uploads-api.schemas';
import type { RouteDoc } from '../route-doc';

/** Issue 20: resumable video evidence (decisions 0231, 0310) and photo thumbnails. */
export const videoUploadsDocs: RouteDoc[] = [
  {
    route: 'POST /api/tasks/:id/video-uploads',
    summary: 'Start a resumable video upload for evidence',
    access: 'user',
    params: idParamsSchema,
    body: videoUploadStartSchema,
    responses: { 201: videoUploadAnswerSchema },
  },
  {
    route: 'GET /api/video-uploads/:id',
    summary: 'The state of a video upload, to resume it',
    access: 'user',
    params: videoUploadParamsSchema,
    responses: { 200: videoUploadAnswerSchema },
  },
  {
    route: 'GET /api/video-uploads/:id/parts/:part/target',
    summary: 'Where one part goes: a presigned S3 URL to PUT, or the part route below (decision 0310)',
    access: 'user',
    params: videoPartParamsSchema,
    responses: { 200: videoPartTargetAnswerSchema },
  },
  {
    route: 'POST /api/video-uploads/:id/parts/:part',
    summary: 'Upload one 8 MB part of a video through the server (form field: part)',
    access: 'user',
    params: videoPartParamsSchema,
    upload: true,
    responses: { 200: videoUploadAnswerSchema },
  },
  {
    route: 'POST /api/video-uploads/:id/complete',
    summary: 'Finish a video upload (optional form field: poster)',
    access: 'user',
    params: videoUploadParamsSchema,
    upload: true,
    responses: { 200: videoUploadAnswerSchema },
  },
  {
    route: 'GET /api/tasks/:id/evidence/:index/thumbnail',
    summary: 'A small WebP of one evidence photo',
    access: 'user',
    produces: {
      status: 200,
      contentType: 'image/webp',
      description: "The thumbnail (private to the task's parties).",
    },
  },
];
