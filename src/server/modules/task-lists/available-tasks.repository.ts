import { desc, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { BoundingBox } from '@shared/domain/geo';
import type { Db } from '../../db/client';
import { tasks } from '../../db/schema';
import { defineShapedStatement } from '../../db/prepared';
import {
  BOX_SHAPES,
  boundValues,
  boxShapeOf,
  itemColumns,
  itemOf,
  openTasksPageSql,
  placeholderBounds,
  type BoxShape,
  type PageWindow,
  type TaskTextPage,
} from './task-lists.repository';

/** Who is asking, read in the same statement as the page: the roles and the expert's own coordinates. */
export interface AvailableActor {
  isAdmin: boolean;
  isExpert: boolean;
  /** The expert profile's coordinates, only for a user with the expert role (the list's default centre). */
  centre: { latitude: number; longitude: number } | null;
}

/** The roles (user_roles_user_role_unique) and coordinates (primary key) as a one-row derived table. */
const actorOf = (userId: Placeholder): SQL => sql`(
  select exists (select 1 from user_roles r where r.user_id = ${userId} and r.role = 'admin') as is_admin,
         exists (select 1 from user_roles r where r.user_id = ${userId} and r.role = 'expert') as is_expert,
         (select e.latitude from expert_profiles e where e.id = ${userId}) as centre_latitude,
         (select e.longitude from expert_profiles e where e.id = ${userId}) as centre_longitude
) as actor`;

/**
 * With no box, an expert who has coordinates gets an empty page here (a one-time filter, no scan):
 * the caller reads the box around them instead.
 */
const notAnExpertWithCoordinates = (userId: Placeholder): SQL => sql`not exists (
  select 1 from expert_profiles e
  where e.id = ${userId} and e.latitude is not null and e.longitude is not null
    and exists (select 1 from user_roles r where r.user_id = ${userId} and r.role = 'expert'))`;

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
): Promise<{ actor: AvailableActor; page: TaskTextPage }> {
  const rows = await runOpenTasksAs(db, boxShapeOf(box), { ...boundValues(box, window), userId });
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
  return {
    actor,
    page: {
      items: rows.filter((row) => row.id !== null).map(itemOf),
      // The page-of-ids row is there even past the end, so the first row carries the total.
      total: Number(first.total ?? 0),
      totalIsCapped: Boolean(first.total_is_capped),
    },
  };
}

/** listOpenTasksAs' statement, built once per box shape with placeholders (db/prepared.ts). */
const runOpenTasksAs = defineShapedStatement('open_tasks_as', BOX_SHAPES, (db, shape: BoxShape, name) => {
  const userId = sql.placeholder('userId');
  const bounds = placeholderBounds(shape);
  const ids = openTasksPageSql(bounds.box, bounds.window, bounds.box ? undefined : notAnExpertWithCoordinates(userId));
  return db
    .select({
      is_admin: sql<boolean>`actor.is_admin`,
      is_expert: sql<boolean>`actor.is_expert`,
      centre_latitude: sql<number | null>`actor.centre_latitude`,
      centre_longitude: sql<number | null>`actor.centre_longitude`,
      // An expert's own application (the same as listOpenTasks with expertId = the expert).
      ...itemColumns(sql`(select a.status from task_applications a
        where a.task_id = "tasks"."id" and a.expert_id = ${userId} and actor.is_expert)`),
      total: sql<number | null>`page.total`,
      total_is_capped: sql<boolean | null>`page.total_is_capped`,
    })
    .from(actorOf(userId))
    .leftJoin(sql`(${ids}) as page`, sql`true`)
    .leftJoin(tasks, sql`${tasks.id} = page.id`)
    .orderBy(desc(tasks.created_at), desc(tasks.id))
    .prepare(name);
});
