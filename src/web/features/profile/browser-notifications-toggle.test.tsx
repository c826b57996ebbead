// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { webPushMessages as m } from '@shared/messages/webPush';
import { BrowserNotificationsToggle } from './browser-notifications-toggle';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const PUBLIC_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const ENDPOINT = 'https://push.example.test/send/abc';
const requests: Array<{ method: string; path: string; body?: unknown }> = [];
let permission: NotificationPermission;
let existing: { endpoint: string; unsubscribe: ReturnType<typeof vi.fn>; toJSON: () => unknown } | null;
const subscribe = vi.fn();
const register = vi.fn();

function pushSubscription() {
  return { endpoint: ENDPOINT, unsubscribe: vi.fn(async () => true), toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: 'p', auth: 'a' } }) };
}

beforeEach(() => {
  requests.length = 0;
  permission = 'default';
  existing = null;
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', {
    get permission() {
      return permission;
    },
    requestPermission: vi.fn(async () => permission),
  });
  subscribe.mockImplementation(async (options: { applicationServerKey: Uint8Array }) => {
    expect(options.applicationServerKey).toHaveLength(65);
    existing = pushSubscription();
    return existing;
  });
  const registration = { pushManager: { subscribe, getSubscription: async () => existing } };
  register.mockResolvedValue(registration);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register, ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      requests.push({ method, path: url.pathname + url.search, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.pathname === '/api/web-push/public-key') return Response.json({ public_key: PUBLIC_KEY });
      if (method === 'POST') return Response.json({ id: 's1', endpoint: ENDPOINT, created_at: '2026-01-01T00:00:00Z' }, { status: 201 });
      return new Response(null, { status: 204 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('BrowserNotificationsToggle', () => {
  it('asks permission, registers the worker, subscribes with the VAPID key and saves the subscription', async () => {
    render(<BrowserNotificationsToggle />);
    const toggle = await screen.findByRole('switch', { name: m.toggleLabel });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    permission = 'granted';
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(requests.find((r) => r.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/web-push/subscriptions',
      body: { endpoint: ENDPOINT, keys: { p256dh: 'p', auth: 'a' } },
    });
    expect(toast.success).toHaveBeenCalledWith(m.turnedOn);
  });

  it('says how to allow notifications when the user blocks them, and subscribes nothing', async () => {
    permission = 'denied';
    render(<BrowserNotificationsToggle />);
    const toggle = await screen.findByRole('switch', { name: m.toggleLabel });
    await waitFor(() => expect(toggle).toBeEnabled());
    fireEvent.click(toggle);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(m.denied));
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(subscribe).not.toHaveBeenCalled();
    expect(requests).toHaveLength(0);
  });

  it('shows on for a subscribed browser and turns off on the server and in the browser', async () => {
    permission = 'granted';
    existing = pushSubscription();
    const subscription = existing;
    render(<BrowserNotificationsToggle />);
    const toggle = await screen.findByRole('switch', { name: m.toggleLabel });
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(requests).toEqual([{ method: 'DELETE', path: `/api/web-push/subscriptions?endpoint=${encodeURIComponent(ENDPOINT)}`, body: undefined }]);
    expect(subscription.unsubscribe).toHaveBeenCalled();
  });

  it('says so when the browser has no Push API', () => {
    vi.stubGlobal('PushManager', undefined);
    Reflect.deleteProperty(window, 'PushManager');
    render(<BrowserNotificationsToggle />);
    expect(screen.getByText(m.unsupported)).toBeInTheDocument();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
