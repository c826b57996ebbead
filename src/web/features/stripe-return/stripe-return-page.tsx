import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useNavigate } from '@web/lib/navigation';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Smartphone } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { myExpertProfileQueryKey } from '@web/lib/expert-profile';
import { browserPlatform, type PlatformProbe } from '@web/lib/platform';
import { useRuntimeConfig } from '@web/lib/runtime-config';
import { meQueryKey } from '@web/lib/session';
import { NATIVE_APP } from '@shared/native/native-app';
import { PaymentIntentReturn } from './payment-intent-return';
import { detectReturnPlatform, planReturn, readReturnFlags, type ReturnFlags, type ReturnPlan, type ReturnState } from './return-plan';

/** Used only when the runtime config cannot be read; it matches the server's APP_SCHEME default. */
const FALLBACK_APP_SCHEME = NATIVE_APP.urlScheme;

/** A custom-scheme URL: the OS opens the app when it is installed, otherwise nothing happens. */
const openAppLink = (url: string) => {
  window.location.href = url;
};

/** /stripe-return: where the payment provider sends the user back (spec 000, payment-provider return handler). */
export default function StripeReturnPage() {
  const [params] = useSearchParams();
  const flags = useMemo(() => readReturnFlags(params), [params]);
  const config = useRuntimeConfig();
  if (flags.paymentIntentClientSecret) return <PaymentIntentReturn flags={flags} search={params} />;
  if (config.isPending) return <ReturnCard state="checking" />;
  return <OnboardingReturn flags={flags} probe={browserPlatform} appScheme={config.data?.appScheme ?? FALLBACK_APP_SCHEME} />;
}

/** Runs the plan for this platform; exported for tests, which pass a fake platform probe. */
export function OnboardingReturn({
  flags,
  probe,
  appScheme,
  openDeepLink = openAppLink,
}: {
  flags: ReturnFlags;
  probe: PlatformProbe;
  appScheme: string;
  openDeepLink?: (url: string) => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const plan = useMemo(() => planReturn(flags, detectReturnPlatform(flags, probe), appScheme), [flags, probe, appScheme]);
  const [state, setState] = useState<ReturnState>(plan.kind === 'leave' ? 'checking' : plan.state);
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);

  useEffect(() => {
    const timers: number[] = [];
    const later = (ms: number, run: () => void) => timers.push(window.setTimeout(run, ms));
    switch (plan.kind) {
      case 'leave':
        navigate(plan.to, { replace: true });
        break;
      case 'native':
        void queryClient.invalidateQueries({ queryKey: myExpertProfileQueryKey });
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
        later(plan.afterMs, () => navigate(plan.to, { replace: true }));
        break;
      case 'mobile':
        openDeepLink(plan.deepLink);
        later(plan.fallbackAfterMs, () => {
          // The app opened and took over: the page went to the background, nothing more to do.
          if (document.visibilityState === 'hidden') return;
          setState(plan.fallbackState);
          setSecondsLeft(plan.countdownSeconds);
          for (let second = 1; second <= plan.countdownSeconds; second += 1) {
            later(second * 1000, () => setSecondsLeft(plan.countdownSeconds - second));
          }
          later(plan.countdownSeconds * 1000, () => navigate(plan.to, { replace: true }));
        });
        break;
      case 'desktop':
        later(plan.afterMs, () => navigate(plan.to, { replace: true }));
        break;
      case 'custom_tab':
        break;
    }
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, [plan, navigate, queryClient, openDeepLink]);

  return <ReturnCard state={state} plan={plan} flags={flags} secondsLeft={secondsLeft} onContinue={() => 'to' in plan && navigate(plan.to, { replace: true })} />;
}

function ReturnCard({
  state,
  plan,
  flags,
  secondsLeft = null,
  onContinue,
}: {
  state: ReturnState;
  plan?: ReturnPlan;
  flags?: ReturnFlags;
  secondsLeft?: number | null;
  onContinue?: () => void;
}) {
  const finished = flags?.success ?? false;
  let title = 'Checking your payment setup...';
  let description: string | null = null;
  let icon = <Spinner size="lg" label="Checking your payment setup" />;
  let action: { label: string; run: () => void } | null = null;

  if (state === 'redirecting' && plan?.kind === 'mobile') {
    title = 'Opening the app...';
    description = 'If the app does not open, you will continue in your browser.';
    icon = <Smartphone className="size-10 text-primary" aria-hidden="true" />;
    action = onContinue ? { label: 'Continue in browser', run: onContinue } : null;
  } else if (state === 'redirecting') {
    title = 'Returning to your profile...';
  } else if (state === 'staying') {
    title = 'Continue in your browser';
    description = `Taking you to your payment settings in ${secondsLeft ?? 0}s...`;
    icon = <Spinner size="lg" label="Redirecting" />;
    action = onContinue ? { label: 'Go now', run: onContinue } : null;
  } else if (state === 'success' && plan?.kind === 'custom_tab') {
    title = 'Setup Complete';
    description = 'You can close this window and return to the app to see your payment setup status.';
    icon = <CheckCircle2 className="size-10 text-success" aria-hidden="true" />;
    action = { label: 'Close window', run: () => window.close() };
  } else if (state === 'success') {
    title = finished ? 'Success' : 'Payment setup not finished';
    description = 'Taking you to your payment settings...';
    icon = finished ? <CheckCircle2 className="size-10 text-success" aria-hidden="true" /> : <Spinner size="lg" label="Redirecting" />;
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/30 p-4">
      <Card className="w-full max-w-md text-center" aria-live="polite" data-state={state}>
        <CardHeader className="items-center gap-4">
          {icon}
          <CardTitle asChild>
            <h1 className="text-xl">{title}</h1>
          </CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        {action ? (
          <CardFooter className="justify-center">
            <Button variant="outline" onClick={action.run}>
              {action.label}
            </Button>
          </CardFooter>
        ) : null}
      </Card>
    </main>
  );
}
