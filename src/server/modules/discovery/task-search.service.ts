import { messages } from '@shared/messages';
import {
  TASK_MAP_POINTS_MAX,
  type SearchCentre,
  type TaskMapPointsDto,
  type TaskSearchDto,
  type TaskSearchQuery,
} from '@shared/schemas/discovery.schemas';
import { PAGINATION } from '@shared/constants';
import type { Db } from '../../db/client';
import { badRequest, forbidden } from '../../lib/errors';
import { toTaskDto } from '../tasks/tasks.dto';
import { searchActor, searchOpenTasks, searchTaskPoints, type TaskFilters } from './task-search.repository';

const roundMiles = (miles: number) => Math.round(miles * 10) / 10;

/** The expert's task search (issue 23): open tasks only, for experts and admins, around a centre. */
export function createTaskSearchService(db: Db) {
  /** The chosen place, else the expert's service location; clients may not search tasks. */
  async function centreFor(userId: string, query: TaskSearchQuery): Promise<{ centre: SearchCentre; expertId: string | null }> {
    const actor = await searchActor(db, userId);
    if (!actor.isExpert && !actor.isAdmin) throw forbidden(messages.tasks.availableForExpertsOnly);
    const expertId = actor.isExpert ? userId : null;
    if (query.latitude !== undefined && query.longitude !== undefined)
      return { centre: { latitude: query.latitude, longitude: query.longitude, label: null }, expertId };
    if (!actor.centre) throw badRequest(messages.discovery.centreRequired);
    return { centre: actor.centre, expertId };
  }

  const filtersOf = (query: TaskSearchQuery): TaskFilters => ({
    category: query.category,
    urgency: query.urgency,
    budget_min: query.budget_min,
    budget_max: query.budget_max,
    due_before: query.due_before,
  });

  return {
    async search(userId: string, query: TaskSearchQuery): Promise<TaskSearchDto> {
      const { centre, expertId } = await centreFor(userId, query);
      const pageSize = Math.min(query.pageSize, PAGINATION.maxPageSize);
      const page = await searchOpenTasks(db, {
        origin: centre,
        miles: query.radius_miles,
        filters: filtersOf(query),
        sort: query.sort,
        window: { limit: pageSize, offset: (query.page - 1) * pageSize },
        expertId,
      });
      return {
        tasks: page.rows.map((row) => ({
          ...toTaskDto(row.task),
          application_count: row.application_count,
          my_application_status: row.my_application_status,
          distance_miles: roundMiles(row.miles),
        })),
        total: page.total,
        page: query.page,
        pageSize,
        centre,
        radius_miles: query.radius_miles,
      };
    },

    async points(userId: string, query: TaskSearchQuery): Promise<TaskMapPointsDto> {
      const { centre } = await centreFor(userId, query);
      const rows = await searchTaskPoints(db, {
        origin: centre,
        miles: query.radius_miles,
        filters: filtersOf(query),
        limit: TASK_MAP_POINTS_MAX,
      });
      return {
        points: rows.map((row) => ({
          id: row.id,
          title: row.title,
          latitude: Number(row.latitude),
          longitude: Number(row.longitude),
          budget: Number(row.budget),
          distance_miles: roundMiles(Number(row.miles)),
        })),
        total: rows.length > 0 ? Number(rows[0].total) : 0,
        centre,
        radius_miles: query.radius_miles,
      };
    },
  };
}
