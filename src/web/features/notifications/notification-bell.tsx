import { useRef, useState, type RefObject } from 'react';
import { Bell } from 'lucide-react';
import { useNavigate } from '@web/lib/navigation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { formatDistanceToNow } from 'date-fns';
import { messages } from '@shared/messages';
import { topicName } from '@shared/realtime';
import type { NotificationDto } from '@shared/schemas/notifications.schemas';
import { Button } from '@web/components/ui/button';
import { Popover, PopoverAnchor, PopoverContent } from '@web/components/ui/popover';
import { useRealtimeChannel, useRealtimeConnected } from '@web/lib/use-realtime';
import {
  badgeText,
  NOTIFICATION_TOAST_MS,
  notificationsQuery,
  NOTIFICATIONS_REFETCH_MS,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  type NotificationList,
} from './notifications-api';
import { PushOffer } from './push-offer';

export const OPEN_LIST_TOAST_POSITION = 'bottom-center' as const;
const NOTIFICATION_LIST_ID = 'notification-list';

/**
 * The bell's accessible name. It holds the badge's visible text, so a speech-input user who says
 * what they see ("9+") reaches the bell (WCAG 2.5.3): above 9 the exact count comes first, then the
 * badge's "9+".
 */
export function bellLabel(unread: number): string {
  const shown = badgeText(unread);
  return shown === String(unread)
    ? `Notifications, ${unread} unread`
    : `Notifications, ${unread} unread (${shown})`;
}

/**
 * The bell: unread badge ("9+" above 9), the 50 newest unread, live arrivals with a 5 s toast.
 * Clicking a notification marks it read and opens its task. Polls every 60 s only while the
 * realtime socket is down.
 */
export function NotificationBell() {
  const connected = useRealtimeConnected();
  const { data } = useQuery({
    ...notificationsQuery,
    refetchInterval: connected ? false : NOTIFICATIONS_REFETCH_MS,
  });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const markOne = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const [open, setOpen] = useState(false);
  // The list's Radix root mounts only while the list is open. Mounted with the page, its anchor set
  // state in the page's first commit and re-rendered it synchronously there (issue 25, decision
  // 0411), so the bell carries the trigger's semantics itself and the list is anchored to it.
  const bellRef = useRef<HTMLButtonElement>(null);
  const leftByOutsideClick = useRef(false);
  const unread = data?.unread_count ?? 0;
  const items = data?.notifications ?? [];

  const openNotification = (item: NotificationDto) => {
    setOpen(false);
    markOne.mutate(item.id, { onError: () => toast.error(messages.notifications.markReadFailed) });
    navigate(
      item.task_id
        ? `/task/${item.task_id}`
        : item.type === 'waitlist_expert_available'
          ? '/waitlist'
          : item.type.startsWith('verification_')
            ? '/profile?tab=verification'
            : '/dashboard',
    );
  };

  useRealtimeChannel(
    'notifications',
    undefined,
    topicName.notifications(),
    (event) => {
      if (event.op !== 'insert') {
        void queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey });
        return;
      }
      const latest = () => queryClient.fetchQuery({ ...notificationsQuery, staleTime: 0 });
      const find = (list: NotificationList) => list.notifications.find((n) => n.id === event.id);
      // A read already on its way is shared rather than sent again, and one that left before the
      // notification was made cannot hold it (a busy bell's reads overlap its events): once that read
      // is in, one more read, which leaves after the event came, does.
      void latest()
        .then((list) => find(list) ?? latest().then(find))
        .then((item) => {
          if (!item) return;
          toast(item.title, {
            description: item.message,
            duration: NOTIFICATION_TOAST_MS,
            // With the list open, the toast goes to the bottom rather than over the list's header (issue 25).
            ...(open ? { position: OPEN_LIST_TOAST_POSITION } : {}),
            action: item.task_id
              ? { label: messages.chat.viewTask, onClick: () => openNotification(item) }
              : undefined,
          });
        });
    },
    undefined,
    undefined,
    () => {
      // The list was read before the server confirmed the topic (the page's first read starts before
      // the socket opens): a notification made in between came with no live event, so read it again.
      void queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey });
    },
  );

  return (
    <>
      <Button
        ref={bellRef}
        variant="ghost"
        size="icon"
        aria-label={bellLabel(unread)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? NOTIFICATION_LIST_ID : undefined}
        className="relative"
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        <Bell aria-hidden="true" />
        {unread > 0 ? (
          <span
            data-testid="notification-badge"
            aria-hidden="true"
            className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-destructive px-1 text-center text-[11px] font-semibold leading-5 text-destructive-foreground"
          >
            {badgeText(unread)}
          </span>
        ) : null}
      </Button>
      {open ? (
        <Popover open onOpenChange={setOpen}>
          <PopoverAnchor virtualRef={bellRef as RefObject<HTMLButtonElement>} />
          {/* On a phone the list spans the width less 8 px each side, rather than sitting flush left. */}
          {/* Radix gives the popover the dialog role: its heading names it (axe's aria-dialog-name). */}
          <PopoverContent
            id={NOTIFICATION_LIST_ID}
            align="end"
            collisionPadding={8}
            aria-labelledby="notifications-heading"
            className="w-[calc(100vw-1rem)] p-0 sm:w-80"
            onOpenAutoFocus={() => {
              leftByOutsideClick.current = false;
            }}
            onInteractOutside={(event) => {
              // A press on the bell itself is its own toggle, not an outside click that closes then reopens.
              if (bellRef.current?.contains(event.target as Node)) event.preventDefault();
              else leftByOutsideClick.current = true;
            }}
            onCloseAutoFocus={(event) => {
              // Escape or a chosen notification: focus goes back to the bell, as from Radix's own trigger.
              // After a click elsewhere it stays where the user put it.
              event.preventDefault();
              if (!leftByOutsideClick.current) bellRef.current?.focus();
            }}
          >
            <div className="flex items-center justify-between border-b px-3 py-2">
              <h2 id="notifications-heading" className="text-sm font-semibold">
                Notifications
              </h2>
              {items.length > 0 ? (
                <Button
                  variant="link"
                  size="sm"
                  onClick={() =>
                    markAll.mutate(undefined, {
                      onError: () => toast.error(messages.notifications.markAllReadFailed),
                    })
                  }
                >
                  Mark all as read
                </Button>
              ) : null}
            </div>
            <PushOffer />
            {items.length === 0 ? (
              <p className="p-4 text-sm text-muted-foreground">No new notifications</p>
            ) : (
              <ul className="max-h-96 overflow-auto">
                {items.map((item) => (
                  <li key={item.id} className="border-b last:border-0">
                    <button
                      type="button"
                      className="block w-full px-3 py-2 text-left hover:bg-muted focus-visible:bg-muted"
                      onClick={() => openNotification(item)}
                    >
                      <p className="text-sm font-medium">{item.title}</p>
                      <p className="text-sm text-muted-foreground">{item.message}</p>
                      <p className="text-xs text-muted-foreground">
                        {formatDistanceToNow(new Date(item.created_at), { addSuffix: true })}
                      </p>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </PopoverContent>
        </Popover>
      ) : null}
    </>
  );
}
