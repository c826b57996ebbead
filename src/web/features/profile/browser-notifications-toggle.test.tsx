// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { webPushMessages as webPushText } from '@shared/messages/web-push';
import { BrowserNotificationsToggle } from './browser-notifications-toggle';
import {
  fakePushSubscription,
  restoreWebPushBrowser,
  stubWebPushBrowser,
  TEST_PUSH_ENDPOINT,
  TEST_VAPID_KEY,
} from '@web/test/web-push-browser';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const requests: Array<{ method: string; path: string; body?: unknown }> = [];
let browser: ReturnType<typeof stubWebPushBrowser>;

beforeEach(() => {
  requests.length = 0;
  browser = stubWebPushBrowser();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      requests.push({ method, path: url.pathname + url.search, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.pathname === '/api/web-push/public-key') return Response.json({ public_key: TEST_VAPID_KEY });
      if (method === 'POST') return Response.json({ id: 's1', endpoint: TEST_PUSH_ENDPOINT, created_at: '2026-01-01T00:00:00Z' }, { status: 201 });
      return new Response(null, { status: 204 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  restoreWebPushBrowser();
});

describe('BrowserNotificationsToggle', () => {
  it('asks permission, registers the worker, subscribes with the VAPID key and saves the subscription', async () => {
    render(<BrowserNotificationsToggle />);
    const toggle = await screen.findByRole('switch', { name: webPushText.toggleLabel });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    browser.permission = 'granted';
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(browser.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(requests.find((r) => r.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/web-push/subscriptions',
      body: { endpoint: TEST_PUSH_ENDPOINT, keys: { p256dh: 'p', auth: 'a' } },
    });
    expect(toast.success).toHaveBeenCalledWith(webPushText.turnedOn);
  });

  it('says how to allow notifications when the user blocks them, and subscribes nothing', async () => {
    browser.permission = 'denied';
    render(<BrowserNotificationsToggle />);
    const toggle = await screen.findByRole('switch', { name: webPushText.toggleLabel });
    await waitFor(() => expect(toggle).toBeEnabled());
    fireEvent.click(toggle);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(webPushText.denied));
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(requests).toHaveLength(0);
  });

  it('shows on for a subscribed browser and turns off on the server and in the browser', async () => {
    browser.permission = 'granted';
    browser.existing = fakePushSubscription();
    const subscription = browser.existing;
    render(<BrowserNotificationsToggle />);
    const toggle = await screen.findByRole('switch', { name: webPushText.toggleLabel });
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(requests).toEqual([{ method: 'DELETE', path: `/api/web-push/subscriptions?endpoint=${encodeURIComponent(TEST_PUSH_ENDPOINT)}`, body: undefined }]);
    expect(subscription.unsubscribe).toHaveBeenCalled();
  });

  it('says so when the browser has no Push API', () => {
    vi.stubGlobal('PushManager', undefined);
    Reflect.deleteProperty(window, 'PushManager');
    render(<BrowserNotificationsToggle />);
    expect(screen.getByText(webPushText.unsupported)).toBeInTheDocument();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
