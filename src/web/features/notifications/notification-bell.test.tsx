// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationBell } from './notification-bell';

const TASK = '22222222-2222-4222-8222-222222222222';
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
          : new Response('{"success":true}', { status: 200, headers: { 'content-type': 'application/json' } });
      }
      const notifications = [
        { id: 'n1', user_id: 'u', type: 'assignment', title: 'New Assignment', message: 'You have been hired.', task_id: TASK, data: null, read: false, created_at: new Date().toISOString() },
      ];
      return new Response(JSON.stringify({ notifications, unread_count: unread }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderBell() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes>
          <Route path="/dashboard" element={<NotificationBell />} />
          <Route path="/task/:id" element={<p>Task page</p>} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('NotificationBell', () => {
  it('shows 9+ above 9', async () => {
    renderBell();
    expect(await screen.findByTestId('notification-badge')).toHaveTextContent('9+');
  });

  it('marks a clicked notification read and opens its task', async () => {
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 12 unread' }));
    fireEvent.click(await screen.findByRole('button', { name: /New Assignment/ }));
    expect(await screen.findByText('Task page')).toBeInTheDocument();
    await waitFor(() => expect(posts).toContain('/api/notifications/n1/read'));
  });

  it('says so when Mark all as read fails', async () => {
    failPosts = true;
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 12 unread' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('Failed to mark notifications as read')).toBeInTheDocument();
  });
});
