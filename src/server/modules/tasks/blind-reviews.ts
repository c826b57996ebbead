import { eq } from 'drizzle-orm';
import { reviewsRevealed } from '@shared/domain/two-way-reviews';
import type { Db } from '../../db/client';
import { clientReviews } from '../../db/schema';
import type { TaskRow } from './tasks.repository';

/**
 * Double-blind reviews (issue 23, docs/decisions/0183): the assigned expert sees the client's review on
 * the task page only once they have reviewed the client too, or the 14-day window has closed.
 */
export async function clientReviewHiddenFromExpert(db: Db, task: TaskRow, now: Date): Promise<boolean> {
  const [own] = await db.select({ id: clientReviews.id }).from(clientReviews).where(eq(clientReviews.task_id, task.id));
  const completedAt = task.completed_at ?? task.updated_at;
  return !reviewsRevealed({ clientReviewed: true, expertReviewed: Boolean(own), completedAt, now });
}
