import { useState } from 'react';
import { BellRing } from 'lucide-react';
import { webPushMessages as webPushText } from '@shared/messages/web-push';
import { Button } from '@web/components/ui/button';
import { useMe } from '@web/lib/session';
import { webPushSupported } from '@web/lib/web-push-client';
import { switchBrowserNotifications } from '@web/lib/web-push-switch';

/** localStorage key: the user answered the offer in this browser (decision 0301). */
export const pushOfferKey = (userId: string) => `push-offer-answered:${userId}`;

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Storage blocked (privacy mode): the offer then shows until the browser's permission is decided.
    return undefined;
  }
}

/**
 * Offered once: only where push works, while the browser has not been asked (permission 'default'),
 * and until this user turns it on or dismisses it here.
 */
export function pushOfferWanted(userId: string): boolean {
  return (
    webPushSupported() &&
    Notification.permission === 'default' &&
    storage()?.getItem(pushOfferKey(userId)) == null
  );
}

/** The bell's one-time "Turn on notifications" offer (issue 19); the switch on /profile stays the full control. */
export function PushOffer() {
  const { data: me } = useMe();
  const userId = me?.user?.id;
  const [answered, setAnswered] = useState(false);
  if (!userId || answered || !pushOfferWanted(userId)) return null;

  const answer = () => {
    storage()?.setItem(pushOfferKey(userId), new Date().toISOString());
    setAnswered(true);
  };

  return (
    <section aria-labelledby="push-offer-title" className="flex gap-3 border-b bg-muted/50 px-3 py-3">
      <BellRing aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
      <div className="space-y-2">
        <h3 id="push-offer-title" className="text-sm font-semibold">
          {webPushText.offerTitle}
        </h3>
        <p className="text-sm text-muted-foreground">{webPushText.offerHelp}</p>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            onClick={() => {
              // Asked within the click (a user gesture); the answer is kept whatever the browser decides.
              void switchBrowserNotifications(true);
              answer();
            }}
          >
            {webPushText.offerAccept}
          </Button>
          <Button size="sm" variant="ghost" onClick={answer}>
            {webPushText.offerDismiss}
          </Button>
        </div>
      </div>
    </section>
  );
}
