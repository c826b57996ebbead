import { eq } from 'drizzle-orm';
import { tasks } from '../../db/schema';
import { createClientReview } from '../../test/builders';
import type { TestApp, TestUser } from '../../test/test-app';

/** A task of `client` that `expert` finished (status verified), written straight into the table. */
export async function finishedTask(t: TestApp, client: TestUser, expert: TestUser, title = 'Inspect a flat') {
  const now = t.clock.now();
  const [row] = await t.db
    .insert(tasks)
    .values({
      title,
      description: 'Photograph every room and send a short video.',
      budget: 10_000,
      location: 'New York, New York',
      latitude: 40.7128,
      longitude: -74.006,
      status: 'verified',
      payment_status: 'captured',
      client_id: client.id,
      expert_id: expert.id,
      published_at: now,
      assigned_at: now,
      completed_at: now,
    })
    .returning();
  return row;
}

/**
 * The client reviews the expert of a finished task through the API, after the expert reviewed the
 * client, so the double-blind rule reveals it at once (issue 23) and it counts straight away.
 */
export async function reviewThroughApi(t: TestApp, client: TestUser, taskId: string, rating: number, comment = 'Clear photos and a useful report.') {
  const [task] = await t.db.select({ expert_id: tasks.expert_id }).from(tasks).where(eq(tasks.id, taskId));
  if (task?.expert_id) await createClientReview(t.db, { task_id: taskId, expert_id: task.expert_id, client_id: client.id });
  const response = await t.request('POST', `/api/tasks/${taskId}/review`, { body: { rating, comment }, cookie: client.cookie });
  if (response.status !== 201) throw new Error(`review failed: ${response.status} ${await response.text()}`);
}
