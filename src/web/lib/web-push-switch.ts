import { toast } from 'sonner';
import { webPushMessages as webPushText } from '@shared/messages/web-push';
import { disableWebPush, enableWebPush, NotificationsDeniedError } from './web-push-client';

/**
 * Turns browser notifications on (permission, subscription, saved on the server) or off, and says how it
 * went. The one path for the Notifications tab's switch and the bell's one-time offer; resolves whether it
 * succeeded. Call it straight from a click: browsers only ask for permission during a user gesture.
 */
export async function switchBrowserNotifications(enabled: boolean): Promise<boolean> {
  try {
    if (enabled) await enableWebPush();
    else await disableWebPush();
    toast.success(enabled ? webPushText.turnedOn : webPushText.turnedOff);
    return true;
  } catch (error) {
    toast.error(error instanceof NotificationsDeniedError ? webPushText.denied : webPushText.failed);
    return false;
  }
}
