import type { CreateTaskInput, UpdateTaskInput } from '@shared/schemas/tasks.schemas';
import type { TaskDetailsDto, TaskDto } from '@shared/schemas/task-api';
import { api } from '@web/lib/api';

/** The task calls of the create and edit screens (contract: src/shared/schemas/task-api.ts). */
export const createTask = (input: CreateTaskInput) =>
  api.post<{ task: TaskDto; warnings: string[] }>('/api/tasks', input);

export const updateTask = (taskId: string, input: UpdateTaskInput) =>
  api.patch<{ task: TaskDto; warnings?: string[] }>(`/api/tasks/${encodeURIComponent(taskId)}`, input);

export const editTaskQueryKey = (taskId: string) => ['tasks', 'detail', taskId] as const;

export const fetchTaskForEdit = async (taskId: string) =>
  (await api.get<{ task: TaskDetailsDto }>(`/api/tasks/${encodeURIComponent(taskId)}`)).task;
