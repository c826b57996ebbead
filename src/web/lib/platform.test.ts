import { describe, expect, it } from 'vitest';
import { isMobileDevice, isNativeWindow, type DeviceSignals } from './platform';

const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36';
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';

const device = (overrides: Partial<DeviceSignals>): DeviceSignals => ({
  userAgent: DESKTOP_UA,
  maxTouchPoints: 0,
  coarsePointer: false,
  narrow: false,
  ...overrides,
});

describe('isMobileDevice', () => {
  it('takes a phone user agent as mobile at any width', () => {
    expect(isMobileDevice(device({ userAgent: IPHONE_UA, maxTouchPoints: 5, coarsePointer: true }))).toBe(
      true,
    );
    expect(isMobileDevice(device({ userAgent: IPHONE_UA }))).toBe(true);
  });

  it('takes a touch screen at phone width as mobile, even with one touch point or a desktop user agent', () => {
    expect(isMobileDevice(device({ maxTouchPoints: 1, narrow: true }))).toBe(true);
    expect(isMobileDevice(device({ coarsePointer: true, narrow: true }))).toBe(true);
  });

  it('takes iPadOS, which says Macintosh but has a touch screen, as mobile', () => {
    expect(isMobileDevice(device({ userAgent: IPAD_DESKTOP_UA, maxTouchPoints: 5 }))).toBe(true);
    expect(isMobileDevice(device({ userAgent: IPAD_DESKTOP_UA, maxTouchPoints: 0 }))).toBe(false);
  });

  it('never decides by width alone: a narrow desktop window stays desktop', () => {
    expect(isMobileDevice(device({ narrow: true }))).toBe(false);
    expect(isMobileDevice(device({}))).toBe(false);
  });
});

describe('isNativeWindow', () => {
  it('is native inside the Android and iOS shells, and on a custom platform other than web', () => {
    expect(isNativeWindow({ androidBridge: {} })).toBe(true);
    expect(isNativeWindow({ webkit: { messageHandlers: { bridge: {} } } })).toBe(true);
    expect(isNativeWindow({ CapacitorCustomPlatform: { name: 'electron' } })).toBe(true);
  });

  it('is not native in a plain browser, in Safari without the bridge, or on a custom web platform', () => {
    expect(isNativeWindow({})).toBe(false);
    expect(isNativeWindow(undefined)).toBe(false);
    expect(isNativeWindow({ webkit: { messageHandlers: {} } })).toBe(false);
    expect(isNativeWindow({ CapacitorCustomPlatform: { name: 'web' }, androidBridge: {} })).toBe(false);
  });

  it('agrees with @capacitor/core in this (browser-like) test window', async () => {
    const { Capacitor } = await import('@capacitor/core');
    expect(isNativeWindow(globalThis as CapacitorWindowLike)).toBe(Capacitor.isNativePlatform());
  });
});

type CapacitorWindowLike = Parameters<typeof isNativeWindow>[0];
