import { STRIPE_RETURN } from '@shared/constants';
import type { PlatformProbe } from '@web/lib/platform';

/**
 * The payment-provider return handler's decisions, as pure functions of the query string and the
 * platform, so every platform's behaviour is unit-tested without a browser.
 */

export interface ReturnFlags {
  fromStripe: boolean;
  success: boolean;
  refresh: boolean;
  /** Set on return URLs of onboarding started in the native app (it opened an in-app browser tab). */
  startedInApp: boolean;
  /**
   * The payment half of this page (task issue): the provider's redirect after card authentication
   * carries payment_intent_client_secret. Null for expert onboarding returns.
   */
  paymentIntentClientSecret: string | null;
}

export function readReturnFlags(search: string | URLSearchParams): ReturnFlags {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return {
    fromStripe: params.get('from') === 'stripe',
    success: params.get('success') === 'true',
    refresh: params.get('refresh') === 'true',
    startedInApp: params.get('platform') === 'mobile',
    paymentIntentClientSecret: params.get('payment_intent_client_secret'),
  };
}

export type ReturnPlatform = 'native_app' | 'mobile_web' | 'desktop_web' | 'custom_tab';

/**
 * Native shell first; then the in-app browser tab the native app opened for onboarding (its return
 * URL says platform=mobile, and it is not the native web view); then phone browsers; else desktop.
 */
export function detectReturnPlatform(flags: ReturnFlags, probe: PlatformProbe): ReturnPlatform {
  if (probe.isNativePlatform()) return 'native_app';
  if (flags.startedInApp) return 'custom_tab';
  return probe.isMobileBrowser() ? 'mobile_web' : 'desktop_web';
}

/** The page's internal states (spec): checking, redirecting, staying, success. */
export type ReturnState = 'checking' | 'redirecting' | 'staying' | 'success';

export type ReturnPlan =
  /** None of the flags: nothing to handle here. */
  | { kind: 'leave'; to: string }
  /** Native app: drop the cached expert profile, then go to the payments tab. */
  | { kind: 'native'; state: 'redirecting'; invalidateExpertCaches: true; to: string; afterMs: number }
  /** Mobile browser: try the app's deep link, then fall back to the web with a countdown. */
  | {
      kind: 'mobile';
      state: 'redirecting';
      deepLink: string;
      fallbackAfterMs: number;
      fallbackState: 'staying';
      countdownSeconds: number;
      to: string;
    }
  /** Desktop browser: "Success", then the payments tab. */
  | { kind: 'desktop'; state: 'success'; to: string; afterMs: number }
  /** The in-app browser tab: "Setup Complete", the user closes the tab to get back to the app. */
  | { kind: 'custom_tab'; state: 'success' };

/**
 * The profile page's payments tab, carrying success or refresh on so that it verifies the account
 * and shows the spec's toast (it then removes them, keeping tab).
 */
export function profileTarget(flags: ReturnFlags): string {
  const params = new URLSearchParams({ tab: 'payments' });
  if (flags.success) params.set('success', 'true');
  else if (flags.refresh) params.set('refresh', 'true');
  return `/profile?${params.toString()}`;
}

/** The app's deep link back to this page: the native shell routes stripe-return links here. */
export function appDeepLink(appScheme: string, flags: ReturnFlags): string {
  const params = new URLSearchParams({ from: 'stripe' });
  if (flags.success) params.set('success', 'true');
  else if (flags.refresh) params.set('refresh', 'true');
  return `${appScheme}://stripe-return?${params.toString()}`;
}

export function planReturn(flags: ReturnFlags, platform: ReturnPlatform, appScheme: string): ReturnPlan {
  if (!flags.fromStripe && !flags.success && !flags.refresh) return { kind: 'leave', to: '/dashboard' };
  const to = profileTarget(flags);
  switch (platform) {
    case 'native_app':
      return { kind: 'native', state: 'redirecting', invalidateExpertCaches: true, to, afterMs: STRIPE_RETURN.nativeRedirectMs };
    case 'mobile_web':
      return {
        kind: 'mobile',
        state: 'redirecting',
        deepLink: appDeepLink(appScheme, flags),
        fallbackAfterMs: STRIPE_RETURN.mobileFallbackMs,
        fallbackState: 'staying',
        countdownSeconds: STRIPE_RETURN.mobileCountdownSeconds,
        to,
      };
    case 'desktop_web':
      return { kind: 'desktop', state: 'success', to, afterMs: STRIPE_RETURN.desktopRedirectMs };
    case 'custom_tab':
      return { kind: 'custom_tab', state: 'success' };
  }
}
