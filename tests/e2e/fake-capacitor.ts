import type { Page } from '@playwright/test';

/**
 * A fake native bridge for the Capacitor web runtime, injected before the app loads: it makes
 * `Capacitor.isNativePlatform()` true (a custom "android" platform), answers the plugin methods the
 * app uses, records every call (kept in sessionStorage across full page loads) and lets the test
 * fire native events (appUrlOpen, push taps, the in-app browser closing).
 */

export interface NativeCall {
  plugin: string;
  method: string;
  options: Record<string, unknown> | undefined;
}

function fakeBridge() {
  const KEY = 'fake-capacitor-calls';
  const calls: NativeCall[] = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
  const record = (call: NativeCall) => {
    calls.push(call);
    sessionStorage.setItem(KEY, JSON.stringify(calls));
  };
  const listeners = new Map<string, { plugin: string; event: string; callback: (data: unknown) => void }>();
  let nextId = 1;
  let permission = sessionStorage.getItem('fake-capacitor-permission') ?? 'prompt';
  // One device token per tab, like a real device keeps its token across app restarts.
  const token =
    sessionStorage.getItem('fake-capacitor-token') ??
    `fake-device-token-${Math.random().toString(36).slice(2, 10)}`;
  sessionStorage.setItem('fake-capacitor-token', token);

  const fire = (plugin: string, event: string, data: unknown) => {
    for (const listener of listeners.values()) {
      if (listener.plugin === plugin && listener.event === event) listener.callback(data);
    }
  };
  const header = (name: string, methods: string[]) => ({
    name,
    methods: [
      ...[...methods, 'removeListener', 'removeAllListeners'].map((method) => ({
        name: method,
        rtype: 'promise',
      })),
      { name: 'addListener', rtype: 'callback' },
    ],
  });

  const w = window as unknown as Record<string, unknown>;
  w.CapacitorCustomPlatform = { name: 'android', plugins: {} };
  w.Capacitor = {
    PluginHeaders: [
      header('App', ['getLaunchUrl', 'getState', 'getInfo', 'exitApp', 'minimizeApp']),
      header('Browser', ['open', 'close']),
      header('PushNotifications', [
        'checkPermissions',
        'requestPermissions',
        'register',
        'unregister',
        'getDeliveredNotifications',
      ]),
      header('StatusBar', [
        'setStyle',
        'setBackgroundColor',
        'show',
        'hide',
        'getInfo',
        'setOverlaysWebView',
      ]),
      header('SplashScreen', ['show', 'hide']),
    ],
    nativePromise(plugin: string, method: string, options?: Record<string, unknown>) {
      record({ plugin, method, options });
      if (method === 'removeListener') listeners.delete(String(options?.callbackId));
      if (method === 'removeAllListeners') {
        for (const [id, listener] of listeners) if (listener.plugin === plugin) listeners.delete(id);
      }
      if (plugin === 'PushNotifications' && method === 'checkPermissions')
        return Promise.resolve({ receive: permission });
      if (plugin === 'PushNotifications' && method === 'requestPermissions') {
        permission = 'granted';
        sessionStorage.setItem('fake-capacitor-permission', permission);
        return Promise.resolve({ receive: permission });
      }
      if (plugin === 'PushNotifications' && method === 'register') {
        setTimeout(() => fire('PushNotifications', 'registration', { value: token }), 0);
      }
      return Promise.resolve({});
    },
    nativeCallback(
      plugin: string,
      method: string,
      options: Record<string, unknown>,
      callback: (data: unknown) => void,
    ) {
      record({ plugin, method, options });
      const id = String(nextId++);
      listeners.set(id, { plugin, event: String(options?.eventName), callback });
      return id;
    },
  };
  w.__fakeNative = {
    calls,
    fire,
    token,
    listening: (plugin: string, event: string) =>
      [...listeners.values()].some((listener) => listener.plugin === plugin && listener.event === event),
  };
}

export async function installFakeCapacitor(page: Page) {
  await page.addInitScript(fakeBridge);
}

type FakeNative = {
  calls: NativeCall[];
  token: string;
  fire: (plugin: string, event: string, data: unknown) => void;
  listening: (plugin: string, event: string) => boolean;
};
type WithFake = { __fakeNative?: FakeNative };

export const nativeCalls = (page: Page, plugin: string, method?: string) =>
  page.evaluate(
    ([p, m]) =>
      (window as unknown as WithFake).__fakeNative!.calls.filter(
        (call) => call.plugin === p && (!m || call.method === m),
      ),
    [plugin, method] as const,
  );

export const nativeToken = (page: Page) =>
  page.evaluate(() => (window as unknown as WithFake).__fakeNative!.token);

/** Fires a native event once the app listens for it. */
export async function fireNative(page: Page, plugin: string, event: string, data: unknown) {
  await page.waitForFunction(([p, e]) => (window as unknown as WithFake).__fakeNative?.listening(p, e), [
    plugin,
    event,
  ] as const);
  await page.evaluate(([p, e, d]) => (window as unknown as WithFake).__fakeNative!.fire(p, e, d), [
    plugin,
    event,
    data,
  ] as const);
}
