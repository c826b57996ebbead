import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { definePreparedRead, jsonValueOf, withDates } from '../../db/prepared';
import { createReadCache } from '../../db/read-cache';
import type { ReadSet } from '../../db/write-epoch';
import { tasks } from '../../db/schema';
import type { ApplicationRow, ExpertProfileRow, ProfileRow, ReviewRow, TransactionRow } from '../tasks/task-details.repository';
import type { TaskRow } from '../tasks/tasks.repository';
import type { ApplicationDto, PersonDto, ReviewDto, TaskDto, TaskExpertDto, TransactionDto } from '@shared/schemas/task-api';
import { toApplicationDto, toPersonDto, toReviewDto, toTaskDto, toTaskExpertDto, toTransactionDto } from '../tasks/tasks.dto';

/** Only the columns the task-details answer uses (tasks.dto.ts); storage keys are counted, not sent. */
const TASK_COLUMNS = [
  'id', 'title', 'description', 'requirements', 'category', 'urgency', 'budget', 'due_date', 'location',
  'latitude', 'longitude', 'time_zone', 'checklist', 'status', 'payment_status', 'client_id', 'expert_id', 'stripe_payment_intent_id',
  'authorization_hold_expires_at', 'client_capture_authorized_at', 'completion_notes', 'evidence_files',
  'submitted_at', 'started_at', 'assigned_at', 'published_at', 'completed_at', 'cancelled_at', 'created_at',
  'updated_at',
] as const;
const PERSON_COLUMNS = ['id', 'first_name', 'last_name', 'avatar_url', 'created_at'] as const;
const EXPERT_COLUMNS = [
  'id', 'bio', 'expertise', 'location', 'avg_rating', 'avg_response_time_mins', 'success_rate',
  'verification_status', 'stripe_onboarding_completed', 'stripe_account_status', 'community_trusted_at',
  'background_verified_at', 'created_at',
] as const;
const APPLICATION_COLUMNS = ['id', 'task_id', 'expert_id', 'status', 'proposed_rate', 'notes', 'created_at'] as const;
const REVIEW_COLUMNS = ['id', 'task_id', 'reviewee_id', 'reviewer_id', 'rating', 'comment', 'created_at', 'hidden_until', 'removed_at'] as const;
const TRANSACTION_COLUMNS = ['id', 'task_id', 'amount', 'platform_fee', 'platform_fee_percent', 'status', 'created_at'] as const;
const TASK_DATES = [
  'due_date', 'authorization_hold_expires_at', 'client_capture_authorized_at', 'submitted_at', 'started_at',
  'assigned_at', 'published_at', 'completed_at', 'cancelled_at', 'created_at', 'updated_at',
] as const;

/** jsonb_build_object('col', alias.col, ...) for a fixed list of column names (never user input). */
function jsonOf(alias: string, columns: readonly string[]): string {
  return `jsonb_build_object(${columns.map((c) => `'${c}', ${alias}."${c}"`).join(', ')})`;
}

/**
 * The whole task-details read as one statement: the task, its client, its expert, the applications
 * with their experts, the reviews with their reviewers, the transactions and the caller's roles, as
 * one jsonb value. Correlated subqueries use the indexes each list read used before
 * (task_applications_task_idx, reviews (task, reviewer), transactions_task_idx, user_roles unique),
 * and whether the client is suspended (auth_users_suspended_idx), which hides an open task from
 * experts (suspended-clients.ts). A suspension ends the client's sessions, whose trigger tells every
 * instance that auth_users may have changed, so a cached read never outlives it.
 */
const DETAILS_SQL: SQL = sql.raw(`jsonb_build_object(
  'task', ${jsonOf('"tasks"', TASK_COLUMNS)},
  'client', (select ${jsonOf('c', PERSON_COLUMNS)} from profiles c where c.id = "tasks".client_id),
  'client_tasks_posted', (select count(*) from tasks ct where ct.client_id = "tasks".client_id),
  'expert', (select jsonb_build_object('expert', ${jsonOf('e', EXPERT_COLUMNS)}, 'person', ${jsonOf('ep', PERSON_COLUMNS)})
             from expert_profiles e join profiles ep on ep.id = e.profile_id where e.id = "tasks".expert_id),
  'applications', coalesce((
    select jsonb_agg(jsonb_build_object('application', ${jsonOf('a', APPLICATION_COLUMNS)},
             'expert', ${jsonOf('e', EXPERT_COLUMNS)}, 'profile', ${jsonOf('p', PERSON_COLUMNS)}) order by a.created_at, a.id)
    from task_applications a join expert_profiles e on e.id = a.expert_id join profiles p on p.id = e.profile_id
    where a.task_id = "tasks".id), '[]'::jsonb),
  'reviews', coalesce((
    select jsonb_agg(jsonb_build_object('review', ${jsonOf('r', REVIEW_COLUMNS)}, 'reviewer', ${jsonOf('p', PERSON_COLUMNS)})
             order by r.created_at desc)
    from reviews r join profiles p on p.id = r.reviewer_id where r.task_id = "tasks".id), '[]'::jsonb),
  'transactions', coalesce((
    select jsonb_agg(${jsonOf('tr', TRANSACTION_COLUMNS)} order by tr.created_at)
    from transactions tr where tr.task_id = "tasks".id), '[]'::jsonb),
  'client_suspended', exists (select 1 from auth_users su where su.id = "tasks".client_id and su.suspended_at is not null),
  'roles', coalesce((select jsonb_agg(ur.role) from user_roles ur where ur.user_id = `);

export interface TaskDetailsRead {
  task: TaskRow;
  client: ProfileRow;
  /** How many tasks the client has posted (tasks_client_created_idx), for the card the assigned expert sees. */
  client_tasks_posted: number;
  expert: { expert: ExpertProfileRow; person: ProfileRow } | null;
  applications: Array<{ application: ApplicationRow; expert: ExpertProfileRow; profile: ProfileRow }>;
  reviews: Array<{ review: ReviewRow; reviewer: ProfileRow }>;
  transactions: TransactionRow[];
  /** The client is suspended (issue 22): their open task is hidden from everyone but them and admins. */
  client_suspended: boolean;
  roles: { isAdmin: boolean; isExpert: boolean };
  /**
   * The answer's pieces, mapped once when the read is made and kept with it in the cache: the
   * mapping (mostly dates parsed and printed again) cost more than the rest of a cached answer.
   * Same order as the lists above; what a caller may see is still chosen per request.
   */
  dto: {
    task: TaskDto;
    client: PersonDto;
    expert: TaskExpertDto | null;
    applications: ApplicationDto[];
    reviews: ReviewDto[];
    transactions: TransactionDto[];
  };
}

interface RawDetails extends Omit<TaskDetailsRead, 'roles' | 'dto'> {
  roles: string[];
}

/** PGlite: a SQL-level PREPARE too, since planning this statement costs ten times its execution. */
const runDetails = definePreparedRead<'taskId' | 'userId', { data: RawDetails | string }>('task_details_read', (db, name) =>
  db
    .select({
      data: sql<RawDetails>`${DETAILS_SQL}${sql.placeholder('userId')}::uuid), '[]'::jsonb))`.as('data'),
    })
    .from(tasks)
    .where(sql`${tasks.id} = ${sql.placeholder('taskId')}::uuid`)
    .prepare(name),
);

/**
 * The task-details read in one round trip. The rows come back with only the columns listed above,
 * typed as the table rows the DTO mappers take (which accept ISO strings for dates); the task's
 * dates become Date objects for the roles matrix.
 */
export function readTaskDetails(db: Db, taskId: string, userId: string): Promise<TaskDetailsRead | undefined> {
  return detailsCache.read(db, `${taskId}:${userId}`, () => readTaskDetailsNow(db, taskId, userId), readSetOfDetails(taskId));
}

/**
 * The tables DETAILS_SQL reads. A write to one of them through this process, or another instance's
 * NOTIFY naming one, ends every details read; auth_users is also moved by another instance's
 * deletion of sessions (a suspension there: write-epoch's HEARD_IMPLIES).
 */
export const TASK_DETAILS_TABLES = [
  'tasks', 'profiles', 'expert_profiles', 'task_applications', 'reviews', 'transactions', 'auth_users', 'user_roles',
] as const;

/**
 * What one task's details depend on: the tables, and the row keys other instances announce for that
 * task (an update of the task, a change to its applications: change-bus.ts' readCacheUnitOf), so a
 * change to another task made elsewhere leaves this one's read alone.
 */
export function readSetOfDetails(taskId: string): ReadSet {
  return { tables: TASK_DETAILS_TABLES, keys: [`tasks:${taskId}`, `task_applications:${taskId}`] };
}

/**
 * How long a task-details read may be reused at most. A write through this process to a table it
 * reads, and a change another instance announces to its task or to such a table, end it at once
 * (docs/decisions/0107 and its addendum); the TTL is a backstop.
 */
export const TASK_DETAILS_CACHE_TTL_MS = 5_000;
/** Task and caller pairs kept at most (a read is a few kilobytes). */
export const TASK_DETAILS_CACHE_MAX_ENTRIES = 5_000;
const detailsCache = createReadCache({ maxEntries: TASK_DETAILS_CACHE_MAX_ENTRIES, ttlMs: TASK_DETAILS_CACHE_TTL_MS });

async function readTaskDetailsNow(db: Db, taskId: string, userId: string): Promise<TaskDetailsRead | undefined> {
  const [row] = await runDetails(db, { taskId, userId });
  if (!row) return undefined;
  const raw = jsonValueOf(row.data);
  withDates(raw.task, TASK_DATES);
  return {
    ...raw,
    roles: { isAdmin: raw.roles.includes('admin'), isExpert: raw.roles.includes('expert') },
    dto: {
      task: toTaskDto(raw.task),
      client: toPersonDto(raw.client),
      expert: raw.expert ? toTaskExpertDto(raw.expert.expert, raw.expert.person) : null,
      applications: raw.applications.map((a) => toApplicationDto(a.application, a.expert, a.profile)),
      reviews: raw.reviews.map((r) => toReviewDto(r.review, r.reviewer, raw.task.title)),
      transactions: raw.transactions.map(toTransactionDto),
    },
  };
}
