import { dueEndOfDay } from '@shared/domain/time-zone';
import { timeZoneAt, zoneOfTask } from '../../lib/task-time-zone';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LatLng } from '@shared/domain/geo';
import { check } from '@shared/domain/permissions';
import { checkRemoteOnly } from '@shared/domain/remote-only';
import type { TaskStatus } from '@shared/domain/task-status';
import { messages } from '@shared/messages';
import type { TaskDto } from '@shared/schemas/task-api';
import type { CreateTaskInput, UpdateTaskInput } from '@shared/schemas/tasks.schemas';
import { tasks } from '../../db/schema';
import { badRequest, conflict } from '../../lib/errors';
import { assertWithinPriceLimits } from './price-limits';
import { assertDueDateWithinLimit } from './due-date-limit';
import type { TasksServiceDeps } from './tasks.deps';
import { enforce, loadVisibleTask } from './task-access';
import { toTaskDto } from './tasks.dto';
import { insertTask, updateTaskIf } from './tasks.repository';
import { insertTaskWithAlertJob } from '../task-alerts/task-alert-jobs';

/** Statuses in which an admin may still edit a task (the roles matrix: all but the closed ones). */
const ADMIN_EDITABLE: readonly TaskStatus[] = ['pending', 'open', 'assigned', 'in_progress', 'pending_approval'];

/** The content check: its first error is a 400, its warnings travel with the answer. */
function contentWarnings(input: { title: string; description: string }): string[] {
  const result = checkRemoteOnly(input);
  if (result.errors.length > 0) throw badRequest(result.errors[0], { description: result.errors[0] });
  return result.warnings;
}

/** A task's creation, the check of its place and its edits (its details: modules/task-details). */
export function createTasksService(deps: TasksServiceDeps) {
  const { db, clock, proximity } = deps;

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
