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

/** What the native shell puts on `window` before the web app loads. */
export interface CapacitorWindow {
  CapacitorCustomPlatform?: { name: string } | null;
  androidBridge?: unknown;
  webkit?: { messageHandlers?: { bridge?: unknown } };
}

/**
 * `Capacitor.isNativePlatform()` without loading @capacitor/core: the same reading of the window as
 * its getPlatformId (a custom platform's name, else Android's bridge, else iOS's message handler).
 * Every page asks this at start, and the landing page should not download the plugin runtime for a
 * "no" (decision 0108); the native code itself is imported only once this says yes.
 */
export function isNativeWindow(win: CapacitorWindow | undefined): boolean {
  if (!win) return false;
  const custom = win.CapacitorCustomPlatform;
  if (custom) return custom.name !== 'web';
  return Boolean(win.androidBridge) || Boolean(win.webkit?.messageHandlers?.bridge);
}

export const browserPlatform: PlatformProbe = {
  isNativePlatform: () => isNativeWindow(typeof window === 'undefined' ? undefined : (window as CapacitorWindow)),
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
