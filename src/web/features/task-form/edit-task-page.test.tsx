// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@shared/messages';
import EditTaskPage from './edit-task-page';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() } }));
vi.mock('@web/lib/session', () => ({ useMe: () => ({ data: { user: { id: 'client-2' }, profile: { id: 'client-2' } } }) }));

const answerWith = (status: number, body: unknown) =>
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })));

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, retryDelay: 0 } } });
  const router = createMemoryRouter(
    [
      { path: '/task/:taskId/edit', element: <EditTaskPage /> },
      { path: '/task/:taskId', element: <p>task page</p> },
      { path: '/dashboard', element: <p>dashboard</p> },
    ],
    { initialEntries: ['/task/t-1/edit'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => vi.mocked(toast.error).mockClear());
afterEach(() => vi.unstubAllGlobals());

describe('/task/{id}/edit for someone else', () => {
  it("says another client's task is not theirs to edit and opens the task page", async () => {
    answerWith(404, { error: { code: 'not_found', message: messages.tasks.notFound } });
    const router = renderPage();
    expect(await screen.findByText('task page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/task/t-1');
    expect(toast.error).toHaveBeenCalledWith(messages.tasks.editOwnOnly);
    expect(toast.error).not.toHaveBeenCalledWith(messages.tasks.loadForEditFailed);
  });

  it('keeps "Failed to load task data" and the dashboard for a failed load', async () => {
    answerWith(500, { error: { code: 'internal', message: 'boom' } });
    const router = renderPage();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(toast.error).toHaveBeenCalledWith(messages.tasks.loadForEditFailed);
  });
});
