import { Capacitor } from '@capacitor/core';
import { MOBILE_BREAKPOINT_PX } from '@shared/constants';

/**
 * Where the web app runs. One small seam over Capacitor and the browser so that code deciding by
 * platform takes a `PlatformProbe` and tests pass a fake one.
 */
export interface PlatformProbe {
  /** Inside the native app shell (Capacitor's web view). */
  isNativePlatform(): boolean;
  /** A phone or tablet browser (not the native shell). */
  isMobileBrowser(): boolean;
}

const MOBILE_USER_AGENT = /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i;

export const browserPlatform: PlatformProbe = {
  isNativePlatform: () => Capacitor.isNativePlatform(),
  isMobileBrowser: () => {
    if (typeof navigator === 'undefined') return false;
    if (MOBILE_USER_AGENT.test(navigator.userAgent)) return true;
    // iPadOS reports a desktop user agent; a touch screen at phone width counts as mobile too.
    const narrowTouch =
      typeof window !== 'undefined' &&
      navigator.maxTouchPoints > 1 &&
      window.matchMedia?.(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`).matches;
    return Boolean(narrowTouch);
  },
};

/**
 * Opens a page of an outside service (the payment provider's onboarding): the whole window on the
 * web, an in-app browser tab in the native shell.
 */
export async function openExternalUrl(url: string, probe: PlatformProbe = browserPlatform): Promise<void> {
  if (probe.isNativePlatform()) {
    const { Browser } = await import('@capacitor/browser');
    await Browser.open({ url });
    return;
  }
  window.location.assign(url);
}
