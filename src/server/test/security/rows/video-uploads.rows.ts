import { eq } from 'drizzle-orm';
import { tasks } from '../../../db/schema';
import { createVideoUploadsService } from '../../../modules/video-uploads/video-uploads.service';
import { mp4Sample } from '../../video-sample';
import type { MatrixCase, World } from '../matrix';
import { onTask, x } from './row-builders';

const CLIP = mp4Sample({ bytes: 2000, seed: 'matrix' }) as Uint8Array<ArrayBuffer>;
const START = { item_id: 'clip', file_name: 'clip.mp4', size: CLIP.length };

/** An in-progress task whose checklist has one video item, `clip`. */
async function videoTask(w: World, status: 'in_progress' | 'disputed' = 'in_progress') {
  const task = await w.task(status);
  await w.t.db.update(tasks).set({ checklist: [{ id: 'clip', label: 'Clip', kind: 'video', required: true }] }).where(eq(tasks.id, task.id));
  return task;
}

/** An upload of the assigned expert on a fresh video task, with its one part sent when `withPart`. */
async function uploadOf(w: World, withPart: boolean) {
  const service = createVideoUploadsService({ db: w.t.db, clock: w.t.clock, storage: w.t.providers.storage });
  const task = await videoTask(w);
  const upload = await service.start(w.users.assigned.id, task.id, START);
  if (withPart) {
    const form = new FormData();
    form.append('part', new File([CLIP], 'blob'));
    await service.putPart(w.users.assigned.id, upload.id, 1, form);
  }
  return upload.id;
}

function clipForm() {
  const form = new FormData();
  form.append('part', new File([CLIP], 'blob', { type: 'application/octet-stream' }));
  return form;
}

/** Only its uploader knows an upload exists: everyone else, admins included, gets 404. */
const uploaderOnly = (status: number) => x(401, 404, 404, 404, status, 404, 404);
const onUpload = (name: string, withPart: boolean, expect: ReturnType<typeof x>, body?: () => unknown, part?: string): MatrixCase => ({
  name,
  expect,
  arrange: async (w) => ({ params: { id: await uploadOf(w, withPart), ...(part ? { part } : {}) }, body: body?.() }),
});

/** Issue 20's resumable video uploads (docs/decisions/0231). */
export const videoUploadRows = [
  {
    route: 'POST /api/tasks/:id/video-uploads',
    cases: [
      {
        name: 'in_progress task with a video item',
        expect: x(401, 403, 404, 403, 201, 404, 403),
        arrange: async (w: World) => ({ params: { id: (await videoTask(w)).id }, body: START }),
      },
      onTask('pending_approval', x(401, 403, 404, 403, 409, 404, 403), () => ({ body: START })),
      {
        // The expert's resubmission after a rejection may carry a new video.
        name: 'disputed task with a video item',
        expect: x(401, 403, 404, 403, 201, 404, 403),
        arrange: async (w: World) => ({ params: { id: (await videoTask(w, 'disputed')).id }, body: START }),
      },
    ],
  },
  { route: 'GET /api/video-uploads/:id', cases: [onUpload('an open upload', false, uploaderOnly(200))] },
  { route: 'GET /api/video-uploads/:id/parts/:part/target', cases: [onUpload('an open upload', false, uploaderOnly(200), undefined, '1')] },
  { route: 'POST /api/video-uploads/:id/parts/:part', cases: [onUpload('an open upload', false, uploaderOnly(200), clipForm, '1')] },
  { route: 'POST /api/video-uploads/:id/complete', cases: [onUpload('an upload with every part', true, uploaderOnly(200))] },
];
