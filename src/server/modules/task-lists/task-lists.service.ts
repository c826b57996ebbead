import { PAGINATION } from '@shared/constants';
import { EXPERT_RADIUS_MILES, distanceMiles, taskListBox, type LatLng } from '@shared/domain/geo';
import { messages } from '@shared/messages';
import type { TaskListDto } from '@shared/schemas/task-api';
import type { ListTasksQuery } from '@shared/schemas/tasks.schemas';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { forbidden } from '../../lib/errors';
import { loadActor } from '../tasks/task-access';
import { toTaskDto } from '../tasks/tasks.dto';
import { listOpenTasksAs } from './available-tasks.repository';
import { itemText } from './task-list-json';
import {
  listAppliedTasks,
  listAssignedTasks,
  listClientTasks,
  listOpenTasks,
  type PageWindow,
  type TaskPage,
  type TaskTextPage,
} from './task-lists.repository';

/**
 * The task lists of the dashboards (GET /tasks): a read over the tasks, their applications and the
 * clients' revealed ratings (modules/reviews), so its own module above all three.
 */
export function createTaskListsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  /** GET /tasks as JSON text: the items as PostgreSQL wrote them (task-list-json.ts), joined. */
  async function listJson(userId: string, query: ListTasksQuery): Promise<string> {
    // The dashboards name the scope: then each list is one statement (docs/decisions/0101).
    const scope = query.scope ?? ((await loadActor(db, userId)).isExpert ? 'available' : 'mine');
    const pageSize = Math.min(query.pageSize, PAGINATION.maxPageSize);
    const window = { limit: pageSize, offset: (query.page - 1) * pageSize };
    let page: TaskTextPage;
    let center: LatLng | null = null;
    if (scope === 'mine') page = await listClientTasks(db, userId, query.status, window);
    else if (scope === 'assigned') page = await listAssignedTasks(db, userId, query.status, window);
    else if (scope === 'applied') page = appliedAsText(await listAppliedTasks(db, userId, query.status, window, clock.now()));
    else ({ page, center } = await availablePage(userId, query, window));
    const items = page.items.map((item) =>
      itemText(item, center ? Math.round(distanceMiles(center, item) * 10) / 10 : null),
    );
    const rest = { total: page.total, totalIsCapped: page.totalIsCapped ?? false, page: query.page, pageSize };
    return `{"tasks":[${items.join(',')}],${JSON.stringify(rest).slice(1)}`;
  }

  return {
    /** GET /tasks: mine (clients), available (open tasks near a point), applied and assigned (experts). */
    listJson,

    /** The same answer as an object, for the dashboard's document (its first cards). */
    async list(userId: string, query: ListTasksQuery): Promise<TaskListDto> {
      return JSON.parse(await listJson(userId, query)) as TaskListDto;
    },
  };

  /**
   * Open tasks around the point asked for, else around the expert's own coordinates, else all of
   * them; with the caller's roles in the same statement (available-tasks.repository.ts).
   */
  async function availablePage(userId: string, query: ListTasksQuery, window: PageWindow) {
    const point =
      query.latitude !== undefined && query.longitude !== undefined
        ? { latitude: query.latitude, longitude: query.longitude }
        : null;
    const boxAround = (centre: LatLng) =>
      taskListBox(centre.latitude, centre.longitude, query.radius_miles ?? EXPERT_RADIUS_MILES);
    const { actor, page } = await listOpenTasksAs(db, userId, point ? boxAround(point) : null, window);
    // Clients see only their own tasks (spec 001 section 6).
    if (!actor.isExpert && !actor.isAdmin) throw forbidden(messages.tasks.availableForExpertsOnly);
    if (point || !actor.centre) return { page, center: point };
    // No point given but the expert has coordinates: the box around them (a second statement, which
    // the dashboards never need: they send the profile's point themselves).
    return { page: await listOpenTasks(db, boxAround(actor.centre), userId, window), center: actor.centre };
  }
}

/**
 * The applied list still comes as rows (its client rating depends on the time of the read): its
 * items are serialised here, with the fields and order of the other lists.
 */
function appliedAsText(page: TaskPage): TaskTextPage {
  return {
    total: page.total,
    items: page.rows.map((row) => ({
      json: JSON.stringify({
        ...toTaskDto(row.task),
        application_count: row.application_count,
        my_application_status: row.my_application_status,
        ...(row.client_rating ? { client_rating: row.client_rating } : {}),
      }),
      latitude: row.task.latitude,
      longitude: row.task.longitude,
      zoneMissing: false,
    })),
  };
}

export type TaskListsService = ReturnType<typeof createTaskListsService>;
