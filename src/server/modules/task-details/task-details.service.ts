import { budgetFigureCents } from '@shared/domain/money';
import { capabilitiesOf, check } from '@shared/domain/permissions';
import { messages } from '@shared/messages';
import type { TaskDetailsDto } from '@shared/schemas/task-api';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { hiddenFromActor } from '../tasks/suspended-clients';
import { assertTaskId, factsOf } from '../tasks/task-access';
import type { TaskReviewReads } from '../tasks/tasks.deps';
import { readTaskDetails } from './task-details-read';
import { detailsJson, detailsObject, type TaskDetailsView } from './task-details-view';

/**
 * What the task's details need from the modules above them, handed in by whoever makes the service
 * (app.ts, the page documents, the webhook objects): the reviews' reads and the rounds of changes
 * asked (evidence).
 */
export interface TaskDetailsHooks {
  reviews: TaskReviewReads;
  /** The rounds of changes asked so far (evidence): the capability list offers no third round. */
  changeRoundsOf(db: Db, taskId: string): Promise<number>;
}

/**
 * GET /tasks/:id: the task with its client, expert, applications, reviews, transactions and the
 * caller's capabilities. The read is one cached statement (task-details-read.ts); what the caller
 * may see of it is chosen here, per request.
 */
export function createTaskDetailsService(deps: { db: Db; clock: Clock } & TaskDetailsHooks) {
  const { db, clock, reviews } = deps;

  /** What this caller may see of the task (404 when nothing): the read is shared, the choice is made here. */
  async function detailsView(userId: string, taskId: string): Promise<TaskDetailsView> {
    const now = clock.now();
    assertTaskId(taskId);
    // One statement: the task, its parties, lists and the caller's roles (task-details-read.ts).
    const read = await readTaskDetails(db, taskId, userId);
    if (!read) throw notFound(messages.tasks.notFound);
    const { task, applications, reviews: allReviews } = read;
    const actor = { userId, ...read.roles };
    // The applications and reviews answer the roles matrix's questions too: no extra queries.
    const facts = factsOf(task, {
      hasApplied: applications.some((a) => a.application.expert_id === actor.userId),
      applicationCount: applications.length,
      hasReview: allReviews.some((r) => r.review.reviewer_id === task.client_id),
    });
    // The client's suspension came with the read: no probe of its own (suspended-clients.ts).
    if (!check(actor, 'view', facts, now).ok || hiddenFromActor(actor, task, read.client_suspended)) throw notFound(messages.tasks.notFound);
    let reviewIndexes = check(actor, 'view_review', facts, now).ok ? allReviews.map((_, index) => index) : [];
    // Double-blind: the expert sees the client's review once both reviewed or the window closed.
    if (reviewIndexes.length > 0 && !actor.isAdmin && task.expert_id === actor.userId && (await reviews.clientReviewHiddenFromExpert(db, task, now)))
      reviewIndexes = [];
    // A review still hidden by the double-blind rule shows to its writer only; one an admin hid, to admins only.
    if (!actor.isAdmin)
      reviewIndexes = reviewIndexes.filter((index) => {
        const { review } = allReviews[index];
        return (
          !review.removed_at &&
          (review.reviewer_id === actor.userId || !review.hidden_until || new Date(review.hidden_until).getTime() <= now.getTime())
        );
      });
    const seesAllApplications = actor.isAdmin || task.client_id === actor.userId;
    // Experts judge the client by their revealed reviews (issue 23); the client's own page leaves it out.
    const seesClientRating = actor.isAdmin || (actor.isExpert && task.client_id !== actor.userId);
    return {
      read,
      applicationIndexes: seesAllApplications
        ? undefined
        : applications.flatMap((a, index) => (a.application.expert_id === actor.userId ? [index] : [])),
      reviewIndexes,
      seesTransactions: actor.isAdmin || task.client_id === actor.userId || task.expert_id === actor.userId,
      clientRating: seesClientRating ? await reviews.clientRatingOf(db, task.client_id, now) : null,
      budgetFigure: budgetFigureCents({ budget: task.budget, expert_id: task.expert_id, applications: applications.map((a) => a.application) }),
      // Only a delivery under review can be sent back: no count read for any other status.
      capabilities: capabilitiesOf(
        actor,
        task.status === 'pending_approval' && task.client_id === actor.userId
          ? { ...facts, changeRounds: await deps.changeRoundsOf(db, task.id) }
          : facts,
        now,
      ),
    };
  }


  return {
    /** The answer as an object (the task's page document, webhook payloads). */
    async details(userId: string, taskId: string): Promise<TaskDetailsDto> {
      return detailsObject(await detailsView(userId, taskId));
    },

    /** The same answer as JSON text, joined from the read's pieces serialised once (task-details-view.ts). */
    async detailsJson(userId: string, taskId: string): Promise<string> {
      return detailsJson(await detailsView(userId, taskId));
    },
  };
}

export type TaskDetailsService = ReturnType<typeof createTaskDetailsService>;
