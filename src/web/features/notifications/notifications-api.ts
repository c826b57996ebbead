import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationDto } from '@shared/schemas/notifications.schemas';
import { api } from '@web/lib/api';

/** The spec's 60 s refetch: kept as the fallback while the realtime socket is down. */
export const NOTIFICATIONS_REFETCH_MS = 60_000;
/** A live notification's toast lasts 5 seconds. */
export const NOTIFICATION_TOAST_MS = 5_000;

export type NotificationList = { notifications: NotificationDto[]; unread_count: number };

export const notificationsQuery = queryOptions({
  queryKey: ['notifications'],
  queryFn: () => api.get<NotificationList>('/api/notifications'),
  refetchInterval: NOTIFICATIONS_REFETCH_MS,
});

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/api/notifications/${id}/read`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/notifications/read-all', {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey }),
  });
}

/** The badge text: the count, or "9+" above 9. */
export const badgeText = (count: number) => (count > 9 ? '9+' : String(count));
