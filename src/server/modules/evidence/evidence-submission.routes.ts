import { Hono } from 'hono';
import { EVIDENCE } from '@shared/constants';
import { overrideBodySchema } from '@shared/schemas/admin-overrides.schemas';
import { requireUser, type AppEnv } from '../../http/context';
import { formData, optionalJsonBody } from '../../http/validation';
import { userFileResponse } from '../../http/user-file';
import { bucketRedirect } from '../../http/bucket-redirect';
import type { AppDeps } from '../../app-deps';
import { tasksServiceDeps, type TasksModuleDeps } from '../tasks/tasks.deps';
import { createEvidenceService } from './evidence-submission.service';
import { streamedFileResponse } from '../video-uploads/range-response';

/** Room for the multipart envelope and the notes around the photos. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * Evidence: the expert's upload, the private file reads, the client's confirm (reject: modules/disputes).
 * Mounted under /api by app.ts, right after the applications module's routes; `deps` may carry the
 * tasks module's replacements (TasksModuleDeps).
 */
export function evidenceSubmissionRoutes(deps: AppDeps) {
  const files = tasksServiceDeps(deps as TasksModuleDeps);
  const service = createEvidenceService(files);
  return new Hono<AppEnv>()
    .post('/tasks/:id/evidence/confirm', async (c) => {
      const user = requireUser(c);
      const input = await optionalJsonBody(c, overrideBodySchema);
      return c.json(await service.confirm(user.id, c.req.param('id'), input));
    })
    .post('/tasks/:id/evidence', async (c) => {
      const user = requireUser(c);
      const form = await formData(c, EVIDENCE.maxFiles * EVIDENCE.maxFileBytes + ENVELOPE_BYTES);
      return c.json(await service.submit(user.id, c.req.param('id'), form));
    })
    // Lists and galleries load this small copy; the route below still serves the full file.
    .get('/tasks/:id/evidence/:index/thumbnail', async (c) => {
      const user = requireUser(c);
      const file = await service.thumbnail(user.id, c.req.param('id'), c.req.param('index'));
      return userFileResponse(c, file, { disposition: 'inline', cache: 'private' });
    })
    // Evidence is private: never a public URL, only this authorized read (like identity documents).
    .get('/tasks/:id/evidence/:index', async (c) => {
      const user = requireUser(c);
      // Videos stream with range requests (players seek); photos go whole, EXIF-stripped for the parties.
      const video = await service.video(user.id, c.req.param('id'), c.req.param('index'));
      if (video) {
        // S3: after the same check, the bucket serves the video (ranges too) by a short-lived URL (decision 0434).
        const redirect = await bucketRedirect(c, files.storage, video.key, { disposition: 'inline', now: files.clock.now() });
        return redirect ?? streamedFileResponse(c, video);
      }
      if (files.storage.presignGet) {
        // S3: after the same check the bucket serves the photo: an admin's original, the parties' copy
        // without EXIF (decision 0434); nothing passes through this server's memory after the first view.
        const source = await service.bucketSource(user.id, c.req.param('id'), c.req.param('index'));
        const redirect = await bucketRedirect(c, files.storage, source.key, { disposition: 'inline', now: files.clock.now() });
        if (redirect) return redirect;
      }
      const file = await service.file(user.id, c.req.param('id'), c.req.param('index'));
      return userFileResponse(c, file, { disposition: 'inline', cache: 'private' });
    });
}
