import { expect, vi } from 'vitest';

export const TEST_VAPID_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
export const TEST_PUSH_ENDPOINT = 'https://push.example.test/send/abc';

export interface FakePushSubscription {
  endpoint: string;
  unsubscribe: ReturnType<typeof vi.fn>;
  toJSON: () => unknown;
}

export function fakePushSubscription(): FakePushSubscription {
  return {
    endpoint: TEST_PUSH_ENDPOINT,
    unsubscribe: vi.fn(async () => true),
    toJSON: () => ({ endpoint: TEST_PUSH_ENDPOINT, keys: { p256dh: 'p', auth: 'a' } }),
  };
}

/**
 * A browser with the Push API for jsdom: Notification (its permission is `browser.permission`, and the
 * prompt answers with it), a service worker registration whose pushManager subscribes with the VAPID key.
 * Undo with `restoreWebPushBrowser()` (vi.unstubAllGlobals does not remove navigator.serviceWorker).
 */
export function stubWebPushBrowser() {
  const browser = {
    permission: 'default' as NotificationPermission,
    existing: null as FakePushSubscription | null,
    subscribe: vi.fn(),
    register: vi.fn(),
    requestPermission: vi.fn(async () => browser.permission),
  };
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', {
    get permission() {
      return browser.permission;
    },
    requestPermission: browser.requestPermission,
  });
  browser.subscribe.mockImplementation(async (options: { applicationServerKey: Uint8Array }) => {
    expect(options.applicationServerKey).toHaveLength(65);
    browser.existing = fakePushSubscription();
    return browser.existing;
  });
  const registration = { pushManager: { subscribe: browser.subscribe, getSubscription: async () => browser.existing } };
  browser.register.mockResolvedValue(registration);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register: browser.register, ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  return browser;
}

export function restoreWebPushBrowser() {
  Reflect.deleteProperty(navigator, 'serviceWorker');
}
