import { describe, expect, it } from 'vitest';
import type { PlatformProbe } from '@web/lib/platform';
import { appDeepLink, detectReturnPlatform, planReturn, profileTarget, readReturnFlags } from './return-plan';

const probe = (native: boolean, mobile: boolean): PlatformProbe => ({
  isNativePlatform: () => native,
  isMobileBrowser: () => mobile,
});

describe('readReturnFlags', () => {
  it('reads from=stripe, success=true, refresh=true and the payment half', () => {
    expect(readReturnFlags('?from=stripe&success=true')).toEqual({
      fromStripe: true,
      success: true,
      refresh: false,
      startedInApp: false,
      paymentIntentClientSecret: null,
    });
    expect(readReturnFlags('from=stripe&refresh=true&platform=mobile')).toMatchObject({ refresh: true, startedInApp: true });
    expect(readReturnFlags('?success=1&refresh=yes&from=paypal')).toMatchObject({ success: false, refresh: false, fromStripe: false });
    expect(readReturnFlags('?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x').paymentIntentClientSecret).toBe(
      'pi_1_secret_x',
    );
  });
});

describe('detectReturnPlatform', () => {
  const flags = readReturnFlags('?from=stripe&success=true');
  const fromApp = readReturnFlags('?from=stripe&success=true&platform=mobile');
  it('native app wins over everything', () => {
    expect(detectReturnPlatform(fromApp, probe(true, true))).toBe('native_app');
    expect(detectReturnPlatform(flags, probe(true, false))).toBe('native_app');
  });
  it('a return of onboarding started in the app, outside the app, is the in-app browser tab', () => {
    expect(detectReturnPlatform(fromApp, probe(false, true))).toBe('custom_tab');
    expect(detectReturnPlatform(fromApp, probe(false, false))).toBe('custom_tab');
  });
  it('otherwise a phone browser is mobile web and the rest desktop web', () => {
    expect(detectReturnPlatform(flags, probe(false, true))).toBe('mobile_web');
    expect(detectReturnPlatform(flags, probe(false, false))).toBe('desktop_web');
  });
});

describe('planReturn', () => {
  const success = readReturnFlags('?from=stripe&success=true');
  const refresh = readReturnFlags('?from=stripe&refresh=true');

  it('without any flag goes to /dashboard on every platform', () => {
    for (const platform of ['native_app', 'mobile_web', 'desktop_web', 'custom_tab'] as const) {
      expect(planReturn(readReturnFlags(''), platform, 'app')).toEqual({ kind: 'leave', to: '/dashboard' });
    }
  });

  it('native app: invalidates the expert caches and goes to the payments tab after 0.5 s', () => {
    expect(planReturn(success, 'native_app', 'app')).toEqual({
      kind: 'native',
      state: 'redirecting',
      invalidateExpertCaches: true,
      to: '/profile?tab=payments&success=true',
      afterMs: 500,
    });
  });

  it('mobile web: deep link, falls back after 2.5 s to a 3-second countdown', () => {
    expect(planReturn(refresh, 'mobile_web', 'remotexpert')).toEqual({
      kind: 'mobile',
      state: 'redirecting',
      deepLink: 'remotexpert://stripe-return?from=stripe&refresh=true',
      fallbackAfterMs: 2500,
      fallbackState: 'staying',
      countdownSeconds: 3,
      to: '/profile?tab=payments&refresh=true',
    });
  });

  it('desktop web: "Success" state, redirect after 1 s', () => {
    expect(planReturn(success, 'desktop_web', 'app')).toEqual({
      kind: 'desktop',
      state: 'success',
      to: '/profile?tab=payments&success=true',
      afterMs: 1000,
    });
  });

  it('custom browser tab: success state and no redirect', () => {
    expect(planReturn(success, 'custom_tab', 'app')).toEqual({ kind: 'custom_tab', state: 'success' });
  });

  it('from=stripe alone still lands on the payments tab', () => {
    expect(profileTarget(readReturnFlags('?from=stripe'))).toBe('/profile?tab=payments');
    expect(appDeepLink('x', readReturnFlags('?from=stripe'))).toBe('x://stripe-return?from=stripe');
  });
});
