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

const MOBILE_USER_AGENT = /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile|Silk|Kindle|BlackBerry/i;

/** What the browser tells about the device, read once per decision. */
export interface DeviceSignals {
  userAgent: string;
  /** navigator.maxTouchPoints: 0 without a touch screen. */
  maxTouchPoints: number;
  /** The main pointer is a finger: `(pointer: coarse)`. */
  coarsePointer: boolean;
  /** The viewport is under the phone breakpoint (768 px). */
  narrow: boolean;
}

/**
 * A phone or tablet browser, by the user agent and touch (spec 000, payment-provider return):
 * a mobile user agent; iPadOS, which reports a desktop Mac user agent but has a touch screen; or any
 * touch-first device with a phone-width viewport ("request desktop site" on a phone). Width alone
 * never counts: a narrow desktop window is still desktop.
 */
export function isMobileDevice({ userAgent, maxTouchPoints, coarsePointer, narrow }: DeviceSignals): boolean {
  if (MOBILE_USER_AGENT.test(userAgent)) return true;
  const touch = maxTouchPoints > 0 || coarsePointer;
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return true;
  return touch && narrow;
}

function readDeviceSignals(): DeviceSignals | null {
  if (typeof navigator === 'undefined' || typeof window === 'undefined') return null;
  const media = (query: string) => Boolean(window.matchMedia?.(query).matches);
  return {
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    coarsePointer: media('(pointer: coarse)'),
    narrow: media(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`),
  };
}

export const browserPlatform: PlatformProbe = {
  isNativePlatform: () => Capacitor.isNativePlatform(),
  isMobileBrowser: () => {
    const signals = readDeviceSignals();
    return signals ? isMobileDevice(signals) : false;
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
