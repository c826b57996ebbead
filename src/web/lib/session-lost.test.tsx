// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { toast } from 'sonner';
import { authMessages } from '@shared/messages/auth';
import { RequireAuth } from '@web/app/guards';
import { api } from './api';
import { realtime } from './realtime';
import { meQueryKey } from './session';
import { installSessionLostHandler } from './session-lost';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const me = {
  user: { id: 'u1' },
  profile: { id: 'u1' },
  roles: { isAdmin: false, isExpert: false },
  session: {},
};

function ProfilePage() {
  const save = useMutation({
    mutationFn: () => api.patch('/api/profile', { first_name: 'A' }),
    onError: () => toast.error('Failed to update profile'),
  });
  return <button onClick={() => save.mutate()}>Save</button>;
}

function AuthPage() {
  const location = useLocation();
  return <p>auth page from {(location.state as { from?: string } | null)?.from}</p>;
}

let uninstall = () => undefined as void;
let queryClient: QueryClient;

function renderApp(url: string) {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(meQueryKey, me);
  queryClient.setQueryData(['tasks', 'mine'], [{ id: 't1' }]);
  uninstall = installSessionLostHandler(queryClient);
  const router = createMemoryRouter(
    [
      {
        path: '/profile',
        element: (
          <RequireAuth>
            <ProfilePage />
          </RequireAuth>
        ),
      },
      { path: '/auth', element: <AuthPage /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.mocked(toast.error).mockClear();
});
afterEach(() => {
  uninstall();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a session that ends while a page is open', () => {
  it('clears the cached user, closes the socket and sends the page to /auth with the spec text, remembering it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401, { error: { code: 'unauthorized', message: 'Unauthorized' } })),
    );
    const disconnect = vi.spyOn(realtime, 'disconnect');
    const router = renderApp('/profile');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('auth page from /profile')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(queryClient.getQueryData(meQueryKey)).toBeNull();
    expect(queryClient.getQueryData(['tasks', 'mine'])).toBeUndefined();
    expect(disconnect).toHaveBeenCalled();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(authMessages.signInRequired));
    // The screen's own failure text never shows: one handler speaks for every screen.
    expect(toast.error).not.toHaveBeenCalledWith('Failed to update profile');
  });

  it('sends a request again when its 401 met a session just replaced, and keeps the user signed in', async () => {
    // Turning on two-factor sign-in replaces the session: a request sent with the old cookie is
    // refused, while the session probe, sent after the browser took the new cookie, answers.
    let profileCalls = 0;
    const fetchMock = vi.fn(async (url: string) => {
      if (url === '/api/me') return answer(200, me);
      profileCalls += 1;
      return profileCalls === 1
        ? answer(401, { error: { code: 'unauthorized', message: 'Unauthorized' } })
        : answer(200, { saved: true });
    });
    vi.stubGlobal('fetch', fetchMock);
    const disconnect = vi.spyOn(realtime, 'disconnect');
    const router = renderApp('/profile');

    await expect(api.patch('/api/profile', { first_name: 'A' })).resolves.toEqual({ saved: true });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/profile', '/api/me', '/api/profile']);
    expect(queryClient.getQueryData(meQueryKey)).toEqual(me);
    expect(router.state.location.pathname).toBe('/profile');
    expect(disconnect).not.toHaveBeenCalled();
  });

  it('sends an upload again when its 401 met a session just replaced', async () => {
    // XMLHttpRequest (the upload's progress needs it) answering 401 to the first send, 201 after.
    const sends: string[] = [];
    class FakeXhr {
      status = 0;
      responseText = '';
      upload = { onprogress: null };
      withCredentials = false;
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      private path = '';
      open(_method: string, path: string) {
        this.path = path;
      }
      send() {
        sends.push(this.path);
        const first = sends.length === 1;
        this.status = first ? 401 : 201;
        this.responseText = JSON.stringify(
          first ? { error: { code: 'unauthorized', message: 'Unauthorized' } } : { id: 'e1' },
        );
        queueMicrotask(() => this.onload?.());
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const fetchMock = vi.fn(async () => answer(200, me));
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/profile');

    await expect(api.upload('/api/tasks/t1/evidence', new FormData())).resolves.toEqual({ id: 'e1' });
    expect(sends).toEqual(['/api/tasks/t1/evidence', '/api/tasks/t1/evidence']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(meQueryKey)).toEqual(me);
  });

  it('leaves other failures and a visitor without a session as plain errors', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(403, { error: { code: 'forbidden', message: 'No' } })),
    );
    renderApp('/profile');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to update profile'));
    expect(queryClient.getQueryData(meQueryKey)).toEqual(me);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401, { error: { code: 'unauthorized', message: 'Unauthorized' } })),
    );
    queryClient.setQueryData(meQueryKey, null);
    await expect(api.get('/api/notifications')).rejects.toMatchObject({ status: 401 });
  });
});
