// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { accountControlMessages } from '@shared/messages/account-control';
import { authSessionKey, type AuthSessionView } from '@web/lib/auth-session';
import { meQueryKey } from '@web/lib/session';
import { SecurityTab } from '@web/features/profile/security/security-tab';
import { AdminGate, RequireAuth } from './guards';

// The Security tab's cards read the API: stand-ins, the explanation above them is the real one.
vi.mock('@web/features/profile/security/phone-verification-card', () => ({ PhoneVerificationCard: () => <p>Phone card</p> }));
vi.mock('@web/features/profile/account/two-factor-card', () => ({ TwoFactorCard: () => <p>Two-factor card</p> }));
vi.mock('@web/features/profile/account/sessions-card', () => ({ SessionsCard: () => <p>Devices card</p> }));
vi.mock('sonner', () => ({ toast: { error: vi.fn() } }));

function Where() {
  const location = useLocation();
  return <p aria-label="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(url: string, { isAdmin, twoFactorEnabled }: { isAdmin: boolean; twoFactorEnabled: boolean }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(meQueryKey, {
    user: { id: 'u1', email: 'new-admin@example.com' },
    profile: { id: 'u1', role_selected_at: null },
    roles: { isAdmin, isExpert: false },
    session: { expiresAt: '2099-01-01T00:00:00.000Z' },
  });
  queryClient.setQueryData<AuthSessionView>(authSessionKey, {
    user: { id: 'u1', email: 'new-admin@example.com', twoFactorEnabled },
    session: { id: 's1' },
  });
  const signedIn = (content: string) => (
    <RequireAuth>
      <p>{content}</p>
      <Where />
    </RequireAuth>
  );
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/dashboard" element={signedIn('dashboard')} />
          <Route path="/find-tasks" element={signedIn('find tasks')} />
          <Route path="/task/:taskId" element={signedIn('a task')} />
          <Route
            path="/admin/*"
            element={
              <AdminGate>
                <RequireAuth>
                  <p>admin area</p>
                </RequireAuth>
              </AdminGate>
            }
          />
          <Route
            path="/profile"
            element={
              <RequireAuth>
                <SecurityTab isExpert={false} />
                <Where />
              </RequireAuth>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Issue 53 (decision 0474): an admin without two-factor sign-in sets it up before anything else. */
describe('an admin without two-factor sign-in', () => {
  it.each(['/dashboard', '/find-tasks', '/task/t1', '/admin', '/admin?tab=users', '/profile', '/profile?tab=details'])(
    'opening %s lands on the Security tab with the explanation',
    async (url) => {
      renderAt(url, { isAdmin: true, twoFactorEnabled: false });
      expect(await screen.findByLabelText('where')).toHaveTextContent('/profile?tab=security&twoFactorRequired=true');
      expect(screen.getByRole('status')).toHaveTextContent(accountControlMessages.twoFactorRequired);
      expect(screen.getByText('Two-factor card')).toBeInTheDocument();
      for (const page of ['dashboard', 'find tasks', 'a task', 'admin area']) expect(screen.queryByText(page)).not.toBeInTheDocument();
    },
  );

  it('stays on the Security tab once there', async () => {
    renderAt('/profile?tab=security&twoFactorRequired=true', { isAdmin: true, twoFactorEnabled: false });
    expect(await screen.findByText('Two-factor card')).toBeInTheDocument();
    expect(screen.getByLabelText('where')).toHaveTextContent('/profile?tab=security&twoFactorRequired=true');
  });
});

describe('everyone else', () => {
  it('an admin with two-factor sign-in opens the page asked for', async () => {
    renderAt('/find-tasks', { isAdmin: true, twoFactorEnabled: true });
    expect(await screen.findByText('find tasks')).toBeInTheDocument();
    renderAt('/admin', { isAdmin: true, twoFactorEnabled: true });
    expect(await screen.findByText('admin area')).toBeInTheDocument();
  });

  it('a client without two-factor sign-in opens the page asked for', async () => {
    renderAt('/dashboard', { isAdmin: false, twoFactorEnabled: false });
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
    expect(screen.getByLabelText('where')).toHaveTextContent('/dashboard');
  });
});
