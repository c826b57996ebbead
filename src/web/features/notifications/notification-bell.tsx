import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { formatDistanceToNow } from 'date-fns';
import { messages } from '@shared/messages';
import { Button } from '@web/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@web/components/ui/popover';
import { badgeText, useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from './notifications-api';

export function NotificationBell() {
  const { data } = useNotifications();
  const markOne = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const unread = data?.unread_count ?? 0;
  const items = data?.notifications ?? [];

  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Notifications, ${unread} unread`} className="relative">
          <Bell aria-hidden="true" />
          {unread > 0 ? (
            <span className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-destructive px-1 text-center text-[11px] font-semibold leading-5 text-destructive-foreground">
              {badgeText(unread)}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-80 p-0">
        <div className="flex items-center justify-between border-b px-3 py-2">
          <h2 className="text-sm font-semibold">Notifications</h2>
          {items.length > 0 ? (
            <Button
              variant="link"
              size="sm"
              onClick={() =>
                markAll.mutate(undefined, { onError: () => toast.error(messages.notifications.markAllReadFailed) })
              }
            >
              Mark all read
            </Button>
          ) : null}
        </div>
        {items.length === 0 ? (
          <p className="p-4 text-sm text-muted-foreground">No new notifications</p>
        ) : (
          <ul className="max-h-96 overflow-auto">
            {items.map((item) => (
              <li key={item.id} className="border-b last:border-0">
                <Link
                  to={
                    item.task_id
                      ? `/task/${item.task_id}`
                      : item.type.startsWith('verification_')
                        ? '/profile?tab=verification'
                        : '/dashboard'
                  }
                  className="block px-3 py-2 hover:bg-muted focus-visible:bg-muted"
                  onClick={() =>
                    markOne.mutate(item.id, { onError: () => toast.error(messages.notifications.markReadFailed) })
                  }
                >
                  <p className="text-sm font-medium">{item.title}</p>
                  <p className="text-sm text-muted-foreground">{item.message}</p>
                  <p className="text-xs text-muted-foreground">
                    {formatDistanceToNow(new Date(item.created_at), { addSuffix: true })}
                  </p>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  );
}
