import { z } from 'zod';
import { check, type Actor, type PermissionCheck, type TaskAccessFacts, type TaskCapability } from '@shared/domain/permissions';
import { messages } from '@shared/messages';
import type { Db } from '../../db/client';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { rolesOf } from '../profiles/profiles.repository';
import { hiddenBySuspension } from './suspended-clients';
import { countApplications, findTask, hasApplication, hasClientReview, type TaskRow } from './tasks.repository';

const uuid = z.uuid();

/** A task id that is not a UUID names no task: 404, like any other unknown id. */
export function assertTaskId(taskId: string): void {
  if (!uuid.safeParse(taskId).success) throw notFound(messages.tasks.notFound);
}

/** The caller as the roles matrix sees them (user_roles: admin, expert; none: client). */
export async function loadActor(db: Db, userId: string): Promise<Actor> {
  const roles = await rolesOf(db, userId);
  return { userId, ...roles };
}

/** The roles matrix's facts from what is already known about the task and the caller. */
export function factsOf(
  task: TaskRow,
  known: { hasApplied: boolean; applicationCount: number; hasReview: boolean },
): TaskAccessFacts {
  return {
    status: task.status,
    payment_status: task.payment_status,
    client_id: task.client_id,
    expert_id: task.expert_id,
    authorization_hold_expires_at: task.authorization_hold_expires_at,
    ...known,
  };
}

/** What the roles matrix needs to know about the task and the caller, read from the database. */
export async function accessFactsOf(db: Db, actor: Actor, task: TaskRow): Promise<TaskAccessFacts> {
  const [hasApplied, applicationCount, hasReview] = await Promise.all([
    actor.isExpert ? hasApplication(db, task.id, actor.userId) : Promise.resolve(false),
    countApplications(db, task.id),
    hasClientReview(db, task.id, task.client_id),
  ]);
  return factsOf(task, { hasApplied, applicationCount, hasReview });
}

/** The roles matrix's refusal as an HTTP error: 403 for the wrong person, 409 for the wrong state. */
export function refusalError(result: Exclude<PermissionCheck, { ok: true }>): AppError {
  return result.reason === 'forbidden' ? forbidden(result.message) : conflict(result.message);
}

export function enforce(result: PermissionCheck): void {
  if (!result.ok) throw refusalError(result);
}

export interface TaskAccess {
  actor: Actor;
  task: TaskRow;
  facts: TaskAccessFacts;
}

/**
 * The task as the caller may see it: 404 "Task not found" when it does not exist or the caller may
 * not see it (clients see their own tasks; experts open ones, those assigned to them and those they
 * applied to; admins all), so a task's existence is never revealed to whoever may not see it.
 */
export async function loadVisibleTask(db: Db, userId: string, taskId: string, now: Date): Promise<TaskAccess> {
  assertTaskId(taskId);
  const [actor, task] = await Promise.all([loadActor(db, userId), findTask(db, taskId)]);
  if (!task) throw notFound(messages.tasks.notFound);
  const facts = await accessFactsOf(db, actor, task);
  if (!check(actor, 'view', facts, now).ok || (await hiddenBySuspension(db, actor, task))) throw notFound(messages.tasks.notFound);
  return { actor, task, facts };
}

/** loadVisibleTask, then the roles matrix for one capability (403 or 409 with the spec's text). */
export async function loadTaskFor(
  db: Db,
  userId: string,
  taskId: string,
  capability: TaskCapability,
  now: Date,
): Promise<TaskAccess> {
  const access = await loadVisibleTask(db, userId, taskId, now);
  enforce(check(access.actor, capability, access.facts, now));
  return access;
}
