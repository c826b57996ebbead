import { sql } from 'drizzle-orm';
import { check, type Actor, type TaskAccessFacts } from '@shared/domain/permissions';
import { messages } from '@shared/messages';
import type { Topic } from '@shared/realtime';
import type { Db } from '../db/client';
import { definePreparedRead, jsonValueOf } from '../db/prepared';
import { profiles } from '../db/schema';
import { AppError } from '../lib/errors';
import type { ChangeEvent } from './change-bus';

export type TopicDecision = { ok: true } | { ok: false; message: string };

/** Who is on a socket, as the roles matrix sees them, plus what the `tasks` topic needs to filter. */
export interface SocketIdentity {
  userId: string;
  actor: Actor;
  /** Tasks this expert applied to: they stay visible after they stop being open. */
  appliedTaskIds: Set<string>;
}

interface RawIdentity {
  roles: string[];
  applied: string[];
}

/**
 * The roles (user_roles_user_role_unique) and, for an expert, the tasks applied to
 * (task_applications_expert_idx) as one jsonb value. Every role and application hangs off the
 * profile row, so a user without one has neither. "profiles"."id" is written out: drizzle drops the
 * table name in a one-table select, and a bare "id" would mean the subquery's own id column.
 */
const runIdentity = definePreparedRead<'userId', { data: RawIdentity | string }>('socket_identity_read', (db, name) =>
  db
    .select({
      data: sql<RawIdentity>`jsonb_build_object(
        'roles', coalesce((select jsonb_agg(r.role) from user_roles r where r.user_id = "profiles"."id"), '[]'::jsonb),
        'applied', coalesce((select jsonb_agg(a.task_id) from task_applications a where a.expert_id = "profiles"."id"
          and exists (select 1 from user_roles r where r.user_id = "profiles"."id" and r.role = 'expert')), '[]'::jsonb))`.as('data'),
    })
    .from(profiles)
    .where(sql`${profiles.id} = ${sql.placeholder('userId')}::uuid`)
    .prepare(name),
);

/** Who is on a socket, read in one statement when it connects (docs/decisions/0101). */
export async function loadIdentity(db: Db, userId: string): Promise<SocketIdentity> {
  const [row] = await runIdentity(db, { userId });
  const raw = row ? jsonValueOf(row.data) : { roles: [], applied: [] };
  const actor = { userId, isAdmin: raw.roles.includes('admin'), isExpert: raw.roles.includes('expert') };
  return { userId, actor, appliedTaskIds: new Set(raw.applied) };
}

/**
 * The REST read rules of each topic's resource: the task read (404 "Task not found" when the
 * caller may not see it) for a task and its applications, the roles matrix's view_chat for a
 * task's messages, and owner-or-admin for an expert's verification records. Lists filtered to the
 * caller (notifications, tasks, messages) are open to every signed-in user; events are filtered.
 */
/**
 * The task read rule, handed in by the composition root (the tasks module owns it): the caller's actor
 * and the task's facts, or an AppError (404) when the caller may not see the task.
 */
export type TaskReadRule = (db: Db, userId: string, taskId: string, now: Date) => Promise<{ actor: Actor; facts: TaskAccessFacts }>;

export async function authorizeTopic(
  db: Db,
  identity: SocketIdentity,
  topic: Topic,
  now: Date,
  readTask: TaskReadRule,
): Promise<TopicDecision> {
  switch (topic.kind) {
    case 'notifications':
    case 'tasks':
    case 'messages':
      return { ok: true };
    case 'expert_verification_records':
      return topic.id === identity.userId || identity.actor.isAdmin
        ? { ok: true }
        : { ok: false, message: messages.common.forbidden };
    case 'task':
    case 'task_applications':
    case 'task_messages': {
      try {
        const { actor, facts } = await readTask(db, identity.userId, topic.id, now);
        if (topic.kind !== 'task_messages') return { ok: true };
        const result = check(actor, 'view_chat', facts, now);
        return result.ok ? { ok: true } : { ok: false, message: result.message };
      } catch (error) {
        if (error instanceof AppError) return { ok: false, message: error.message };
        throw error;
      }
    }
  }
}

/** Whether an event belongs to a subscription's topic (before any re-check of access). */
export function topicMatches(topic: Topic, identity: SocketIdentity, event: ChangeEvent): boolean {
  const me = identity.userId;
  switch (topic.kind) {
    case 'notifications':
      return event.table === 'notifications' && event.user_id === me;
    case 'tasks':
      return event.table === 'tasks' && taskEventVisible(identity, event);
    case 'task':
      return event.table === 'tasks' && event.id === topic.id;
    case 'task_applications':
      return event.table === 'task_applications' && event.task_id === topic.id;
    case 'messages':
      return event.table === 'messages' && (event.sender_id === me || event.receiver_id === me);
    case 'task_messages':
      return event.table === 'messages' && event.task_id === topic.id;
    case 'expert_verification_records':
      return event.table === 'expert_verification_records' && event.expert_id === topic.id;
  }
}

/**
 * The task read rule applied to the event's own ids: admins see all; clients their own tasks;
 * experts open tasks, their assignments (and the one they just lost) and tasks they applied to.
 */
export function taskEventVisible(identity: SocketIdentity, event: ChangeEvent): boolean {
  const { actor, userId } = identity;
  if (actor.isAdmin) return true;
  if (event.client_id === userId || event.expert_id === userId || event.previous_expert_id === userId) return true;
  if (!actor.isExpert) return false;
  return event.status === 'open' || identity.appliedTaskIds.has(event.id);
}

/** Task-scoped subscriptions whose access can change with this event: they are checked again. */
export function accessMayChange(topic: Topic, event: ChangeEvent): boolean {
  if (topic.kind !== 'task' && topic.kind !== 'task_applications' && topic.kind !== 'task_messages') return false;
  if (event.table === 'tasks') return event.id === topic.id;
  if (event.table === 'task_applications') return event.task_id === topic.id;
  return false;
}
