import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TaskListScope } from '@shared/schemas/tasks.schemas';
import type { TaskListDto, TaskListItemDto } from '@shared/schemas/task-api';
import { api } from '@web/lib/api';

/** A page of the task lists: 50 at a time, more with "Load more". */
export const TASK_LIST_PAGE_SIZE = 50;

export interface TaskListParams {
  scope: TaskListScope;
  /** The centre of the expert's list; without it the server uses the expert's profile location. */
  latitude?: number;
  longitude?: number;
  enabled?: boolean;
}

/** GET /api/tasks for one scope, newest first, paged; all under the ['tasks'] key that every task change refreshes. */
export const taskListQuery = ({ scope, latitude, longitude }: Omit<TaskListParams, 'enabled'>) =>
  infiniteQueryOptions({
    queryKey: ['tasks', 'list', scope, latitude ?? null, longitude ?? null],
    queryFn: ({ pageParam }) =>
      api.get<TaskListDto>('/api/tasks', {
        scope,
        page: pageParam,
        pageSize: TASK_LIST_PAGE_SIZE,
        latitude,
        longitude,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });

export function useTaskList({ scope, latitude, longitude, enabled = true }: TaskListParams) {
  const query = useInfiniteQuery({ ...taskListQuery({ scope, latitude, longitude }), enabled });
  const tasks: TaskListItemDto[] = query.data?.pages.flatMap((page) => page.tasks) ?? [];
  const last = query.data?.pages.at(-1);
  const total = last?.total ?? 0;
  // The available list counts at most 1,000 past the page's start; "Load more" still follows
  // `total`, which then lies past the page (decision 0380).
  const totalIsCapped = last?.totalIsCapped ?? false;
  return { ...query, tasks, total, totalIsCapped };
}
