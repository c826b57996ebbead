// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { renderRoute } from '@web/test/render-route';
import { afterEach, describe, expect, it, vi } from 'vitest';
import TaskDetailsPage from './task-details-page';

const ME = {
  user: { id: 'client-1', email: 'c@example.com' },
  profile: {
    id: 'client-1',
    first_name: 'Casey',
    last_name: 'C',
    avatar_url: null,
    email: 'c@example.com',
    onboarding_completed: true,
    role_selected_at: 'x',
    created_at: 'x',
    updated_at: 'x',
  },
  roles: { isAdmin: false, isExpert: false },
  session: { expiresAt: '2099-01-01T00:00:00.000Z' },
};

function serve(task: () => { status: number; body: unknown }) {
  let taskCalls = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url === '/api/me') return json(200, ME);
      if (url.startsWith('/api/tasks/')) {
        taskCalls += 1;
        const { status, body } = task();
        return json(status, body);
      }
      return json(404, {});
    }),
  );
  return () => taskCalls;
}

function renderPage() {
  renderRoute('/task/:taskId', <TaskDetailsPage />, '/task/abc', { retryDelay: 0 });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('TaskDetailsPage', () => {
  it('shows a spinner while loading', () => {
    serve(() => ({ status: 200, body: {} }));
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading task details...');
  });

  it('says "Task not found" for a missing task, without retrying', async () => {
    const calls = serve(() => ({
      status: 404,
      body: { error: { code: 'not_found', message: 'Task not found' } },
    }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Task not found' })).toBeInTheDocument();
    expect(calls()).toBe(1);
  });

  it('retries a failure once, then shows "Error loading task details"', async () => {
    const calls = serve(() => ({
      status: 500,
      body: { error: { code: 'internal', message: 'Internal error' } },
    }));
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Error loading task details' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(calls()).toBe(2));
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
