import { z } from 'zod';
import { check, type Actor, type PermissionCheck, type TaskAccessFacts, type TaskCapability } from '@shared/domain/permissions';
import { messages } from '@shared/messages';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authUsers, reviews, taskApplications, tasks, userRoles } from '../../db/schema';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { rolesOf } from '../profiles/profiles.repository';
import { hiddenFromActor } from './suspended-clients';
import { countApplications, hasApplication, hasClientReview, type TaskRow } from './tasks.repository';

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
    due_date: task.due_date,
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
  const read = await readTaskAccess(db, userId, taskId);
  if (!read) throw notFound(messages.tasks.notFound);
  const { task, actor, facts, clientSuspended } = read;
  if (!check(actor, 'view', facts, now).ok || hiddenFromActor(actor, task, clientSuspended)) throw notFound(messages.tasks.notFound);
  return { actor, task, facts };
}

/**
 * The task, the caller's roles, the roles matrix's facts and whether the task's client is suspended,
 * in ONE statement. Every task-scoped request (chat, apply, hire, evidence, the socket's topic
 * checks) starts here; as separate reads this was four to six statements in three round trips, and
 * the load test found the statements per request to be the server's main cost (docs/performance.md).
 * Each subquery is the same condition as its single-purpose reader (rolesOf, hasApplication,
 * countApplications, hasClientReview, and the suspended-client probe) over the same indexes.
 */
function taskAccessQuery(db: Db) {
  // drizzle writes a one-table query's columns unqualified ("id"), which inside a subquery would name
  // the subquery's own table: every column here is written with its table.
  const col = (table: string, column: string) => sql.raw(`"${table}"."${column}"`);
  const userId = sql.placeholder('userId');
  return db
    .select({
      task: tasks,
      isAdmin: sql<boolean>`exists (select 1 from ${userRoles} where ${col('user_roles', 'user_id')} = ${userId} and ${col('user_roles', 'role')} = 'admin')`,
      isExpert: sql<boolean>`exists (select 1 from ${userRoles} where ${col('user_roles', 'user_id')} = ${userId} and ${col('user_roles', 'role')} = 'expert')`,
      hasApplied: sql<boolean>`exists (select 1 from ${taskApplications} where ${col('task_applications', 'task_id')} = ${col('tasks', 'id')} and ${col('task_applications', 'expert_id')} = ${userId})`,
      applicationCount: sql<number>`(select count(*)::int from ${taskApplications} where ${col('task_applications', 'task_id')} = ${col('tasks', 'id')})`,
      hasReview: sql<boolean>`exists (select 1 from ${reviews} where ${col('reviews', 'task_id')} = ${col('tasks', 'id')} and ${col('reviews', 'reviewer_id')} = ${col('tasks', 'client_id')})`,
      clientSuspended: sql<boolean>`exists (select 1 from ${authUsers} where ${col('auth_users', 'id')} = ${col('tasks', 'client_id')} and ${col('auth_users', 'suspended_at')} is not null)`,
    })
    .from(tasks)
    .where(eq(tasks.id, sql.placeholder('taskId')))
    .prepare('task_access_read');
}

/**
 * The statement per database handle (or transaction), its SQL text built once: it is the most
 * frequent statement of the load test's mix (issue 55), and drizzle's building of its 40 columns and
 * six subqueries cost more than sending it. On PostgreSQL it is a named statement, planned once per
 * connection; on PGlite drizzle keeps only the text.
 */
const taskAccessStatements = new WeakMap<object, ReturnType<typeof taskAccessQuery>>();

async function readTaskAccess(db: Db, userId: string, taskId: string) {
  let statement = taskAccessStatements.get(db);
  if (!statement) taskAccessStatements.set(db, (statement = taskAccessQuery(db)));
  const [row] = await statement.execute({ userId, taskId });
  if (!row) return null;
  const actor: Actor = { userId, isAdmin: Boolean(row.isAdmin), isExpert: Boolean(row.isExpert) };
  const facts = factsOf(row.task, {
    // As accessFactsOf: only an expert's applications count as "applied".
    hasApplied: actor.isExpert && Boolean(row.hasApplied),
    applicationCount: Number(row.applicationCount),
    hasReview: Boolean(row.hasReview),
  });
  return { task: row.task, actor, facts, clientSuspended: Boolean(row.clientSuspended) };
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
