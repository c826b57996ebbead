// @vitest-environment jsdom
import { Profiler } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Toaster } from '@web/components/ui/toaster';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { NotificationBell } from './notification-bell';

// The realtime socket: the test hands the bell an event as the server would push it.
const realtime = vi.hoisted(() => ({
  onEvent: null as null | ((event: { op: string; id: string }) => void),
  onSubscribed: null as null | (() => void),
}));
vi.mock('@web/lib/use-realtime', () => ({
  useRealtimeConnected: () => true,
  useRealtimeChannel: (
    _prefix: string,
    _id: string | undefined,
    _topic: string,
    onEvent: (event: { op: string; id: string }) => void,
    _onError?: unknown,
    _isExpectedRefusal?: unknown,
    onSubscribed?: () => void,
  ) => {
    realtime.onEvent = onEvent;
    realtime.onSubscribed = onSubscribed ?? null;
  },
}));

const TASK = '22222222-2222-4222-8222-222222222222';
const NOTIFICATION = {
  id: 'n1',
  user_id: 'u',
  type: 'assignment',
  title: 'New Assignment',
  message: 'You have been hired.',
  task_id: TASK,
  data: null,
  read: false,
  created_at: new Date().toISOString(),
};
let posts: string[];
let failPosts: boolean;
let unread: number;

beforeEach(() => {
  posts = [];
  failPosts = false;
  unread = 12;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push(url);
        return failPosts
          ? new Response('{}', { status: 500 })
          : new Response('{"success":true}', {
              status: 200,
              headers: { 'content-type': 'application/json' },
            });
      }
      const notifications = [NOTIFICATION];
      return new Response(JSON.stringify({ notifications, unread_count: unread }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderBell(onCommit?: (phase: string) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <Profiler id="bell" onRender={(_id, phase) => onCommit?.(phase)}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/dashboard']}>
          <Routes>
            <Route path="/dashboard" element={<NotificationBell />} />
            <Route path="/task/:id" element={<p>Task page</p>} />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>
    </Profiler>,
  );
}

describe('NotificationBell', () => {
  it('shows 9+ above 9', async () => {
    renderBell();
    expect(await screen.findByTestId('notification-badge')).toHaveTextContent('9+');
  });

  it("keeps the badge's visible text in the bell's name (WCAG 2.5.3, label in name)", async () => {
    renderBell();
    const bell = await screen.findByRole('button', { name: /^Notifications, 12 unread/ });
    const badge = within(bell).getByTestId('notification-badge').textContent ?? '';
    expect(badge).toBe('9+');
    expect(bell).toHaveAccessibleName('Notifications, 12 unread (9+)');
    expect(bell.getAttribute('aria-label')).toContain(badge);
  });

  it('names the bell with the count it shows at 9 or fewer', async () => {
    unread = 3;
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(bell.getAttribute('aria-label')).toContain(
      within(bell).getByTestId('notification-badge').textContent ?? '?',
    );
  });

  it('opens as a dialog named by its heading (axe: aria-dialog-name)', async () => {
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 12 unread (9+)' }));
    expect(await screen.findByRole('dialog', { name: 'Notifications' })).toBeVisible();
  });

  it('mounts without re-rendering the page inside its own commit (no nested update; issue 25)', async () => {
    const phases: string[] = [];
    renderBell((phase) => phases.push(phase));
    await screen.findByTestId('notification-badge');
    expect(phases[0]).toBe('mount');
    expect(phases).not.toContain('nested-update');
  });

  it('is a keyboard toggle: Enter opens the list, Escape closes it and gives focus back to the bell, a second press closes it', async () => {
    const user = userEvent.setup();
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 12 unread (9+)' });
    expect(bell).toHaveAttribute('aria-haspopup', 'dialog');
    expect(bell).toHaveAttribute('aria-expanded', 'false');

    bell.focus();
    await user.keyboard('{Enter}');
    const list = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    expect(bell).toHaveAttribute('aria-controls', list.id);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bell).toHaveFocus();
    expect(bell).toHaveAttribute('aria-expanded', 'false');

    // Pressing the bell while its list is open closes the list (it does not close and reopen it).
    await user.click(bell);
    expect(await screen.findByRole('dialog', { name: 'Notifications' })).toBeVisible();
    await user.click(bell);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('reads the list again once the server confirms its topic, showing what arrived before the socket listened', async () => {
    renderBell();
    await screen.findByRole('button', { name: 'Notifications, 12 unread (9+)' });
    // Made after the bell's first read and before the subscription: no live event came for it.
    unread = 13;
    act(() => realtime.onSubscribed?.());
    expect(await screen.findByRole('button', { name: 'Notifications, 13 unread (9+)' })).toBeInTheDocument();
  });

  it('marks a clicked notification read and opens its task', async () => {
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 12 unread (9+)' }));
    fireEvent.click(await screen.findByRole('button', { name: /New Assignment/ }));
    expect(await screen.findByText('Task page')).toBeInTheDocument();
    await waitFor(() => expect(posts).toContain('/api/notifications/n1/read'));
  });

  it('toasts a new notification at the top, or at the bottom while the list is open over the top (issue 25)', async () => {
    renderBell();
    await screen.findByRole('button', { name: 'Notifications, 12 unread (9+)' });
    act(() => realtime.onEvent?.({ op: 'insert', id: 'n1' }));
    const toastAt = async (y: 'top' | 'bottom') =>
      waitFor(() => {
        const toaster = document.querySelector(`[data-sonner-toaster][data-y-position="${y}"]`);
        expect(toaster?.textContent).toContain('You have been hired.');
      });
    await toastAt('top');
    fireEvent.click(screen.getByRole('button', { name: 'Notifications, 12 unread (9+)' }));
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    act(() => realtime.onEvent?.({ op: 'insert', id: 'n1' }));
    await toastAt('bottom');
  });

  it('toasts a notification whose event came while an older read was still on its way', async () => {
    // The read that the subscription's confirmation starts is held; the notification is made after it
    // left, so that read cannot hold it. The event then arrives while it is still in flight.
    let inserted = false;
    let holdNext = false;
    let release: () => void = () => {};
    const alert = {
      ...NOTIFICATION,
      id: 'n2',
      type: 'task_alert',
      title: 'New Task Nearby',
      message: 'A task was posted near you.',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        const notifications = inserted ? [alert, NOTIFICATION] : [NOTIFICATION];
        const answer = () =>
          new Response(JSON.stringify({ notifications, unread_count: notifications.length }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          });
        if (!holdNext) return answer();
        holdNext = false;
        return new Promise<Response>((resolve) => (release = () => resolve(answer())));
      }),
    );
    renderBell();
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    holdNext = true;
    act(() => realtime.onSubscribed?.());
    await waitFor(() => expect(holdNext).toBe(false));
    inserted = true;
    act(() => realtime.onEvent?.({ op: 'insert', id: 'n2' }));
    await act(async () => release());
    await waitFor(() =>
      expect(document.querySelector('[data-sonner-toaster]')?.textContent).toContain(
        'A task was posted near you.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
  });

  it('says so when Mark all as read fails', async () => {
    failPosts = true;
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 12 unread (9+)' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('Failed to mark notifications as read')).toBeInTheDocument();
  });
});
