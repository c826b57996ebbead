import { desc, sql, type SQL } from 'drizzle-orm';
import type { BoundingBox } from '@shared/domain/geo';
import type { ApplicationStatus } from '@shared/domain/enums';
import type { Db } from '../../db/client';
import { tasks } from '../../db/schema';
import {
  applicationCount,
  countOpenTasks,
  normalize,
  openTasksInBoxQuery,
  clientNotSuspended,
  type PageWindow,
  type TaskPage,
} from './task-lists.repository';

/** Who is asking, read in the same statement as the page: the roles and the expert's own coordinates. */
export interface AvailableActor {
  isAdmin: boolean;
  isExpert: boolean;
  /** The expert profile's coordinates, only for a user with the expert role (the list's default centre). */
  centre: { latitude: number; longitude: number } | null;
}

/** The roles (user_roles_user_role_unique) and coordinates (primary key) as a one-row derived table. */
const actorOf = (userId: string): SQL => sql`(
  select exists (select 1 from user_roles r where r.user_id = ${userId} and r.role = 'admin') as is_admin,
         exists (select 1 from user_roles r where r.user_id = ${userId} and r.role = 'expert') as is_expert,
         (select e.latitude from expert_profiles e where e.id = ${userId}) as centre_latitude,
         (select e.longitude from expert_profiles e where e.id = ${userId}) as centre_longitude
) as actor`;

/** The page of open-task ids (and their total) when there is no box: newest first (tasks_status_created_idx). */
function openTasksWithoutCentreQuery(userId: string, window: PageWindow): SQL {
  // The expert's own coordinates would make a box: then this page is empty (a one-time filter, no
  // scan) and the caller reads the box instead.
  return sql`
    select ${tasks.id} as id, (count(*) over ())::int as total from ${tasks}
    where ${tasks.status} = 'open' and ${clientNotSuspended} and not exists (
      select 1 from expert_profiles e
      where e.id = ${userId} and e.latitude is not null and e.longitude is not null
        and exists (select 1 from user_roles r where r.user_id = ${userId} and r.role = 'expert'))
    order by ${tasks.created_at} desc, ${tasks.id} desc
    limit ${window.limit} offset ${window.offset}`;
}

/**
 * The caller's roles and default centre together with a page of open tasks, in one statement: the
 * actor row LEFT JOINs the page of ids (so an empty page still brings the actor), then the task rows.
 * `box` null reads every open task, unless the expert has coordinates (then `rows` is empty and the
 * caller reads the box around `actor.centre`). The page is read whatever the roles; the caller
 * refuses a user who may not see it.
 */
export async function listOpenTasksAs(
  db: Db,
  userId: string,
  box: BoundingBox | null,
  window: PageWindow,
): Promise<{ actor: AvailableActor; page: TaskPage }> {
  const ids = box ? openTasksInBoxQuery(box, window) : openTasksWithoutCentreQuery(userId, window);
  const rows = await db
    .select({
      is_admin: sql<boolean>`actor.is_admin`,
      is_expert: sql<boolean>`actor.is_expert`,
      centre_latitude: sql<number | null>`actor.centre_latitude`,
      centre_longitude: sql<number | null>`actor.centre_longitude`,
      task: tasks,
      application_count: applicationCount,
      // An expert's own application (the same as listOpenTasks with expertId = the expert).
      my_application_status: sql<ApplicationStatus | null>`(select a.status from task_applications a
        where a.task_id = "tasks"."id" and a.expert_id = ${userId} and actor.is_expert)`,
      total: sql<number | null>`page.total`,
    })
    .from(actorOf(userId))
    .leftJoin(sql`(${ids}) as page`, sql`true`)
    .leftJoin(tasks, sql`${tasks.id} = page.id`)
    .orderBy(desc(tasks.created_at), desc(tasks.id));
  const [first] = rows;
  const isExpert = Boolean(first.is_expert);
  const hasCentre = isExpert && first.centre_latitude !== null && first.centre_longitude !== null;
  const actor: AvailableActor = {
    isAdmin: Boolean(first.is_admin),
    isExpert,
    centre: hasCentre
      ? { latitude: Number(first.centre_latitude), longitude: Number(first.centre_longitude) }
      : null,
  };
  const pageRows = rows.filter((row) => row.task !== null);
  let total = Number(first.total ?? 0);
  // A page past the end has no row to carry the total (as in task-lists.repository.ts).
  if (pageRows.length === 0 && window.offset > 0 && !(box === null && hasCentre))
    total = await countOpenTasks(db, box);
  return {
    actor,
    page: {
      rows: pageRows.map((row) =>
        normalize({
          task: row.task!,
          application_count: row.application_count,
          my_application_status: row.my_application_status,
        }),
      ),
      total,
    },
  };
}
