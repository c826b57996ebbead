import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaskMoneyDto } from '@shared/schemas/disputes.schemas';
import { api } from '@web/lib/api';
import { taskPath } from '../task-query';

/** Under ['tasks'], so every task action (which invalidates that prefix) refreshes it too. */
export const taskMoneyKey = (taskId: string) => ['tasks', 'money', taskId] as const;

/**
 * The task's deadlines and dispute: polled while a deadline is running, so automatic changes show up.
 * Also started by the route warm-up for the task's client, expert and admins (decision 0401).
 */
export const taskMoneyQuery = (taskId: string) =>
  queryOptions({
    queryKey: taskMoneyKey(taskId),
    queryFn: async () => {
      const money = await api.get<TaskMoneyDto>(taskPath(taskId, '/money'));
      // The server's clock minus the browser's, measured when the answer arrives.
      return { ...money, offsetMs: new Date(money.server_now).getTime() - Date.now() };
    },
    refetchInterval: 15_000,
  });

export function useTaskMoney(taskId: string) {
  return useQuery(taskMoneyQuery(taskId));
}
