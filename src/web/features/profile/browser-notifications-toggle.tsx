import { useEffect, useState } from 'react';
import { webPushMessages as webPushText } from '@shared/messages/web-push';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { currentPushSubscription, webPushSupported } from '@web/lib/web-push-client';
import { switchBrowserNotifications } from '@web/lib/web-push-switch';

type State = 'checking' | 'on' | 'off' | 'unsupported';

/** "Browser notifications" on this device: permission, Push API subscription, saved on the server (issue 19). */
/** A setting of this device, set apart from the per-category table below it (issue 25). */
const ROW = 'rounded-lg border bg-muted/40 p-3';

export function BrowserNotificationsToggle() {
  const [state, setState] = useState<State>(() => (webPushSupported() ? 'checking' : 'unsupported'));
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (state !== 'checking') return;
    let live = true;
    currentPushSubscription()
      .then((subscription) => live && setState(subscription && Notification.permission === 'granted' ? 'on' : 'off'))
      .catch(() => live && setState('off'));
    return () => {
      live = false;
    };
  }, [state]);

  if (state === 'unsupported') return <p className={`${ROW} text-sm text-muted-foreground`}>{webPushText.unsupported}</p>;

  async function change(enabled: boolean) {
    setBusy(true);
    if (await switchBrowserNotifications(enabled)) setState(enabled ? 'on' : 'off');
    setBusy(false);
  }

  return (
    <div className={`${ROW} flex items-center justify-between gap-4`}>
      <div className="min-w-0 space-y-1">
        <Label htmlFor="browser-notifications" className="font-medium">
          {webPushText.toggleLabel}
        </Label>
        <p id="browser-notifications-help" className="text-sm text-muted-foreground">
          {webPushText.toggleHelp}
        </p>
      </div>
      <Switch
        id="browser-notifications"
        aria-describedby="browser-notifications-help"
        className="shrink-0"
        checked={state === 'on'}
        disabled={busy || state === 'checking'}
        onCheckedChange={(enabled) => void change(enabled)}
      />
    </div>
  );
}
