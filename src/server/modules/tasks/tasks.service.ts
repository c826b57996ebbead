import { dueEndOfDay } from '@shared/domain/time-zone';
import { timeZoneAt, zoneOfTask } from '../../lib/task-time-zone';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LatLng } from '@shared/domain/geo';
import { budgetFigureCents } from '@shared/domain/money';
import { capabilitiesOf, check } from '@shared/domain/permissions';
import { checkRemoteOnly } from '@shared/domain/remote-only';
import type { TaskStatus } from '@shared/domain/task-status';
import { messages } from '@shared/messages';
import type { TaskDetailsDto, TaskDto } from '@shared/schemas/task-api';
import type { CreateTaskInput, UpdateTaskInput } from '@shared/schemas/tasks.schemas';
import { tasks } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { assertWithinPriceLimits } from './price-limits';
import { assertDueDateWithinLimit } from './due-date-limit';
import type { TaskHooks, TasksServiceDeps } from './tasks.deps';
import { assertTaskId, enforce, factsOf, loadVisibleTask } from './task-access';
import { readTaskDetails } from './task-details-read';
import { detailsJson, detailsObject, type TaskDetailsView } from './task-details-view';
import { toTaskDto } from './tasks.dto';
import { insertTask, updateTaskIf } from './tasks.repository';
import { hiddenFromActor } from './suspended-clients';
import { insertTaskWithAlertJob } from '../task-alerts/task-alert-jobs';

/** Statuses in which an admin may still edit a task (the roles matrix: all but the closed ones). */
const ADMIN_EDITABLE: readonly TaskStatus[] = ['pending', 'open', 'assigned', 'in_progress', 'pending_approval'];

/** The content check: its first error is a 400, its warnings travel with the answer. */
function contentWarnings(input: { title: string; description: string }): string[] {
  const result = checkRemoteOnly(input);
  if (result.errors.length > 0) throw badRequest(result.errors[0], { description: result.errors[0] });
  return result.warnings;
}

/** `reviews`: what the task's reads show of its reviews, from the reviews module (tasks.deps.ts). */
export function createTasksService(deps: TasksServiceDeps & Pick<TaskHooks, 'reviews' | 'changeRoundsOf'>) {
  const { db, clock, proximity, reviews } = deps;

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
    /** POST /tasks/check-location: the proximity check alone, before the form is submitted. */
    async checkLocation(origin: LatLng): Promise<{ ok: true }> {
      await proximity.assertServed(origin);
      return { ok: true };
    },

    /** Content check, price limits, proximity; then the task is published as open. */
    async create(userId: string, input: CreateTaskInput): Promise<{ task: TaskDto; warnings: string[]; message: string }> {
      const warnings = contentWarnings(input);
      assertDueDateWithinLimit(input.due_date, clock.now());
      await assertWithinPriceLimits(db, input.budget, 'budget');
      await proximity.assertServed({ latitude: input.latitude, longitude: input.longitude });
      const now = clock.now();
      // Issue 49: the task's own zone, and its due date as the end of that day there (decision 0420).
      const timeZone = timeZoneAt(input.latitude, input.longitude);
      const values = {
        ...input,
        time_zone: timeZone,
        due_date: input.due_date ? dueEndOfDay(input.due_date, timeZone) : input.due_date,
        checklist: input.checklist && input.checklist.length > 0 ? input.checklist : null,
        client_id: userId,
        status: 'open' as const,
        payment_status: 'unpaid' as const,
        published_at: now,
        created_at: now,
        updated_at: now,
      };
      // The task and its alert fan-out job are written by one statement; the fan-out itself runs later
      // (task-alerts module).
      const row =
        deps.taskAlerts === false
          ? await insertTask(db, values)
          : await insertTaskWithAlertJob(db, { ...values, id: randomUUID() }, now);
      return { task: toTaskDto(row), warnings, message: messages.tasks.created };
    },

    /** Only the owning client while the task is open (admins: until it is closed). */
    async update(
      userId: string,
      taskId: string,
      input: UpdateTaskInput,
    ): Promise<{ task: TaskDto; warnings: string[]; message: string }> {
      const now = clock.now();
      const { actor, task, facts } = await loadVisibleTask(db, userId, taskId, now);
      enforce(check(actor, 'edit', facts, now));
      assertDueDateWithinLimit(input.due_date, now);
      // The hired rate is what the payment hold covers: the budget only changes before hiring.
      if (input.budget !== undefined && input.budget !== task.budget && task.status !== 'open') {
        throw conflict(messages.tasks.notEditable);
      }
      let warnings: string[] = [];
      if (input.title !== undefined || input.description !== undefined) {
        warnings = contentWarnings({
          title: input.title ?? task.title,
          description: input.description ?? task.description,
        });
      }
      if (input.budget !== undefined) await assertWithinPriceLimits(db, input.budget, 'budget');
      const moved =
        input.latitude !== undefined &&
        input.longitude !== undefined &&
        (input.latitude !== task.latitude || input.longitude !== task.longitude);
      if (moved) await proximity.assertServed({ latitude: input.latitude!, longitude: input.longitude! });

      const isOwner = task.client_id === actor.userId;
      const updated = await updateTaskIf(
        db,
        {
          id: task.id,
          from: isOwner ? ['open'] : ADMIN_EDITABLE,
          extra: isOwner ? eq(tasks.client_id, actor.userId) : undefined,
        },
        { ...input, ...zoneFieldsOf(task, input), updated_at: now },
      );
      if (!updated) throw conflict(messages.tasks.notEditable);
      return { task: toTaskDto(updated), warnings, message: messages.tasks.updated };
    },

    /** GET /tasks/:id with its client, expert, applications, reviews, transactions and the caller's capabilities. */
    async details(userId: string, taskId: string): Promise<TaskDetailsDto> {
      return detailsObject(await detailsView(userId, taskId));
    },

    /** The same answer as JSON text, joined from the read's pieces serialised once (task-details-view.ts). */
    async detailsJson(userId: string, taskId: string): Promise<string> {
      return detailsJson(await detailsView(userId, taskId));
    },
  };
}

export type TasksService = ReturnType<typeof createTasksService>;

/** Issue 49: a move looks the zone up again; a due date becomes the end of its day in the task's zone. */
function zoneFieldsOf(
  task: { time_zone: string | null; latitude: number; longitude: number },
  input: { latitude?: number; longitude?: number; due_date?: Date },
): { time_zone?: string; due_date?: Date } {
  const zone =
    input.latitude !== undefined && input.longitude !== undefined ? timeZoneAt(input.latitude, input.longitude) : zoneOfTask(task);
  return { time_zone: zone, ...(input.due_date ? { due_date: dueEndOfDay(input.due_date, zone) } : {}) };
}
