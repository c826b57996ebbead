import { eq } from 'drizzle-orm';
import { taskExtensionRequests, tasks } from '../../../db/schema';
import type { MatrixRow, World } from '../matrix';
import { onTask, x } from './row-builders';

/** Issue 50 (docs/decisions/0465): late work. The world's tasks are due a week ahead; these move it. */
const DAY = 24 * 60 * 60 * 1000;
const REASON = 'The seller moved the viewing to the weekend.';

async function dueAgo(w: World, taskId: string, ms: number) {
  await w.t.db.update(tasks).set({ due_date: new Date(w.t.clock.now().getTime() - ms) }).where(eq(tasks.id, taskId));
}

async function pendingExtension(w: World, taskId: string) {
  await dueAgo(w, taskId, DAY / 2);
  const [row] = await w.t.db
    .insert(taskExtensionRequests)
    .values({ task_id: taskId, expert_id: w.users.assigned.id, requested_due_at: new Date(w.t.clock.now().getTime() + 2 * DAY), reason: REASON, created_at: w.t.clock.now() })
    .returning();
  return { params: { extensionId: row!.id } };
}

export const lateWorkRows: MatrixRow[] = [
  {
    route: 'GET /api/tasks/:id/late-work',
    cases: [onTask('in_progress', x(401, 200, 404, 404, 200, 404, 200)), onTask('open', x(401, 200, 404, 404, 404, 404, 200))],
  },
  {
    route: 'POST /api/tasks/:id/extensions',
    cases: [
      onTask('in_progress', x(401, 403, 404, 403, 201, 404, 403), async (w, id) => {
        await dueAgo(w, id, DAY / 2);
        return { body: { new_due_date: new Date(w.t.clock.now().getTime() + 2 * DAY).toISOString(), reason: REASON } };
      }, 'overdue in_progress task'),
      onTask('in_progress', x(401, 403, 404, 403, 409, 404, 403), (w) => ({
        body: { new_due_date: new Date(w.t.clock.now().getTime() + 9 * DAY).toISOString(), reason: REASON },
      }), 'in_progress task not yet due'),
    ],
  },
  {
    route: 'POST /api/tasks/:id/extensions/:extensionId/accept',
    cases: [onTask('in_progress', x(401, 200, 404, 403, 403, 404, 403), pendingExtension, 'a pending extension')],
  },
  {
    route: 'POST /api/tasks/:id/extensions/:extensionId/decline',
    cases: [onTask('in_progress', x(401, 200, 404, 403, 403, 404, 403), pendingExtension, 'a pending extension')],
  },
  {
    route: 'POST /api/tasks/:id/cancel-overdue',
    cases: [
      onTask('in_progress', x(401, 200, 404, 403, 403, 404, 403), async (w, id) => {
        await dueAgo(w, id, DAY + 60_000);
        return {};
      }, 'in_progress task 24 h past due'),
      onTask('in_progress', x(401, 409, 404, 403, 403, 404, 403), async (w, id) => {
        await dueAgo(w, id, DAY - 60_000);
        return {};
      }, 'in_progress task less than 24 h past due'),
      onTask('pending_approval', x(401, 409, 404, 403, 403, 404, 403)),
    ],
  },
];
