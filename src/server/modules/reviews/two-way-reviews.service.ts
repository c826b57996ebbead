import { messages } from '@shared/messages';
import { isReviewWindowOpen, reviewsRevealed, reviewWindowEndsAt } from '@shared/domain/two-way-reviews';
import type { CreateReviewRequest } from '@shared/schemas/reviews.schemas';
import type { ClientCardDto, ReviewReportRequest, TwoWayReviewDto, TwoWayReviewsDto } from '@shared/schemas/discovery.schemas';
import type { ReviewReportDto } from '@shared/schemas/directory.schemas';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { ReviewHooks } from './review-hooks';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { insertNotifications } from '../notifications/notifications.repository';
import { rolesOf } from '../profiles/profiles.repository';
import { blindNotice, lockTaskForReview, revealClientReviewOfTask, revealedNotice, reviewWindowStart } from './blind-reviews';
import { assertTaskId } from '../tasks/task-access';
import { findTask, type TaskRow } from '../tasks/tasks.repository';
import {
  clientCard,
  insertClientReviewOnce,
  insertReviewReportOnce,
  listReviewReports,
  reviewsOfTask,
  revieweeOf,
} from './two-way-reviews.repository';

const discoveryText = messages.discovery;
const REVIEWABLE = new Set(['verified', 'completed']);

const toDto = (row: { id: string; rating: number; comment: string; created_at: Date }): TwoWayReviewDto => ({
  id: row.id,
  rating: row.rating,
  comment: row.comment,
  created_at: row.created_at.toISOString(),
});

/** When the window started: verification (completed_at); a completed task without it counts from its last change. */
const finishedAt = (task: TaskRow) => (REVIEWABLE.has(task.status) ? reviewWindowStart(task) : null);

/** Two-way, double-blind reviews (issue 23, docs/decisions/0183). */
export function createTwoWayReviewsService(db: Db, clock: Clock, hooks: ReviewHooks) {
  async function taskOf(taskId: string): Promise<TaskRow> {
    assertTaskId(taskId);
    const task = await findTask(db, taskId);
    if (!task) throw notFound(messages.tasks.notFound);
    return task;
  }

  return {
    /** The assigned expert reviews the client, once, inside the window. */
    async reviewClient(userId: string, taskId: string, input: CreateReviewRequest) {
      const now = clock.now();
      const task = await taskOf(taskId);
      if (task.client_id === userId) throw forbidden(discoveryText.clientReviewOnlyExpert);
      if (task.expert_id !== userId) {
        if ((await rolesOf(db, userId)).isAdmin) throw forbidden(discoveryText.clientReviewOnlyExpert);
        throw notFound(messages.tasks.notFound);
      }
      const finished = finishedAt(task);
      if (!finished || !isReviewWindowOpen(finished, now)) throw conflict(discoveryText.clientReviewNotReviewable);
      const row = await db.transaction(async (tx) => {
        await lockTaskForReview(tx, task.id);
        const inserted = await insertClientReviewOnce(tx, {
          taskId: task.id,
          expertId: userId,
          clientId: task.client_id,
          rating: input.rating,
          comment: input.comment,
          now,
        });
        if (!inserted) return undefined;
        // The client's hidden review is revealed now: the expert's average moves and review_received
        // (with its rating) goes to the expert in this transaction (decision 0260).
        const revealedNow = await revealClientReviewOfTask(tx, task, now, hooks);
        const { clientReview } = await reviewsOfTask(tx, task.id, task.client_id);
        await insertNotifications(
          tx,
          clientReview
            ? [revealedNotice(task.client_id, task), ...(revealedNow ? [] : [revealedNotice(userId, task)])]
            : [blindNotice(task.client_id, task)],
        );
        return inserted;
      });
      if (!row) throw conflict(discoveryText.clientReviewAlready);
      return { review: toDto(row), message: discoveryText.clientReviewSubmitted };
    },

    /** Both reviews of the task as the caller may see them: own always, the other's once revealed. */
    async status(userId: string, taskId: string): Promise<TwoWayReviewsDto> {
      const now = clock.now();
      const task = await taskOf(taskId);
      const isClient = task.client_id === userId;
      const isExpert = task.expert_id !== null && task.expert_id === userId;
      const isAdmin = !isClient && !isExpert && (await rolesOf(db, userId)).isAdmin;
      if (!isClient && !isExpert && !isAdmin) throw notFound(messages.tasks.notFound);
      const finished = finishedAt(task);
      const { clientReview, expertReview } = await reviewsOfTask(db, task.id, task.client_id);
      const revealed =
        finished !== null &&
        reviewsRevealed({ clientReviewed: Boolean(clientReview), expertReviewed: Boolean(expertReview), completedAt: finished, now });
      const side = (row: Parameters<typeof toDto>[0] | undefined, mine: boolean) =>
        !row ? null : mine || revealed || isAdmin ? toDto(row) : ('hidden' as const);
      const open = finished !== null && isReviewWindowOpen(finished, now);
      return {
        window_ends_at: finished ? reviewWindowEndsAt(finished).toISOString() : null,
        window_open: open,
        revealed,
        client_review: side(clientReview, isClient),
        expert_review: side(expertReview, isExpert),
        can_review_client: isExpert && open && !expertReview,
      };
    },

    /** What experts (and admins, and the client themself) see of a client. */
    async clientCard(userId: string, clientId: string): Promise<ClientCardDto> {
      if (userId !== clientId) {
        const roles = await rolesOf(db, userId);
        if (!roles.isExpert && !roles.isAdmin) throw forbidden(messages.common.forbidden);
      }
      const row = await clientCard(db, clientId, clock.now());
      if (!row || row.is_expert) throw notFound(discoveryText.clientNotFound);
      return {
        id: row.id,
        first_name: row.first_name,
        last_name: row.last_name,
        avatar_url: row.avatar_url,
        member_since: new Date(row.created_at).toISOString(),
        tasks_posted: Number(row.tasks_posted),
        avg_rating: row.avg_rating === null ? null : Number(row.avg_rating),
        review_count: Number(row.review_count),
      };
    },

    /** The person a review is about reports it to the admins, once. */
    async report(userId: string, reviewId: string, input: ReviewReportRequest) {
      const reviewee = await revieweeOf(db, input.kind, reviewId);
      if (!reviewee || reviewee !== userId) throw notFound(discoveryText.reviewNotFound);
      const inserted = await insertReviewReportOnce(db, { reviewId, kind: input.kind, reporterId: userId, reason: input.reason, now: clock.now() });
      if (!inserted) throw conflict(discoveryText.reviewAlreadyReported);
      return { message: discoveryText.reviewReported };
    },

    async reports(): Promise<{ reports: ReviewReportDto[] }> {
      const rows = await listReviewReports(db, 100);
      return { reports: rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() })) };
    },
  };
}
