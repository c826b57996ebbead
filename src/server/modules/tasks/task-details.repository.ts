import { alias } from 'drizzle-orm/pg-core';
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { expertProfiles, profiles, reviews, taskApplications, tasks, transactions } from '../../db/schema';
import type { TaskRow } from './tasks.repository';

// The row types of the task's parts, as the task page reads them (the applications and reviews modules write them).
export type ApplicationRow = typeof taskApplications.$inferSelect;
export type ExpertProfileRow = typeof expertProfiles.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;

export interface TaskWithParties {
  task: TaskRow;
  client: ProfileRow;
  expert: ExpertProfileRow | null;
  expertProfile: ProfileRow | null;
}

const expertPerson = alias(profiles, 'expert_person');

/** The task with its client's profile and its expert (expert profile and person), by primary keys. */
export async function findTaskWithParties(db: Db, id: string): Promise<TaskWithParties | undefined> {
  const [row] = await db
    .select({ task: tasks, client: profiles, expert: expertProfiles, expertProfile: expertPerson })
    .from(tasks)
    .innerJoin(profiles, eq(profiles.id, tasks.client_id))
    .leftJoin(expertProfiles, eq(expertProfiles.id, tasks.expert_id))
    .leftJoin(expertPerson, eq(expertPerson.id, expertProfiles.profile_id))
    .where(eq(tasks.id, id));
  return row;
}

export interface ReviewWithReviewer {
  review: ReviewRow;
  reviewer: ProfileRow;
}

/** The task's reviews with their reviewers, newest first (the unique (task, reviewer) index). */
export async function listTaskReviews(db: Db, taskId: string): Promise<ReviewWithReviewer[]> {
  return db
    .select({ review: reviews, reviewer: profiles })
    .from(reviews)
    .innerJoin(profiles, eq(profiles.id, reviews.reviewer_id))
    .where(eq(reviews.task_id, taskId))
    .orderBy(desc(reviews.created_at));
}

/** The task's transactions, oldest first (transactions_task_idx). */
export async function listTaskTransactions(db: Db, taskId: string): Promise<TransactionRow[]> {
  return db
    .select()
    .from(transactions)
    .where(eq(transactions.task_id, taskId))
    .orderBy(asc(transactions.created_at));
}
