// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { webPushMessages as webPushText } from '@shared/messages/web-push';
import {
  restoreWebPushBrowser,
  stubWebPushBrowser,
  TEST_PUSH_ENDPOINT,
  TEST_VAPID_KEY,
} from '@web/test/web-push-browser';
import { NotificationBell } from './notification-bell';
import { pushOfferKey } from './push-offer';

vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));

let browser: ReturnType<typeof stubWebPushBrowser>;
let userId: string;
let posts: Array<{ path: string; body: unknown }>;

beforeEach(() => {
  localStorage.clear();
  posts = [];
  userId = 'user-1';
  browser = stubWebPushBrowser();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (init?.method === 'POST') {
        posts.push({ path, body: JSON.parse(String(init.body)) });
        return Response.json(
          { id: 's1', endpoint: TEST_PUSH_ENDPOINT, created_at: '2026-01-01T00:00:00Z' },
          { status: 201 },
        );
      }
      if (path === '/api/me') return Response.json({ user: { id: userId, email: 'a@example.test' } });
      if (path === '/api/web-push/public-key') return Response.json({ public_key: TEST_VAPID_KEY });
      return Response.json({ notifications: [], unread_count: 0 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  restoreWebPushBrowser();
});

/** Renders the bell as a fresh page load would, and opens its popover. */
async function openBell() {
  cleanup();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <NotificationBell />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: /Notifications, \d+ unread/ }));
  await screen.findByText('No new notifications');
  // The offer waits for the signed-in user.
  await waitFor(() => expect(client.getQueryData(['me'])).toBeTruthy());
}

const offer = () => screen.queryByRole('region', { name: webPushText.offerTitle });

describe('the bell\'s one-time "Turn on notifications" offer', () => {
  it('subscribes the browser as the Notifications tab does, then never shows again', async () => {
    await openBell();
    expect(offer()).toBeInTheDocument();
    browser.permission = 'granted';
    fireEvent.click(screen.getByRole('button', { name: webPushText.offerAccept }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(webPushText.turnedOn));
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(posts).toEqual([
      {
        path: '/api/web-push/subscriptions',
        body: { endpoint: TEST_PUSH_ENDPOINT, keys: { p256dh: 'p', auth: 'a' } },
      },
    ]);
    expect(offer()).toBeNull();

    // Even if the permission were still undecided on the next visit, the answer is remembered.
    browser.permission = 'default';
    await openBell();
    expect(offer()).toBeNull();
  });

  it('hides for good on "Not now" without asking the browser, for this user only', async () => {
    await openBell();
    fireEvent.click(screen.getByRole('button', { name: webPushText.offerDismiss }));
    expect(offer()).toBeNull();
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(posts).toHaveLength(0);
    expect(localStorage.getItem(pushOfferKey('user-1'))).not.toBeNull();

    await openBell();
    expect(offer()).toBeNull();

    // Another person signing in on this browser is still offered it.
    userId = 'user-2';
    await openBell();
    expect(offer()).toBeInTheDocument();
  });

  it('is not offered once the browser has answered, nor where push is not supported', async () => {
    for (const permission of ['granted', 'denied'] as const) {
      browser.permission = permission;
      await openBell();
      expect(offer()).toBeNull();
    }
    browser.permission = 'default';
    vi.stubGlobal('PushManager', undefined);
    Reflect.deleteProperty(window, 'PushManager');
    await openBell();
    expect(offer()).toBeNull();
  });
});
