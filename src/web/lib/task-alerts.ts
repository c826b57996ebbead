import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { TaskAlertSettingsDto, TaskAlertSettingsInput } from '@shared/schemas/task-alerts.schemas';
import { api } from './api';

/**
 * An expert's task alert settings (issue 19), read by the profile's Notifications tab, the offer at
 * the end of onboarding and the dashboard's "alerts are off" note (issue 52): one cache entry, so a
 * switch turned on in one place shows on in the others.
 */
export const taskAlertSettingsKey = ['task-alert-settings'] as const;

export const taskAlertSettingsQuery = queryOptions({
  queryKey: taskAlertSettingsKey,
  queryFn: () => api.get<TaskAlertSettingsDto>('/api/task-alert-settings'),
});

export async function saveTaskAlertSettings(queryClient: QueryClient, input: TaskAlertSettingsInput) {
  const saved = await api.put<TaskAlertSettingsDto>('/api/task-alert-settings', input);
  queryClient.setQueryData(taskAlertSettingsKey, saved);
  return saved;
}
