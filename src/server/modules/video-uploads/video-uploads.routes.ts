import { Hono } from 'hono';
import { VIDEO_UPLOAD } from '@shared/domain/video-upload';
import { EVIDENCE } from '@shared/constants';
import { idParamsSchema } from '@shared/schemas/common.schemas';
import { videoPartParamsSchema, videoUploadParamsSchema, videoUploadStartSchema } from '@shared/schemas/video-uploads.schemas';
import type { AppDeps } from '../../app-deps';
import { requireUser, type AppEnv } from '../../http/context';
import { announcesBody, mediaTypeOf } from '../../http/content-type';
import { formData, jsonBody, pathParams } from '../../http/validation';
import { createVideoUploadsService } from './video-uploads.service';

/** Issue 20's resumable video uploads; the contract is in src/shared/schemas/video-uploads.schemas.ts. */
export function videoUploadRoutes(deps: AppDeps) {
  const service = createVideoUploadsService({ db: deps.db, clock: deps.clock, storage: deps.providers.storage });
  return new Hono<AppEnv>()
    .post('/tasks/:id/video-uploads', async (c) => {
      const user = requireUser(c);
      const { id } = pathParams(c, idParamsSchema);
      const input = await jsonBody(c, videoUploadStartSchema);
      return c.json({ upload: await service.start(user.id, id, input) }, 201);
    })
    .get('/video-uploads/:id', async (c) => {
      const user = requireUser(c);
      const { id } = pathParams(c, videoUploadParamsSchema);
      return c.json({ upload: await service.status(user.id, id) });
    })
    .get('/video-uploads/:id/parts/:part/target', async (c) => {
      const user = requireUser(c);
      const { id, part } = pathParams(c, videoPartParamsSchema);
      return c.json({ target: await service.partTarget(user.id, id, part) });
    })
    .post('/video-uploads/:id/parts/:part', async (c) => {
      const user = requireUser(c);
      const { id, part } = pathParams(c, videoPartParamsSchema);
      const form = await formData(c, VIDEO_UPLOAD.partBytes);
      return c.json({ upload: await service.putPart(user.id, id, part, form) });
    })
    .post('/video-uploads/:id/complete', async (c) => {
      const user = requireUser(c);
      const { id } = pathParams(c, videoUploadParamsSchema);
      // The poster is optional, and so is the body.
      const form = announcesBody(c) || mediaTypeOf(c) !== '' ? await formData(c, EVIDENCE.maxFileBytes) : null;
      return c.json({ upload: await service.complete(user.id, id, form) });
    });
}
