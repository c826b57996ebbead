import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { verificationMessages } from '@shared/messages/verification';
import { topicName } from '@shared/realtime';
import { realtime } from '@web/lib/realtime';
import { useRealtimeChannel, useRealtimeInvalidate } from '@web/lib/use-realtime';

/**
 * The signed-in tab's socket and its app-wide channels: task lists and dashboards refresh on task
 * changes, conversations and chats on messages, the verification status on its records. After a
 * reconnect everything shown is refetched, so no change is lost for good.
 */
export function RealtimeBridge({ userId, isExpert }: { userId: string; isExpert: boolean }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    // The socket opens in a task of its own: inside React's effect pass it lengthened the page's
    // longest task after the first render (decision 0412). Channels wait for it as they always do.
    const opening = window.setTimeout(() => realtime.connect(), 0);
    const stop = realtime.onReconnect(() => void queryClient.invalidateQueries());
    return () => {
      window.clearTimeout(opening);
      stop();
      realtime.disconnect();
    };
  }, [queryClient, userId]);

  useRealtimeInvalidate('tasks', undefined, topicName.tasks(), [['tasks']]);
  useRealtimeInvalidate('messages', undefined, topicName.messages(), [['conversations'], ['chat']]);
  useRealtimeChannel('verification', userId, isExpert ? topicName.verification(userId) : null, (event) => {
    void queryClient.invalidateQueries({ queryKey: ['experts', 'me'] });
    void queryClient.invalidateQueries({ queryKey: ['verification'] });
    if (event.op === 'update' && event.status === 'approved') toast.success(verificationMessages.resultApproved);
    if (event.op === 'update' && event.status === 'rejected') toast.error(verificationMessages.resultRejected);
  });
  return null;
}
