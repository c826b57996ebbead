import { issueReport } from '../../../modules/evidence/reports.service';
import { everyone, type World } from '../matrix';
import { PNG_BYTES } from '../../builders';
import { onTask, pngForm, x } from './row-builders';
import { videoUploadRows } from './video-uploads.rows';

/** A verified task of the owner with its inspection report issued: the report's share id. */
async function reportOf(w: World) {
  const task = await w.task('verified');
  const row = await issueReport({ db: w.t.db, clock: w.t.clock, storage: w.t.providers.storage, publicUrl: 'http://localhost' }, task.id);
  return row!.id;
}

/** Issue 20: checklist and provenance, the inspection report, its public share link and verify. */
export const evidenceRows = [
  ...videoUploadRows,
  // Issue 50 (docs/decisions/0465): changes requested instead of a dispute, and the re-delivery.
  {
    route: 'POST /api/tasks/:id/evidence/request-changes',
    cases: [
      onTask('pending_approval', x(401, 200, 404, 403, 403, 404, 403), () => ({ body: { note: 'The back of the car is missing.' } })),
      onTask('in_progress', x(401, 409, 404, 403, 403, 404, 403), () => ({ body: { note: 'The back of the car is missing.' } })),
    ],
  },
  {
    route: 'POST /api/tasks/:id/evidence/redeliver',
    cases: [
      onTask('changes_requested', x(401, 403, 404, 403, 200, 404, 403), () => ({ body: pngForm('files', 'again.png') })),
      onTask('pending_approval', x(401, 403, 404, 403, 409, 404, 403), () => ({ body: pngForm('files', 'again.png') })),
    ],
  },
  {
    // The world's evidence PNG is a bare header: the case stores its thumbnail as submission would.
    route: 'GET /api/tasks/:id/evidence/:index/thumbnail',
    cases: [
      onTask('pending_approval', x(401, 200, 404, 403, 200, 404, 200), async (w, id) => {
        await w.t.providers.storage.put(`evidence/${id}/1-photo.png.thumb.webp`, PNG_BYTES, { contentType: 'image/webp' });
        return { params: { index: '0' } };
      }),
      onTask('in_progress', x(401, 404, 404, 403, 404, 404, 404), () => ({ params: { index: '0' } })),
    ],
  },
  {
    route: 'GET /api/tasks/:id/evidence-items',
    cases: [
      onTask('in_progress', x(401, 200, 404, 404, 200, 404, 200)),
      onTask('pending_approval', x(401, 200, 404, 404, 200, 404, 200)),
    ],
  },
  {
    route: 'GET /api/tasks/:id/report',
    cases: [onTask('verified', x(401, 200, 404, 403, 403, 404, 200)), onTask('in_progress', x(401, 404, 404, 403, 403, 404, 404))],
  },
  {
    route: 'GET /api/tasks/:id/report/summary',
    cases: [onTask('verified', x(401, 200, 404, 403, 403, 404, 200))],
  },
  {
    route: 'POST /api/tasks/:id/report/revoke',
    cases: [onTask('verified', x(401, 200, 404, 403, 403, 404, 403))],
  },
  {
    route: 'GET /api/reports/:id',
    cases: [{ name: 'a shared report (public)', arrange: async (w: World) => ({ params: { id: await reportOf(w) } }), expect: everyone(200) }],
  },
  {
    route: 'GET /api/reports/:id/pdf',
    cases: [{ name: 'a shared report (public)', arrange: async (w: World) => ({ params: { id: await reportOf(w) } }), expect: everyone(200) }],
  },
  {
    route: 'POST /api/reports/:id/verify',
    cases: [
      {
        name: 'a file against a shared report (public)',
        arrange: async (w: World) => ({ params: { id: await reportOf(w) }, body: pngForm('file', 'photo.png') }),
        expect: everyone(200),
      },
    ],
  },
];
