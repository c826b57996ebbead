// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@shared/messages';
import { renderRoute } from '@web/test/render-route';
import { RoleCard } from './role-card';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const text = messages.polish;
type Reply = { status?: number; body: unknown };

function serve(routes: Record<string, () => Reply>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const route = routes[`${init?.method ?? 'GET'} ${String(input)}`];
    const { status = 200, body } = route ? route() : { status: 404, body: { error: { code: 'not_found', message: 'x' } } };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

describe('RoleCard (the role control the role dialog promises)', () => {
  it('lets an expert switch back to client', async () => {
    const fetchMock = serve({ 'POST /api/me/role': () => ({ body: { changed: true, roles: { isAdmin: false, isExpert: false } } }) });
    renderRoute('/profile', <RoleCard isExpert />, '/profile');
    expect(screen.getByText(text.roleExpertNow)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: text.roleSwitchToClient }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(text.roleSwitchedToClient));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/me/role');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ role: 'client' });
  });

  it("shows the server's reason when an expert with a task in flight is refused", async () => {
    serve({ 'POST /api/me/role': () => ({ status: 409, body: { error: { code: 'conflict', message: text.roleTaskInFlight } } }) });
    renderRoute('/profile', <RoleCard isExpert />, '/profile');
    fireEvent.click(screen.getByRole('button', { name: text.roleSwitchToClient }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(text.roleTaskInFlight));
  });

  it('sends a client with no application to the expert application', async () => {
    serve({ 'GET /api/experts/me': () => ({ body: { expert: null } }) });
    renderRoute('/profile', <RoleCard isExpert={false} />, '/profile');
    expect(await screen.findByRole('link', { name: text.roleApply })).toHaveAttribute('href', '/expert-verification');
  });

  it('lets a former expert with an application on file work as an expert again', async () => {
    serve({
      'GET /api/experts/me': () => ({ body: { expert: { lpca_terms_accepted: true } } }),
      'POST /api/me/role': () => ({ body: { changed: true, roles: { isAdmin: false, isExpert: true } } }),
    });
    renderRoute('/profile', <RoleCard isExpert={false} />, '/profile');
    fireEvent.click(await screen.findByRole('button', { name: text.roleSwitchToExpert }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(text.roleSwitchedToExpert));
  });
});
