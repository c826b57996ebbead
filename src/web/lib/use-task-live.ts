import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { topicName } from '@shared/realtime';
import { api } from './api';
import { useRealtimeInvalidate } from './use-realtime';
import { visitQueryKey } from './visit-query-key';

/**
 * The task page's live updates: it refreshes on any change to the task, its applications or its visit
 * (an appointment change sends the task's own event, migration 0040). Opening
 * the task also marks all of the user's notifications about it read.
 */
export function useTaskLiveUpdates(taskId: string | undefined, signedIn: boolean) {
  const queryClient = useQueryClient();
  const id = signedIn ? taskId : undefined;
  const detailKey = ['tasks', 'detail', taskId ?? ''];
  useRealtimeInvalidate('task', id, id ? topicName.task(id) : null, [detailKey, visitQueryKey(taskId ?? '')]);
  useRealtimeInvalidate('task-applications', id, id ? topicName.taskApplications(id) : null, [detailKey]);
  useEffect(() => {
    if (!id) return;
    // Sent from a task of its own, not from React's effect pass of the first render (decision 0412).
    const sending = window.setTimeout(() => {
      // The bell is read again only when something was marked read: a refetch nobody needs would
      // re-render the shell as the page settles (decision 0401).
      api
        .post<{ updated: number }>('/api/notifications/read-all', { task_id: id })
        .then((result) =>
          (result?.updated ?? 1) > 0
            ? queryClient.invalidateQueries({ queryKey: ['notifications'] })
            : undefined,
        )
        .catch(() => undefined);
    }, 0);
    return () => window.clearTimeout(sending);
  }, [id, queryClient]);
}
